/**
 * Named prepared statements on PostgreSQL for the few hot queries built once (reusable-query.ts),
 * placed between Kysely's PostgreSQL driver and the pg pool, as statement-cache.ts is for SQLite.
 *
 * Kysely sends every query unnamed, so PostgreSQL parses, analyses and plans it on every call.
 * For the document detail's one statement (four JSON subqueries) that was ~0.2 ms of the
 * server's CPU per `GET /v1/documents/{id}` after its first call (EXPLAIN: planning 0.18 ms,
 * execution 0.18 ms), on a machine where the database shares the cores with the service. A named
 * statement is parsed once per connection; PostgreSQL then plans it per call or reuses a generic
 * plan, by its own rule (`plan_cache_mode`).
 *
 * Only SQL texts registered here are named, so the set of statements a connection keeps is
 * bounded by the code (one per `reusableQuery` per dialect), never by the data.
 */
import type { Pool, PoolClient, QueryResult } from 'pg';

const names = new Map<string, string>();

/** Marks `sql` (PostgreSQL text) to run as a named prepared statement. Idempotent. */
export function prepareOnPostgres(sql: string): void {
  if (!names.has(sql)) names.set(sql, `quire_prepared_${names.size + 1}`);
}

/**
 * PostgreSQL refuses to run a prepared statement whose result columns changed since it was
 * prepared (a migration of another process added a column to a `table.*`): "cached plan must
 * not change result type", SQLSTATE 0A000. That connection then runs the text unnamed.
 */
function isStalePlan(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '0A000';
}

/** What Kysely's `PostgresDialect` needs of a pool: `connect` and `end`. */
export interface PreparingPool {
  connect(): Promise<PoolClient>;
  end(): Promise<void>;
}

const stale = new WeakMap<PoolClient, Set<string>>();

async function runPrepared(client: PoolClient, name: string, text: string, values: unknown[] | undefined): Promise<QueryResult> {
  try {
    return await client.query({ name, text, values });
  } catch (error) {
    if (!isStalePlan(error)) throw error;
    const refused = stale.get(client) ?? new Set<string>();
    refused.add(name);
    stale.set(client, refused);
    return client.query(text, values);
  }
}

/**
 * Runs `text` on `client` (a connection of the pg pool itself, not a wrapper): as its named
 * statement when the text is registered and this connection has not refused it, else unnamed.
 */
export function queryOn(client: PoolClient, text: string, values: unknown[] | undefined): Promise<QueryResult> {
  const name = names.get(text);
  if (name === undefined || stale.get(client)?.has(name)) return client.query(text, values);
  return runPrepared(client, name, text, values);
}

function preparing(client: PoolClient): PoolClient {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const wrapped = Object.create(client) as PoolClient;
  // Kysely calls query(text, values) for queries and query(cursor) for streams, which must get
  // the cursor back synchronously: only a text goes through queryOn (whose named path is async).
  (wrapped as unknown as { query: (text: unknown, values?: unknown[]) => unknown }).query = (text: unknown, values?: unknown[]) => {
    if (typeof text !== 'string') return values === undefined ? query(text) : query(text, values);
    return queryOn(client, text, values);
  };
  wrapped.release = (destroy?: boolean | Error) => client.release(destroy);
  return wrapped;
}

/**
 * One wrapper per pooled connection, so that Kysely (which keeps its connection object per
 * client it is handed) sees the same client each time the pool lends that connection.
 */
const wrappers = new WeakMap<PoolClient, PoolClient>();

/** Wraps `pool` so that registered statements run prepared on each of its connections. */
export function preparingPool(pool: Pool): PreparingPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapped = wrappers.get(client);
      if (!wrapped) {
        wrapped = preparing(client);
        wrappers.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}
