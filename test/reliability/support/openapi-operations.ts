/**
 * The operations of the served contract (`/openapi.json`, the whole-service document), flattened
 * for the reliability suites: method, path template, path/query parameters and the request body
 * schema with every `$ref` resolved. Reading the contract (not a hand-written list) is what makes
 * "every operation" true: an operation added tomorrow is fuzzed and probed without a test change.
 */

export type JsonSchema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body schema, when the operation takes one. */
  jsonBody?: JsonSchema;
  /** The multipart body schema, when the operation takes files. */
  multipartBody?: JsonSchema;
  bodyRequired: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Resolves `#/components/schemas/X` references (recursively; cycles stop at depth 12). */
export function resolveSchema(doc: JsonSchema, schema: unknown, depth = 0): JsonSchema {
  if (!schema || typeof schema !== 'object') return {};
  if (depth > 12) return {};
  const node = schema as JsonSchema;
  if (typeof node.$ref === 'string') {
    const name = node.$ref.replace('#/components/schemas/', '');
    const components = (doc.components as { schemas: Record<string, JsonSchema> }).schemas;
    return resolveSchema(doc, components[name], depth + 1);
  }
  const out: JsonSchema = { ...node };
  if (node.properties) {
    out.properties = Object.fromEntries(Object.entries(node.properties as Record<string, unknown>).map(([k, v]) => [k, resolveSchema(doc, v, depth + 1)]));
  }
  if (node.items) out.items = resolveSchema(doc, node.items, depth + 1);
  if (node.additionalProperties && typeof node.additionalProperties === 'object')
    out.additionalProperties = resolveSchema(doc, node.additionalProperties, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(node[key])) out[key] = (node[key] as unknown[]).map((s) => resolveSchema(doc, s, depth + 1));
  }
  return out;
}

export function listOperations(doc: JsonSchema): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, JsonSchema>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const parameters = ((op.parameters ?? []) as Array<JsonSchema>).map((p) => ({
        name: p.name as string,
        in: p.in as Parameter['in'],
        required: Boolean(p.required),
        schema: resolveSchema(doc, p.schema),
      }));
      const body = op.requestBody as { required?: boolean; content?: Record<string, { schema: unknown }> } | undefined;
      const json = body?.content?.['application/json']?.schema;
      const multipart = body?.content?.['multipart/form-data']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: (op.operationId as string | undefined) ?? `${method} ${path}`,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        jsonBody: json ? resolveSchema(doc, json) : undefined,
        multipartBody: multipart ? resolveSchema(doc, multipart) : undefined,
        bodyRequired: Boolean(body?.required),
      });
    }
  }
  return operations;
}

/**
 * Where a path parameter's real ids come from: most names are unique (`document_id`), but `{id}`
 * means an assessment under `/assessments`, an upload under `/documents`, and so on, so the key
 * is the first path segment plus the name.
 */
export function poolKey(path: string, param: string): string {
  if (param !== 'id') return param;
  return `${path.split('/')[1]}:id`;
}

/**
 * A path value percent-encoded. A lone surrogate has no UTF-8 form (`encodeURIComponent` throws):
 * it is sent as the bytes a careless client would send, its WTF-8 encoding — invalid UTF-8.
 */
export function encodePathValue(value: string): string {
  return value
    .replace(/[\uD800-\uDFFF]/g, (unit) => {
      const code = unit.charCodeAt(0);
      return `\u0001${[0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')}\u0001`;
    })
    .split('\u0001')
    .map((part, i) => (i % 2 === 1 ? part : encodeURIComponent(part)))
    .join('');
}

/** The path with its parameters filled in (each value percent-encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodePathValue(values[name] ?? ''));
}
