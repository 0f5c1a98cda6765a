/** TypeBox pieces shared by the assessment area's routes (snake_case wire, cursor paging). */
import type { SwaggerTransform } from '@fastify/swagger';
import { type TSchema, Type } from 'typebox';
import { Ref } from '../../kernel/schema.js';
import { PAGE_LIMIT } from '../../storage/keyset-page.js';
import { OkResponse } from './wire-common.schemas.js';

/** `?limit=&cursor=`: the same page size bounds as every /v1 list. */
export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_LIMIT.max, default: PAGE_LIMIT.default, description: `Page size (max ${PAGE_LIMIT.max})` })),
  cursor: Type.Optional(Type.String({ description: 'next_cursor of the previous page' })),
};

export const IdParams = Type.Object({ id: Type.String() });
/** `{ok: true}`, the answer of a delete. */
export const Ok = Ref(OkResponse);

/** The page size with its default. */
export function limitOf(query: { limit?: number }): number {
  return query.limit ?? PAGE_LIMIT.default;
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
