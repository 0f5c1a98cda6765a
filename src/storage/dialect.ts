/**
 * The only place that knows which SQL dialect is in use. Repositories ask it for the few
 * things that differ (counts come back as strings on PostgreSQL, booleans as integers).
 */
import { type Kysely, PostgresAdapter, type RawBuilder, type SelectQueryBuilder, SqliteAdapter } from 'kysely';
import { jsonArrayFrom as postgresJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

/** Booleans are stored as 0/1 on both dialects. */
export function toDbBool(value: boolean): number {
  return value ? 1 : 0;
}

export function fromDbBool(value: number | boolean | null | undefined): boolean {
  return value === true || value === 1;
}

/** `count(*)` is a number on SQLite and a string (bigint) on PostgreSQL. */
export function toCount(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** Unique-constraint violations, recognized on both dialects so commands can answer 409/422. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Foreign-key violations on both dialects: a write to a child whose parent was deleted meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** PostgreSQL's "try again": a serialization failure or a deadlock between two transactions. */
export function isRetryableConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '40001' || code === '40P01';
}

/**
 * Which dialect a database handle (or a transaction of it) speaks, from its adapter: the store
 * knows it when it opens, but a repository only holds the Kysely handle. `getExecutor()` is
 * Kysely's own way to reach the adapter (its plugins use it); it is marked internal, hence one
 * place that calls it.
 *
 * @throws Error for a dialect Quire does not run on.
 */
export function dialectOf(db: Kysely<Database>): DialectName {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  throw new Error('unsupported SQL dialect');
}

/**
 * The rows of `query` as one JSON array value (`[]` when there are none), in the query's order:
 * a child list read in the same statement as its parent. SQLite builds it with
 * `json_group_array(json_object(…))` and needs the subquery's columns named one by one (no
 * `selectAll()`); PostgreSQL with `json_agg`. Read the value back with `rowsOfJsonArray`.
 */
export function jsonArrayFrom<O>(db: Kysely<Database>, query: SelectQueryBuilder<Database, keyof Database, O>): RawBuilder<unknown> {
  return dialectOf(db) === 'postgres' ? postgresJsonArrayFrom(query) : sqliteJsonArrayFrom(query);
}

/**
 * A `jsonArrayFrom` value as rows: SQLite hands the array back as JSON text, the pg driver as
 * parsed values. Every column the helpers aggregate is text or integer, which JSON carries
 * exactly (a string stays the same string, an integer the same number), so the rows equal those
 * a plain select returns.
 */
export function rowsOfJsonArray<R>(value: unknown): R[] {
  const rows: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(rows)) throw new Error('expected a JSON array of rows');
  return rows as R[];
}
