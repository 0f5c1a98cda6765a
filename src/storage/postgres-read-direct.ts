/**
 * A read on PostgreSQL sent straight to the pg pool, beside Kysely, for the few hot selects
 * built once (reusable-query.ts; issue #17: the warm GET). What Kysely adds around a query here —
 * its executor, connection provider and driver, each a layer of promises — was work on every
 * cached `GET /v1/documents/{id}` for a query that is one round trip either way.
 *
 * Why it is the same read: Kysely runs a query of the top-level handle on a connection it borrows
 * from this pool, outside any transaction, and gives it back; so does this. A transaction has a
 * connection of its own, and a transaction handle (`trx`) is never registered here, so a read
 * inside one always goes through Kysely and sees the transaction's writes. Only selects come
 * here (the caller says so), so nothing is ever written beside Kysely. The statement is the
 * named prepared one, as through Kysely (pg-prepared-statements.ts).
 */
import type { Kysely } from 'kysely';
import type { Pool } from 'pg';
import { queryOn } from './pg-prepared-statements.js';
import type { Database } from './schema.js';

interface PoolEntry {
  pool: Pool;
  /** The store's query observer (tests count queries through it): told of these reads too. */
  onQuery: ((sql: string) => void) | undefined;
}

const pools = new WeakMap<Kysely<Database>, PoolEntry>();

/** Called by the store when it opens PostgreSQL: `db`'s selects may run through `readFromPool`. */
export function registerPostgresPool(db: Kysely<Database>, entry: PoolEntry): void {
  pools.set(db, entry);
}

async function read<R>(entry: PoolEntry, sql: string, parameters: unknown[]): Promise<R[]> {
  const client = await entry.pool.connect();
  try {
    return (await queryOn(client, sql, parameters)).rows as R[];
  } finally {
    client.release();
    entry.onQuery?.(sql);
  }
}

/** Whether `db` is the top-level handle of a PostgreSQL store (not a transaction, not SQLite). */
export function hasPostgresPool(db: Kysely<Database>): boolean {
  return pools.has(db);
}

/**
 * The rows of `sql` (a select) with `parameters`, read on a pooled connection; undefined when
 * the caller must ask Kysely instead (SQLite, or a transaction handle).
 */
export function readFromPool<R>(db: Kysely<Database>, sql: string, parameters: readonly unknown[]): Promise<R[]> | undefined {
  const entry = pools.get(db);
  if (entry === undefined) return undefined;
  return read<R>(entry, sql, [...parameters]);
}
