/**
 * A migrated PostgreSQL store of one test file, in a schema of its own, with the text of every
 * query it runs collected (tests that count round trips). The schema is dropped after the file.
 * Call inside a `describe` that runs only when PostgreSQL is configured.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { type Store, openStore } from '../../src/storage/database.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { POSTGRES_URL } from './dialects.js';

export interface ObservedPostgresStore {
  /** The store (opened before the file's first test). */
  readonly store: Store;
  /** The SQL of every query run since the store opened; tests empty it to count from a point. */
  readonly queries: string[];
}

export function useObservedPostgresStore(schemaPrefix: string): ObservedPostgresStore {
  const schema = `${schemaPrefix}_${randomBytes(6).toString('hex')}`;
  const queries: string[] = [];
  let opened: Store | undefined;
  beforeAll(async () => {
    opened = await openStore({ dataDir: os.tmpdir(), databaseUrl: POSTGRES_URL, databaseSchema: schema }, { onQuery: (text) => queries.push(text) });
    await migrateToLatest(opened.db, schema);
  });
  afterAll(async () => {
    if (!opened) return;
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(opened.db);
    await opened.close();
  });
  return {
    get store() {
      if (!opened) throw new Error('the store opens before the first test');
      return opened;
    },
    queries,
  };
}
