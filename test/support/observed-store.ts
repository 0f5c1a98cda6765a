/**
 * A migrated store of one test file, with the text of every query it runs collected (tests that
 * count statements or read their plans): SQLite in a fresh data directory, or PostgreSQL in a
 * schema of its own. Removed after the file. For PostgreSQL, call inside a `describe` that runs
 * only when PostgreSQL is configured.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { type Store, openStore } from '../../src/storage/database.js';
import type { DialectName } from '../../src/storage/dialect.js';
import { migrateToLatest, migrateUpTo } from '../../src/storage/migrate.js';
import { POSTGRES_URL } from './dialects.js';

export interface ObservedStore {
  /** The store (opened before the file's first test). */
  readonly store: Store;
  /** The SQL of every query run since the store opened; tests empty it to count from a point. */
  readonly queries: string[];
}

/** `upTo`: migrate only that far (a database as an older release left it); latest by default. */
export function useObservedStore(dialect: DialectName, namePrefix: string, options: { upTo?: string } = {}): ObservedStore {
  const schema = `${namePrefix}_${randomBytes(6).toString('hex')}`;
  const queries: string[] = [];
  let opened: Store | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `quire-${namePrefix}-`));
    const postgres = dialect === 'postgres';
    opened = await openStore(
      { dataDir, databaseUrl: postgres ? POSTGRES_URL : undefined, databaseSchema: postgres ? schema : 'public' },
      { onQuery: (text) => queries.push(text) },
    );
    if (options.upTo === undefined) await migrateToLatest(opened.db, postgres ? schema : null);
    else await migrateUpTo(opened.db, options.upTo, postgres ? schema : null);
  });
  afterAll(async () => {
    if (opened) {
      if (dialect === 'postgres') await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(opened.db);
      await opened.close();
    }
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });
  return {
    get store() {
      if (!opened) throw new Error('the store opens before the first test');
      return opened;
    },
    queries,
  };
}
