/**
 * Every item of a cursor-paged list: asks for pages of `PAGE_SIZE` and follows `X-Next-Cursor`
 * to the last one, so a page of the console shows the whole collection (the API's default page
 * is small). A refused page throws QuireApiError with the server's `{detail}`.
 */
import { unwrapResult } from '@quire/client';

export const PAGE_SIZE = 200;

export async function allPages<T>(fetchPage: (cursor: string | undefined) => Promise<{ data?: T[]; error?: unknown; response: Response }>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const result = await fetchPage(cursor);
    all.push(...unwrapResult(result));
    cursor = result.response.headers.get('x-next-cursor') ?? undefined;
  } while (cursor !== undefined);
  return all;
}
