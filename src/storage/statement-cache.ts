/**
 * A prepared-statement cache for better-sqlite3, placed between Kysely's SQLite driver and the
 * database. Kysely calls `prepare(sql)` for every query; preparing parses and plans the SQL
 * again each time (about a tenth of the CPU of a simple authenticated GET). Kysely compiles
 * the same query shape to the same SQL text with `?` placeholders, so the text is a good key.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';

/** How many distinct SQL texts stay prepared; the application has a few hundred shapes. */
export const DEFAULT_STATEMENT_CACHE_SIZE = 500;

/** What Kysely's `SqliteDialect` needs of a database: `prepare` and `close`. */
export interface CachingSqliteDatabase {
  prepare(sql: string): Statement;
  close(): void;
  /** Statements prepared (cache misses) since opening: for tests and diagnostics. */
  readonly preparedCount: number;
}

/**
 * Wraps `database` so that `prepare` returns a cached statement for SQL text it has seen, least
 * recently used evicted beyond `capacity`. A statement that is busy (an `iterate()` still open,
 * as in a streamed query) cannot run again until it finishes, so a fresh one is prepared for
 * that call and the busy one is left alone.
 */
export function cachingSqliteDatabase(database: SqliteDatabase, capacity = DEFAULT_STATEMENT_CACHE_SIZE): CachingSqliteDatabase {
  // A Map iterates in insertion order: re-inserting on use keeps the oldest entry first.
  const cache = new Map<string, Statement>();
  let preparedCount = 0;
  const prepareFresh = (sql: string): Statement => {
    preparedCount += 1;
    return database.prepare(sql);
  };
  return {
    prepare(sql) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      if (cached) return prepareFresh(sql);
      const statement = prepareFresh(sql);
      cache.set(sql, statement);
      if (cache.size > capacity) {
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      return statement;
    },
    close() {
      cache.clear();
      database.close();
    },
    get preparedCount() {
      return preparedCount;
    },
  };
}
