/**
 * SQLite: a stamp that stays the same only while nothing at all was committed to the database
 * (issue 29, item 1; docs/adr/0381-cached-get-change-stamp.md). Two stamps read on the application's
 * connection are equal only if, between the two reads, no other connection (another process, the
 * sqlite3 shell, a second handle in this process) committed anything and this connection ran no
 * statement that may write. A reader that checked something right after reading a stamp may take
 * it as still true while the stamp is the same.
 *
 * - Other connections: `PRAGMA data_version`, run through Kysely like every query. SQLite changes
 *   it on this connection when it sees, as the statement opens its read transaction, that another
 *   connection committed since its previous value; its own commits leave it alone.
 * - This connection: the count of statements that may write handed out by the statement cache
 *   (statement-cache.ts; every Kysely statement passes there), read before the pragma.
 *
 * Exact, with no time in it: nothing is assumed unchanged for a while. PostgreSQL has no such
 * counter, and a transaction's handle would read its own snapshot: both get no stamp.
 *
 * Callers that ask in the same turn of the event loop share one read, started after the last of
 * them asked (docs/adr/0751-one-stamp-read-per-turn.md): every caller still gets a stamp read after
 * it asked, so sharing hides nothing, and ten GETs arriving together cost one statement, not ten.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { CachingSqliteDatabase } from './statement-cache.js';

/** The application's SQLite handles (not transactions: those are other Kysely instances) and their connection's write count. */
const connections = new WeakMap<Kysely<Database>, Pick<CachingSqliteDatabase, 'writeCount'>>();

/** Compiled once: the text has no values, and Kysely runs a compiled query as it is. */
const DATA_VERSION = CompiledQuery.raw('pragma data_version');

/** Called by the store that opens `db` over `connection` (database.ts). */
export function registerChangeStamp(db: Kysely<Database>, connection: Pick<CachingSqliteDatabase, 'writeCount'>): void {
  connections.set(db, connection);
}

/** Per handle, the read asked for in this turn and not started yet: whoever asks before it starts shares it. */
const notStarted = new WeakMap<Kysely<Database>, Promise<string | undefined>>();

/**
 * The database's change stamp as seen through `db`, or undefined when it has none (PostgreSQL,
 * a transaction). Read it BEFORE what it is to vouch for.
 */
export function changeStampOf(db: Kysely<Database>): Promise<string | undefined> {
  const connection = connections.get(db);
  if (connection === undefined) return Promise.resolve(undefined);
  const shared = notStarted.get(db);
  if (shared !== undefined) return shared;
  // setImmediate runs after the requests this turn parsed have asked; the entry goes before the
  // read starts, so a caller that asks once it has started waits for the next one.
  const read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
    notStarted.delete(db);
    return readStamp(db, connection);
  });
  notStarted.set(db, read);
  return read;
}

async function readStamp(db: Kysely<Database>, connection: Pick<CachingSqliteDatabase, 'writeCount'>): Promise<string | undefined> {
  // This connection's count first: a write of ours landing while the pragma waits makes the
  // stamp older than the state, never newer (a later stamp then differs).
  const writes = connection.writeCount;
  const { rows } = await db.executeQuery<{ data_version: number }>(DATA_VERSION);
  const version = rows[0]?.data_version;
  return version === undefined ? undefined : `${version} ${writes}`;
}
