/** TypeBox pieces shared by the assessment area's routes (snake_case wire, cursor paging). */
import { Type } from 'typebox';
import { PAGE_LIMIT } from '../../storage/keyset-page.js';

/** `?limit=&cursor=`: the same page size bounds as every /v1 list. */
export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_LIMIT.max, default: PAGE_LIMIT.default, description: `Page size (max ${PAGE_LIMIT.max})` })),
  cursor: Type.Optional(Type.String({ description: 'next_cursor of the previous page' })),
};

export const IdParams = Type.Object({ id: Type.String() });
export const Ok = Type.Object({ ok: Type.Boolean() });

/** The page size with its default. */
export function limitOf(query: { limit?: number }): number {
  return query.limit ?? PAGE_LIMIT.default;
}

/** Multipart bodies are read part by part (streamed to the blob store), so they are described, not validated, here. */
export const MULTIPART_NOTE = 'multipart/form-data; files go in `files` parts and are streamed to storage with a size cap.';
