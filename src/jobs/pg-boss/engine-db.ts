/**
 * pg-boss over our own connection pool: its `Db` (one `executeSql`) backed by a Kysely handle.
 * Given the top-level handle, pg-boss shares the store's pool (no second pool per process);
 * given a transaction, its insert joins the caller's transaction (a run and its job commit
 * together). Also the engine's names: its schema beside the store's, and job ids.
 */
import { createHash } from 'node:crypto';
import { CompiledQuery, type QueryResult } from 'kysely';
import type PgBoss from 'pg-boss';

/**
 * The schema pg-boss lives in: derived from the store's, so each store (each test server's own
 * schema) has its own engine and dropping a store can drop its jobs too.
 */
export function jobEngineSchemaOf(storeSchema: string): string {
  return `${storeSchema}_pgboss`;
}

/** A pg-boss database executor over a Kysely handle (the pool or an open transaction). */
/** Any Kysely handle: the top-level one or a transaction. */
export interface QueryRunner {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

export function engineDbOf(db: QueryRunner): PgBoss.Db {
  return {
    // Parameterless text goes as a simple query: pg-boss installs its schema with several statements in one.
    executeSql: async (text: string, values?: unknown[]) => db.executeQuery(CompiledQuery.raw(text, values ?? [])),
  };
}

/**
 * pg-boss ids are uuids; ours are readable and deterministic (`generate:<document>:<run>`). The
 * engine id is a name-based uuid of ours, so sending the same id twice meets pg-boss's primary
 * key and is not queued twice (de-duplication by our id, across processes).
 */
export function engineIdOf(jobId: string): string {
  const hex = createHash('sha256').update(`quire-job:${jobId}`).digest('hex');
  // RFC 9562 version 8 (custom) with the RFC variant bits.
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
