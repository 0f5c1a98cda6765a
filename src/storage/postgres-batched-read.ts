/**
 * Reads of one shape, each for its own key, that wait at the same moment go to PostgreSQL as ONE
 * statement (issue #17: the warm GET on PostgreSQL). Every cached `GET /v1/documents/{id}` reads
 * its document's revisions, and on a loaded server several of them are waiting at once; a round
 * trip per read cost most of the CPU of such a GET (the driver, and two loopback socket calls
 * per query, each ~20–30 µs on a virtual machine). Merged, the round trip is paid once per batch.
 *
 * A read is never answered from a statement sent before it was asked: a read joins a batch that
 * has not left yet, and at most `MAX_IN_FLIGHT` batches are under way, the next one leaving as
 * soon as one comes back. So a client that wrote and then reads sees its write, as with a read of
 * its own. An idle server sends each read at once, alone: no read waits for company.
 *
 * The statement takes each key column as a `text[]` of all the batch's values, in order
 * (`unnest($1::text[], $2::text[])`), and must return those key columns in its rows, under the
 * names given: each read gets the rows whose key columns equal its own values.
 */
import type { Kysely } from 'kysely';
import { prepareOnPostgres } from './pg-prepared-statements.js';
import { hasPostgresPool, readFromPool } from './postgres-read-direct.js';
import type { Database } from './schema.js';

/** Batches under way at once per database: the pool (10 connections) stays free for the rest. */
const MAX_IN_FLIGHT = 2;
/** Keys per statement at most: a bounded array parameter and a bounded answer. */
const MAX_BATCH = 64;

/** A key's values as one string (a NUL never occurs in the text keys compared here). */
const keyOf = (values: readonly unknown[]): string => values.map(String).join('\u0000');

interface Waiting<R> {
  values: readonly string[];
  resolve: (rows: R[]) => void;
  reject: (error: unknown) => void;
}

interface Batcher<R> {
  waiting: Array<Waiting<R>>;
  inFlight: number;
}

/**
 * `read(db, values)`: the rows of `sql` for one key (one value per key column), read with the
 * other keys asked at the same moment; undefined when the caller must read alone (SQLite, or a
 * transaction handle: a transaction must see its own writes).
 */
export function batchedPostgresRead<R extends Record<string, unknown>>(sql: string, keyColumns: readonly string[]) {
  prepareOnPostgres(sql);
  const batchers = new WeakMap<Kysely<Database>, Batcher<R>>();

  const send = (db: Kysely<Database>, batcher: Batcher<R>): void => {
    const batch = batcher.waiting.splice(0, MAX_BATCH);
    // Each key once (many GETs of one document wait together), however many reads asked for it.
    const keys = new Map<string, readonly string[]>(batch.map((w) => [keyOf(w.values), w.values]));
    const columns = keyColumns.map((_, i) => [...keys.values()].map((values) => values[i]));
    batcher.inFlight += 1;
    const rows = readFromPool<R>(db, sql, columns) ?? Promise.reject(new Error('the PostgreSQL pool is no longer registered'));
    rows
      .then(
        (all) => {
          const byKey = new Map<string, R[]>();
          for (const row of all) {
            const key = keyOf(keyColumns.map((column) => row[column]));
            byKey.set(key, [...(byKey.get(key) ?? []), row]);
          }
          for (const w of batch) w.resolve(byKey.get(keyOf(w.values)) ?? []);
        },
        (error: unknown) => {
          for (const w of batch) w.reject(error);
        },
      )
      .finally(() => {
        batcher.inFlight -= 1;
        if (batcher.waiting.length > 0) send(db, batcher);
      });
  };

  const batcherOf = (db: Kysely<Database>): Batcher<R> => {
    let batcher = batchers.get(db);
    if (batcher === undefined) {
      batcher = { waiting: [], inFlight: 0 };
      batchers.set(db, batcher);
    }
    return batcher;
  };

  return function read(db: Kysely<Database>, values: readonly string[]): Promise<R[]> | undefined {
    if (!hasPostgresPool(db)) return undefined;
    const batcher = batcherOf(db);
    const rows = new Promise<R[]>((resolve, reject) => batcher.waiting.push({ values, resolve, reject }));
    if (batcher.inFlight < MAX_IN_FLIGHT) send(db, batcher);
    return rows;
  };
}
