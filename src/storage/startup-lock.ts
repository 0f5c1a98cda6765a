/**
 * One process at a time prepares a database at start-up (migrations, then the demo seed).
 * Kysely's migrator serializes the migrations themselves on PostgreSQL (an advisory lock for the
 * whole database), but not what follows them: two processes starting together on a fresh
 * database both seeded the demo organizations and one died on the unique slug. On SQLite the
 * migrator takes no lock at all, and the second process died with "database is locked". This
 * lock covers the whole preparation:
 *
 * - PostgreSQL: a session advisory lock per schema (processes on other schemas do not wait), on
 *   a connection of its own; a process that dies holding it releases it with its connection.
 * - SQLite: an exclusive transaction on a lock file beside the database (DATA_DIR/startup.lock);
 *   the operating system releases it if the process dies.
 */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import type { Store } from './database.js';

/** SQLite: how long a starting process waits for another to finish preparing the database. */
const SQLITE_WAIT_MS = 10 * 60 * 1000;

/**
 * Runs `fn` while holding the database's start-up lock, released however `fn` ends.
 * `dataDir` is where SQLite's database (and so its lock file) lives.
 */
export async function withStartupLock<T>(store: Store, dataDir: string, fn: () => Promise<T>): Promise<T> {
  if (store.dialect === 'sqlite') return withFileLock(path.join(dataDir, 'startup.lock'), fn);
  const key = `quire start-up ${store.schema ?? 'public'}`;
  return store.db.connection().execute(async (connection) => {
    // No timeout: the process holding it is migrating (or dies, and releases it).
    await sql`select pg_advisory_lock(hashtext(${key}))`.execute(connection);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}

async function withFileLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const lock = new BetterSqlite3(file);
  try {
    // Synchronous wait (better-sqlite3): acceptable while the process is still starting.
    lock.pragma(`busy_timeout = ${SQLITE_WAIT_MS}`);
    lock.exec('begin exclusive');
    try {
      return await fn();
    } finally {
      lock.exec('commit');
    }
  } finally {
    lock.close();
  }
}
