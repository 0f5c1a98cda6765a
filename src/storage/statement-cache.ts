/**
 * A prepared-statement cache for better-sqlite3, placed between Kysely's SQLite driver and the
 * database. Kysely calls `prepare(sql)` for every query; preparing parses and plans the SQL
 * again each time (about a tenth of the CPU of a simple authenticated GET). Kysely compiles
 * the same query shape to the same SQL text with `?` placeholders, so the text is a good key.
 *
 * It also counts the statements it hands out that may write (SQLite's own `readonly` flag, false
 * for an INSERT … RETURNING too): with `PRAGMA data_version`, which sees only OTHER connections'
 * commits, that count tells whether the database may have changed (change-stamp.ts).
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';

/** How many distinct SQL texts stay prepared; the application has a few hundred shapes. */
export const DEFAULT_STATEMENT_CACHE_SIZE = 500;

/** What Kysely's `SqliteDialect` needs of a database: `prepare` and `close`. */
export interface CachingSqliteDatabase {
  prepare(sql: string): Statement;
  close(): void;
  readonly inTransaction: boolean;
  /** Statements prepared (cache misses) since opening: for tests and diagnostics. */
  readonly preparedCount: number;
  /** Statements handed out since opening that may write (counted before they run, so a failed one counts too). */
  readonly writeCount: number;
}

interface Prepared {
  statement: Statement;
  /** Whether running it may change the database (not `readonly`); fixed for a statement's life. */
  writes: boolean;
}

/**
 * Wraps `database` so that `prepare` returns a cached statement for SQL text it has seen, least
 * recently used evicted beyond `capacity`. A statement that is busy (an `iterate()` still open,
 * as in a streamed query) cannot run again until it finishes, so a fresh one is prepared for
 * that call and the busy one is left alone.
 */
export function cachingSqliteDatabase(database: SqliteDatabase, capacity = DEFAULT_STATEMENT_CACHE_SIZE): CachingSqliteDatabase {
  // A Map iterates in insertion order: re-inserting on use keeps the oldest entry first.
  const cache = new Map<string, Prepared>();
  let preparedCount = 0;
  let writeCount = 0;
  const prepareFresh = (sql: string): Prepared => {
    preparedCount += 1;
    const statement = database.prepare(sql);
    return { statement, writes: !statement.readonly };
  };
  const handOut = (prepared: Prepared): Statement => {
    if (prepared.writes) writeCount += 1;
    return prepared.statement;
  };
  return {
    prepare(sql) {
      const cached = cache.get(sql);
      if (cached && !cached.statement.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return handOut(cached);
      }
      if (cached) return handOut(prepareFresh(sql));
      const prepared = prepareFresh(sql);
      cache.set(sql, prepared);
      if (cache.size > capacity) {
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      return handOut(prepared);
    },
    close() {
      cache.clear();
      database.close();
    },
    get inTransaction() {
      return database.inTransaction;
    },
    get preparedCount() {
      return preparedCount;
    },
    get writeCount() {
      return writeCount;
    },
  };
}
