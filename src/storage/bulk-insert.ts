/**
 * Multi-row inserts whose SQL is built once per shape. Kysely builds a query tree node for
 * every value and compiles the tree again on every call: for the 3,400 items of a 170-page PDF
 * (seven 500-row statements of 28 columns) that was more CPU than SQLite spent running them
 * (issue #17). The SQL of a `rows`-row insert into a table's columns depends only on the
 * dialect, the table, the column list and the row count, so it is compiled once (by Kysely,
 * from placeholder rows) and only the values are bound afterwards.
 */
import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import { dialectOf } from './dialect.js';
import type { Database } from './schema.js';

/**
 * Compiled insert SQL by dialect, table, columns and row count, least recently used dropped
 * beyond `MAX_INSERT_SHAPES`: the full-size statement repeats for every large insert, while a last,
 * shorter statement can have any of several hundred row counts (a 500-row insert's SQL is
 * ~40 KB), which need not all be kept.
 */
const compiled = new Map<string, string>();
export const MAX_INSERT_SHAPES = 32;

/** Every row must have the same keys, in the same order (rows made by one `toRow`). */
function columnsOf(rows: readonly object[]): string[] {
  const columns = Object.keys(rows[0]);
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length || keys.some((key, i) => key !== columns[i]))
      throw new Error('insertRows: every row must have the same columns in the same order');
  }
  return columns;
}

/**
 * The SQL of inserting `rowCount` rows of `columns`, with its placeholders in row-major order
 * (row 1's columns, then row 2's…). Checked once when built: Kysely is given a distinct marker
 * per value and must list them in exactly that order, or the shape is refused.
 */
function insertSql(db: Kysely<Database>, table: keyof Database, columns: readonly string[], rowCount: number): string {
  const key = `${dialectOf(db)}\u0000${table}\u0000${columns.join(',')}\u0000${rowCount}`;
  const known = compiled.get(key);
  if (known !== undefined) {
    compiled.delete(key);
    compiled.set(key, known);
    return known;
  }
  const marker = (row: number, column: number) => `\u0000bulk-insert:${row}:${column}`;
  const placeholderRows = Array.from({ length: rowCount }, (_, r) => Object.fromEntries(columns.map((c, i) => [c, marker(r, i)])));
  const query = db
    .insertInto(table)
    .values(placeholderRows as never)
    .compile();
  const expected = placeholderRows.flatMap((_, r) => columns.map((__, i) => marker(r, i)));
  if (query.parameters.length !== expected.length || query.parameters.some((p, i) => p !== expected[i]))
    throw new Error(`insertRows: unexpected parameter order for ${table}`);
  compiled.set(key, query.sql);
  if (compiled.size > MAX_INSERT_SHAPES) compiled.delete(compiled.keys().next().value as string);
  return query.sql;
}

/**
 * Inserts `rows` into `table`, `perStatement` rows per statement (keep it under the dialect's
 * bound-parameter limit). Same rows, same statements' effect as `insertInto(table).values(...)`.
 */
export async function insertRows<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
  perStatement: number,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = columnsOf(rows as readonly object[]);
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement) as ReadonlyArray<Record<string, unknown>>;
    const parameters: unknown[] = new Array<unknown>(chunk.length * columns.length);
    let p = 0;
    let absent = false;
    for (const row of chunk) {
      for (const column of columns) {
        const value = row[column];
        absent ||= value === undefined;
        parameters[p++] = value;
      }
    }
    // An undefined value is Kysely's to handle (it leaves the column to its default).
    if (absent)
      await db
        .insertInto(table)
        .values(chunk as never)
        .execute();
    else await db.executeQuery(CompiledQuery.raw(insertSql(db, table, columns, chunk.length), parameters));
  }
}

/** How many insert statements are kept compiled (tests). */
export function compiledInsertCount(): number {
  return compiled.size;
}
