/**
 * Operations whose body keys are all optional accept no body: a request without one (no body at
 * all, or `content-type: application/json` with zero bytes) is answered as if `{}` was sent.
 * One mechanism for every route, decided from the route's own body schema, so a new route of
 * that kind needs nothing: the runtime side (`installOptionalBodies`) and the OpenAPI side
 * (`markOptionalRequestBodies`, `requestBody.required: false`) share `bodyIsOptional`.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions, preValidationHookHandler } from 'fastify';

type Schema = Record<string, unknown>;

/** True when the body schema is an object none of whose keys is required. `$ref`s resolve by name. */
export function bodyIsOptional(schema: unknown, resolve: (ref: string) => unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const s = schema as Schema;
  if (typeof s.$ref === 'string') return bodyIsOptional(resolve(s.$ref), resolve);
  if (s.type !== 'object') return false;
  return !Array.isArray(s.required) || s.required.length === 0;
}

/** A body never sent counts as `{}` (a body that is sent is validated as usual). */
const absentBodyIsEmpty: preValidationHookHandler = async (request: FastifyRequest) => {
  if (request.body === undefined || request.body === null) request.body = {};
};

/**
 * Installs the JSON parser that lets an empty body through as "no body", and the hook that turns
 * "no body" into `{}` on every route whose body is all optional. Call before routes are added.
 */
export function installOptionalBodies(app: FastifyInstance, namedSchemas: Array<{ $id?: string }>): void {
  const byId = new Map(namedSchemas.filter((s) => s.$id).map((s) => [s.$id as string, s]));
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Zero bytes is "no body"; routes that need one still refuse it in validation (422).
    if (body === '') return done(null, undefined);
    return parseJson(request, String(body), done);
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const body = (route.schema as Schema | undefined)?.body;
    if (!bodyIsOptional(body, (ref) => byId.get(ref.replace(/^#\/components\/schemas\//, '')))) return;
    const existing = route.preValidation;
    route.preValidation = [absentBodyIsEmpty, ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing])];
  });
}

type OpenApiOperation = { requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> } };

/** OpenAPI side: such request bodies are `required: false` (swagger marks every body required). */
export function markOptionalRequestBodies(document: { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } }): void {
  const components = document.components?.schemas ?? {};
  const resolve = (ref: string) => components[ref.replace(/^#\/components\/schemas\//, '')];
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, OpenApiOperation>)) {
      const body = operation.requestBody;
      const json = body?.content?.['application/json']?.schema;
      if (body && json && bodyIsOptional(json, resolve)) body.required = false;
    }
  }
}
