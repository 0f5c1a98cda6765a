/**
 * Opens the store: SQLite (better-sqlite3, WAL, foreign keys on, busy timeout) under DATA_DIR by
 * default, PostgreSQL when DATABASE_URL is a postgres:// URL. Both behind one Kysely type.
 * SQLite statements are prepared once per SQL text (statement-cache.ts). Every query goes
 * through Kysely (docs/adr/0261-one-way-to-read.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { type DialectAdapter, Kysely, type KyselyConfig, type LogEvent, PostgresDialect, SqliteAdapter, SqliteDialect, sql } from 'kysely';
import { registerChangeStamp } from './change-stamp.js';
import type { DialectName } from './dialect.js';
import { StatementNames, prepareStatementsOn } from './prepared-statements.js';
import type { Database } from './schema.js';
import { cachingSqliteDatabase } from './statement-cache.js';

export interface StoreOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string;
  /** PostgreSQL: named statements a connection may hold (prepared-statements.ts); 0 or absent: none. */
  databasePreparedStatements?: number;
}

/** Observers a test attaches to a store; none in production (Kysely then skips its logging). */
export interface StoreObservers {
  /** Called with the SQL of every query the store runs, after it ran. */
  onQuery?: (sql: string) => void;
}

export interface Store {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL: the schema every table lives in (null on SQLite). */
  schema: string | null;
  /** One round trip; false when the database does not answer. */
  ping(): Promise<boolean>;
  /**
   * Tells `listener` of each pooled connection that broke (the server ended it: a restart, a
   * failover). The pool drops it and opens a new one on the next query; no listener is needed
   * for that, this is for the log.
   */
  onConnectionLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

function storeOf(db: Kysely<Database>, dialect: DialectName, schema: string | null = null, lost: ConnectionLossListeners = new Set()): Store {
  return {
    db,
    dialect,
    schema,
    ping: () =>
      sql`select 1`.execute(db).then(
        () => true,
        () => false,
      ),
    onConnectionLost: (listener) => void lost.add(listener),
    close: () => db.destroy(),
  };
}

type ConnectionLossListeners = Set<(error: Error) => void>;

/** Opens (and for SQLite creates) the database. Migrations are run separately by `migrate`. */
export async function openStore(options: StoreOptions, observers: StoreObservers = {}): Promise<Store> {
  const { onQuery } = observers;
  const log = onQuery ? { log: (event: LogEvent) => onQuery(event.query.sql) } : {};
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.databaseSchema, log, options.databasePreparedStatements ?? 0);
  return openSqlite(path.join(options.dataDir, 'quire.db'), log);
}

type KyselyLog = Pick<KyselyConfig, 'log'>;

/** How long a new PostgreSQL connection may take before the query waiting for it fails. */
const CONNECT_TIMEOUT_MS = 10_000;

function openSqlite(file: string, log: KyselyLog): Store {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  const connection = cachingSqliteDatabase(database);
  const db = new Kysely<Database>({ dialect: new TransactionalDdlSqliteDialect({ database: connection }), ...log });
  registerChangeStamp(db, connection);
  return storeOf(db, 'sqlite');
}

async function openPostgres(url: string, schema: string, log: KyselyLog, preparedStatements: number): Promise<Store> {
  // Loaded only for PostgreSQL: the default SQLite service never holds the driver.
  const { default: pg } = await import('pg');
  // pg returns bigint counts as strings; dialect.toCount() normalizes them.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: `-c search_path=${schema}`,
    // A failover that leaves no server to refuse the connect would otherwise hang the query
    // forever: it fails instead (a 503), and a dead peer of an open connection is noticed.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // A connection the server ends (57P01 at a restart) emits 'error': the pool relays it for an
  // idle one, the client itself for one lent out (its query failed a moment before, and the
  // socket's end follows). With no listener Node takes either for an unhandled error and ends
  // the process. The pool drops such a client when it is released (it is no longer queryable).
  const lost: ConnectionLossListeners = new Set();
  const report = (error: Error) => {
    for (const listener of lost) listener(error);
  };
  const names = new StatementNames();
  pool.on('connect', (client) => {
    client.on('error', report);
    if (preparedStatements > 0) prepareStatementsOn(client, names, preparedStatements);
  });
  // The same error of an idle client, relayed: already reported by the client's own listener.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...log });
  if (schema !== 'public') await createSchema(db, schema);
  return storeOf(db, 'postgres', schema, lost);
}

/**
 * `create schema if not exists` is not safe against itself: two processes starting together may
 * both try to create it, and the loser fails on the catalog's unique index. The schema then
 * exists, which is all that was asked.
 */
async function createSchema(db: Kysely<Database>, schema: string): Promise<void> {
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  } catch (error) {
    const exists = await sql<{ n: number }>`select 1 as n from information_schema.schemata where schema_name = ${schema}`.execute(db);
    if (exists.rows.length === 0) throw error;
  }
}

/**
 * SQLite runs DDL inside transactions perfectly well; Kysely's adapter just says it does not.
 * Saying so lets the migrator wrap each migration in a transaction, so a failed one leaves
 * nothing half-applied.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
