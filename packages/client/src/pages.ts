/**
 * The one generic walker of the API's lists: every paged list, in `/v1` and in the assessment
 * area, names its next page in the `X-Next-Cursor` header (and `Link: <…>; rel="next"`), whatever
 * the body's shape (a bare array, or a named wrapper such as `riskBlocks` or `assessments`). Give
 * it the call of one page for a cursor; it yields each page's body until the last.
 *
 * ```ts
 * for await (const texts of walkPages((cursor) => client.v1.GET('/v1/texts', { params: { query: { cursor } } }))) …
 * ```
 */
import { unwrap } from './unwrap.js';

/** What an openapi-fetch call answers (or any call that keeps its `Response`). */
export interface PageResult<Page> {
  data?: Page;
  error?: unknown;
  response: Response;
}

/** The cursor of the page after `response`, or undefined on the last page. */
export function nextCursorOf(response: Response): string | undefined {
  return response.headers.get('x-next-cursor') ?? undefined;
}

export async function* walkPages<Page>(fetchPage: (cursor: string | undefined) => Promise<PageResult<Page>>): AsyncGenerator<Page> {
  let cursor: string | undefined;
  const seen = new Set<string>();
  do {
    const result = await fetchPage(cursor);
    yield unwrap(result);
    cursor = nextCursorOf(result.response);
    // A server that named the same page twice would loop forever: stop, loudly.
    if (cursor !== undefined && seen.has(cursor)) throw new Error(`the list named the page ${cursor} twice`);
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor !== undefined);
}
