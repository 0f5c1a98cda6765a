/**
 * Rules every operation of the finished OpenAPI document follows, applied once to the whole
 * document instead of remembered route by route (docs/adr/0631-contract-generators-read.md):
 * - an operation that takes a body declares 413 (over the size limit) and 415 (a media type it
 *   does not read), both `{detail: string}`, because the framework serves them to any such route;
 * - (an operation that answers bytes keeps its typed JSON errors: the generators the contract is
 *   checked with decode the success as bytes and an error as JSON, docs/adr/0771-binary-answers-typed-errors.md);
 * - a paged list (a `cursor` query parameter) declares the `Link` / `X-Next-Cursor` headers of
 *   its 200 (docs/adr/0632-one-way-to-page.md).
 */
type Json = Record<string, unknown>;
type Response = { description?: string; content?: Record<string, { schema?: Json }>; headers?: Json };
type Operation = { requestBody?: unknown; responses?: Record<string, Response>; parameters?: Array<{ in?: string; name?: string }> };

const ERROR_MESSAGE = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorMessage' } } };

const BODY_ERRORS: Record<string, string> = {
  '413': 'The body is larger than the limit (BODY_LIMIT_BYTES for JSON, UPLOAD_MAX_BYTES for files); nothing was changed',
  '415': 'The body is in a media type this operation does not read (see its request body)',
};

export const PAGE_HEADERS = {
  'X-Next-Cursor': { description: 'Cursor of the next page (pass as `cursor`); absent on the last page', schema: { type: 'string' } },
  Link: { description: 'RFC 8288 `<…>; rel="next"` link to the next page; absent on the last page', schema: { type: 'string' } },
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

function operationsOf(document: { paths?: Record<string, unknown> }): Operation[] {
  const operations: Operation[] = [];
  for (const item of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) if (HTTP_METHODS.has(method)) operations.push(operation);
  }
  return operations;
}

export function completeOperationContracts(document: { paths?: Record<string, unknown> }): void {
  for (const operation of operationsOf(document)) {
    const responses = (operation.responses ??= {});
    if (operation.requestBody !== undefined) {
      for (const [status, description] of Object.entries(BODY_ERRORS)) responses[status] ??= { description, content: ERROR_MESSAGE };
    }
    if ((operation.parameters ?? []).some((p) => p.in === 'query' && p.name === 'cursor')) {
      const ok = responses['200'];
      if (ok) ok.headers = { ...PAGE_HEADERS, ...(ok.headers ?? {}) };
    }
  }
}
