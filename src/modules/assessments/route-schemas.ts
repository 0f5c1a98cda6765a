/** TypeBox pieces shared by the assessment area's routes (snake_case wire, cursor paging). */
import type { SwaggerTransform } from '@fastify/swagger';
import { type TSchema, Type } from 'typebox';
import { Ref } from '../../kernel/schema.js';
import { OkResponse } from './wire-common.schemas.js';

/** `?limit=&cursor=`: at most 200 per page, 50 by default. */
export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'Page size (max 200)' })),
  cursor: Type.Optional(Type.String({ description: 'next_cursor of the previous page' })),
};

export const IdParams = Type.Object({ id: Type.String() });
/** `{ok: true}`, the answer of a delete. */
export const Ok = Ref(OkResponse);

/** The page size with its default. */
export function limitOf(query: { limit?: number }): number {
  return query.limit ?? 50;
}

/** Multipart bodies are read part by part (streamed to the blob store), so they are described, not validated, here. */
export const MULTIPART_NOTE = 'multipart/form-data; files go in `files` parts and are streamed to storage with a size cap.';

/** One or more uploaded files, as OpenAPI describes a repeated binary form field. */
export const FileParts = Type.Array(Type.String({ format: 'binary' }), { description: 'The files, one part each (repeat the `files` field)' });

/**
 * A route config that documents a `multipart/form-data` body (and optionally a JSON one) in
 * OpenAPI only. The upload handlers stream the parts themselves, so the body must never reach
 * Fastify's validator: the schema is added to the route's OpenAPI copy by @fastify/swagger's
 * per-route `swaggerTransform`, never to the route's own `schema.body`.
 */
export function multipartDocs(form: TSchema, json?: TSchema): { swaggerTransform: SwaggerTransform } {
  const content: Record<string, { schema: TSchema }> = { 'multipart/form-data': { schema: form } };
  if (json) content['application/json'] = { schema: json };
  return { swaggerTransform: ({ schema, url }) => ({ schema: { ...schema, body: { content } }, url }) };
}

/**
 * For POST routes whose body is all optional: a request without a body counts as `{}` (the
 * validator would otherwise refuse `undefined` as "not an object"). A body that is sent is
 * validated as usual.
 */
export async function absentBodyIsEmpty(request: { body: unknown }): Promise<void> {
  if (request.body === undefined) request.body = {};
}
