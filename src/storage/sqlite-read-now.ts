/**
 * The registry of this process's SQLite connection, for two things Kysely does not offer: the
 * count of its writes (`localWrites`, at the end), and a read run at once on the connection,
 * beside Kysely, when that is the same as Kysely running it (issue #17: the warm GET).
 * better-sqlite3 runs a statement synchronously; Kysely's SQLite driver queues every query
 * behind a connection mutex and a chain of promises, which cost a cached
 * `GET /v1/documents/{id}` about 30 µs of its ~140 µs of CPU for a revision read that SQLite
 * answers in ~4 µs.
 *
 * Why the mutex can be skipped here: SQLite has one connection per process. Kysely holds the
 * mutex across the awaits of a transaction, so that no other query runs inside it; a read run
 * synchronously while NO transaction is open on the connection (`inTransaction` false) cannot
 * interleave with any other statement (JavaScript runs one thing at a time) and reads exactly
 * the committed state a Kysely query would. While a transaction is open the caller falls back
 * to Kysely, which waits for it. A Kysely transaction handle (`trx`) is never registered here,
 * so a read through one always goes through Kysely; and only statements that return rows (a
 * `select`) are run, so nothing is ever written beside Kysely.
 */
import type { Kysely } from 'kysely';
import type { CachingSqliteDatabase } from './statement-cache.js';
import type { Database } from './schema.js';

interface Connection {
  statements: CachingSqliteDatabase;
  /** Whether a transaction is open on the connection (better-sqlite3's `inTransaction`). */
  inTransaction(): boolean;
  /** The store's query observer (tests count queries through it): told of these reads too. */
  onQuery: ((sql: string) => void) | undefined;
}

const connections = new WeakMap<Kysely<Database>, Connection>();

/** Called by the store when it opens SQLite: `db`'s reads may run through `readNow`. */
export function registerSqliteConnection(db: Kysely<Database>, connection: Connection): void {
  connections.set(db, connection);
}

/**
 * The rows of `sql` (a select) with `parameters`, read now; undefined when the caller must ask
 * Kysely instead: PostgreSQL, a transaction handle, a transaction open on the connection, or a
 * statement that returns no rows.
 */
export function readNow<R>(db: Kysely<Database>, sql: string, parameters: readonly unknown[]): R[] | undefined {
  const connection = connections.get(db);
  if (connection === undefined || connection.inTransaction()) return undefined;
  const statement = connection.statements.prepare(sql);
  if (!statement.reader) return undefined;
  connection.onQuery?.(sql);
  return statement.all(...parameters) as R[];
}

/**
 * How many statements that may write this process has run on `db`'s SQLite connection: when it
 * is unchanged, nothing this process did can have changed the database in between (a caller
 * remembering what it read may skip reading it again). Undefined when the count says nothing:
 * PostgreSQL (other nodes write the same database) or a transaction handle. Another process on
 * the same SQLite file is not counted: a caller must bound how long it trusts the count alone.
 */
export function localWrites(db: Kysely<Database>): number | undefined {
  return connections.get(db)?.statements.writes;
}
