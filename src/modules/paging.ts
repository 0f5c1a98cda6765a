/**
 * The wire side of cursor paging, shared by every `/v1` list route: the `?limit=&cursor=` query,
 * and how a page is answered. Lists the contract names as a bare array stay a bare array and
 * carry the next cursor in `X-Next-Cursor` and an RFC 8288 `Link: <…>; rel="next"` header; the
 * contract's named wrappers (`riskBlocks`, `fields`, `synthesizedContexts`) keep a `nextCursor`
 * key beside their list and get the same headers (http/plugins/page-headers.ts). (Decisions in
 * docs/adr/0072-cursor-paging.md and docs/adr/0632-one-way-to-page.md.)
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';
import { PAGE_LIMIT, type Page, type PageRequest } from '../storage/keyset-page.js';

export const PageQueryProperties = {
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: PAGE_LIMIT.max,
      default: PAGE_LIMIT.default,
      description: `Page size (default ${PAGE_LIMIT.default}, at most ${PAGE_LIMIT.max}; more is refused with 422)`,
    }),
  ),
  cursor: Type.Optional(Type.String({ description: 'The next cursor of the previous page (opaque); absent for the first page' })),
};

/** `?limit=&cursor=` of a list route. */
export const PageQuery = Type.Object(PageQueryProperties);

/** The page a list route was asked for. */
export function pageOf(query: { limit?: number; cursor?: string }): PageRequest {
  return { limit: query.limit ?? PAGE_LIMIT.default, cursor: query.cursor };
}

const PAGE_HEADERS = {
  'X-Next-Cursor': { type: 'string', description: 'Cursor of the next page; absent on the last page' },
  Link: { type: 'string', description: 'RFC 8288 `<…>; rel="next"` link to the next page; absent on the last page' },
};

/** A bare-array 200 response with the paging headers declared (OpenAPI response headers). */
export function PagedArray<T extends TSchema>(items: T, options: Record<string, unknown> = {}) {
  return { ...Type.Array(items, options), headers: PAGE_HEADERS } as unknown as ReturnType<typeof Type.Array<T>>;
}

/** `nextCursor` beside a named wrapper's list. */
export const NextCursor = Type.Union([Type.Null(), Type.String()], { description: 'Cursor of the next page (pass as `cursor`); null on the last page' });

/** Answers a bare-array page: the items as the body, the next cursor in the headers. */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextCursor !== null) setNextPageHeaders(request, reply, page.nextCursor);
  return page.items;
}

/** Names the next page in `X-Next-Cursor` and `Link: <…>; rel="next"` (every paged list, bare or wrapped). */
export function setNextPageHeaders(request: FastifyRequest, reply: FastifyReply, nextCursor: string): void {
  const next = new URL(request.url, 'http://placeholder');
  next.searchParams.set('cursor', nextCursor);
  reply.header('x-next-cursor', nextCursor);
  reply.header('link', `<${next.pathname}${next.search}>; rel="next"`);
}
