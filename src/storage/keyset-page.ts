/**
 * Cursor paging for every list, done in the database with keyset queries (never by slicing a
 * whole list in memory). A page is ordered by a sort column and then the row id, both in the
 * same direction; the cursor is base64url of `[sortKey, id]` of the page's last row, so it is
 * opaque to clients, stable under inserts (a new row lands before or after the cursor, never
 * shifts a page) and carries no organization: the query it continues is always scoped to the
 * caller's organization, so a cursor taken elsewhere can only position, never reveal, rows.
 */
import { type SelectQueryBuilder, sql } from 'kysely';
import { DomainValidationError } from '../kernel/errors.js';

/** Page size bounds shared by every list (the assessment area's too). */
export const PAGE_LIMIT = { default: 50, max: 200 } as const;

export interface PageRequest {
  limit: number;
  cursor?: string;
}

export interface Page<T> {
  items: T[];
  /** null on the last page. */
  nextCursor: string | null;
}

type Key = string | number;

/** How a list is ordered: the sort column (with its JS type) and the id column that breaks ties. */
export interface KeysetOrder<Row> {
  sort: string;
  sortType: 'string' | 'number';
  id: string;
  direction: 'asc' | 'desc';
  /** The `[sortKey, id]` of a row, as selected. */
  keyOf: (row: Row) => [Key, string];
}

export function encodeCursor(sortKey: Key, id: string): string {
  return Buffer.from(JSON.stringify([sortKey, id]), 'utf8').toString('base64url');
}

/**
 * @throws DomainValidationError (422) when the cursor is not one this service wrote for such a
 *   list, so a bad value never reaches the database as a wrongly typed comparison.
 */
export function decodeCursor(cursor: string, sortType: 'string' | 'number'): [Key, string] {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new DomainValidationError('malformed cursor: pass the nextCursor of a previous page unchanged');
  }
  const [key, id] = Array.isArray(parsed) && parsed.length === 2 ? (parsed as unknown[]) : [];
  const keyOk = sortType === 'number' ? typeof key === 'number' && Number.isFinite(key) : typeof key === 'string';
  if (!keyOk || typeof id !== 'string') throw new DomainValidationError('malformed cursor: pass the nextCursor of a previous page unchanged');
  return [key as Key, id];
}

/** One page of `query` (already scoped to the organization and filtered) in keyset order. */
export async function keysetPage<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  order: KeysetOrder<Row>,
  page: PageRequest,
): Promise<Page<Row>> {
  let scoped = query;
  if (page.cursor !== undefined) {
    const [key, id] = decodeCursor(page.cursor, order.sortType);
    const after = sql.raw(order.direction === 'asc' ? '>' : '<');
    const from = sql.raw(order.direction === 'asc' ? '>=' : '<=');
    const sort = sql.ref(order.sort);
    // "After (key, id)" written as a range on the sort key and a filter within it: SQLite reads the
    // index from the cursor on and stops at the page's end. The same condition as `sort > key or
    // (sort = key and id > id)`, which SQLite runs as two index reads whose union it sorts: every
    // later row, so a page in the middle of 100k cost in proportion to the rows after it (ADR 0661).
    scoped = scoped.where(sql<boolean>`(${sort} ${from} ${key} and (${sort} ${after} ${key} or ${sql.ref(order.id)} ${after} ${id}))`);
  }
  const rows = (await scoped
    .orderBy(sql.ref(order.sort), order.direction)
    .orderBy(sql.ref(order.id), order.direction)
    .limit(page.limit + 1)
    .execute()) as Row[];
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > page.limit && last ? encodeCursor(...order.keyOf(last)) : null };
}

/** The same page with its items mapped (records, presenters). */
export async function mapPage<T, U>(page: Promise<Page<T>> | Page<T>, fn: (item: T) => U | Promise<U>): Promise<Page<U>> {
  const resolved = await page;
  const items: U[] = [];
  for (const item of resolved.items) items.push(await fn(item));
  return { items, nextCursor: resolved.nextCursor };
}
