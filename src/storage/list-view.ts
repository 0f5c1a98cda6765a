/**
 * How a person views a library-style list: in which order (`sort`) and narrowed to a name
 * (`q`). Every order is a keyset order (a sort column, then the row id, in one direction), so
 * paging stays correct whatever the sort; `q` is a case-insensitive "contains" on the list's name
 * columns, the same on SQLite and PostgreSQL (`lower(column) like lower(text)` with `%`, `_` and the
 * escape character taken literally). Decision: docs/adr/0681-list-sort-and-name-filter.md.
 */
import { type SelectQueryBuilder, sql } from 'kysely';
import { type KeysetOrder, type Page, type PageRequest, keysetPage } from './keyset-page.js';

/** The orders a list offers: newest/oldest created, most recently changed, or by name (A–Z). */
export const LIST_SORTS = ['newest', 'oldest', 'updated', 'name'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

export interface ListView {
  /** Absent: the list's own default order (unchanged for existing clients). */
  sort?: ListSort;
  /** Trimmed, not blank: only rows whose name columns contain it, in any case. */
  q?: string;
}

/** What a list's view needs to know about its table. */
export interface ListViewColumns<Row> {
  /** The column `sort=name` orders by (not nullable, so the keyset stays total). */
  name: string;
  /** The columns `q` looks in (any of them may contain the text). */
  search: readonly string[];
  /** The order when `sort` is absent. */
  fallback: KeysetOrder<Row>;
}

/** Escapes `!`, `%` and `_` so the text is matched literally (`escape '!'`). */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

function orderOf<Row>(sort: ListSort | undefined, columns: ListViewColumns<Row>): KeysetOrder<Row> {
  if (sort === undefined) return columns.fallback;
  const column = { newest: 'created_at', oldest: 'created_at', updated: 'updated_at', name: columns.name }[sort];
  // Every table with a view has an `id` and these string columns; the rows are as selected (`selectAll`).
  const read = (row: Row, name: string) => String((row as Record<string, unknown>)[name]);
  return {
    sort: column,
    sortType: 'string',
    id: 'id',
    direction: sort === 'oldest' || sort === 'name' ? 'asc' : 'desc',
    keyOf: (row) => [read(row, column), read(row, 'id')],
  };
}

/** One page of `query` (already scoped to the organization) in the view's order, narrowed by its `q`. */
export function viewPage<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  columns: ListViewColumns<Row>,
  view: ListView,
  page: PageRequest,
): Promise<Page<Row>> {
  let narrowed = query;
  if (view.q !== undefined && columns.search.length > 0) {
    const pattern = likePattern(view.q);
    const matches = columns.search.map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '!'`);
    narrowed = narrowed.where(sql<boolean>`(${sql.join(matches, sql` or `)})`);
  }
  return keysetPage(narrowed, orderOf(view.sort, columns), page);
}
