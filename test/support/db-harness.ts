/**
 * The middle test tier's database: a fresh, migrated store per test file — SQLite in a temp
 * directory, or PostgreSQL in a schema of its own (dropped afterwards; never `public`) — and
 * command contexts acting in an organization with a fixed, hand-moved clock.
 *
 *   describeEachDialect('createSection', (dialect) => {
 *     const h = useDbHarness(dialect);
 *     it('…', async () => { const org = await buildOrg(h.db); const ctx = h.contextFor(org); … });
 *   });
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { OrgActor } from '../../src/kernel/actor.js';
import type { Clock } from '../../src/kernel/clock.js';
import { type CommandContext, createContext } from '../../src/modules/context.js';
import { openStore } from '../../src/storage/database.js';
import type { DialectName } from '../../src/storage/dialect.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import type { Database } from '../../src/storage/schema.js';
import { POSTGRES_URL } from './dialects.js';
import { type TestOrg, actorFor } from './factories.js';

export const FIXED_NOW = '2026-03-14T09:30:00.000Z';

/** A clock that only moves when told to. */
export class FixedClock implements Clock {
  private current: Date;
  constructor(iso = FIXED_NOW) {
    this.current = new Date(iso);
  }
  now(): Date {
    return new Date(this.current);
  }
  set(iso: string): void {
    this.current = new Date(iso);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface DbHarness {
  readonly db: Kysely<Database>;
  readonly dialect: DialectName;
  readonly clock: FixedClock;
  /** A context acting in `org` (as `actor` overrides say) over the harness database and clock. */
  contextFor(org: TestOrg, actor?: Partial<OrgActor>): CommandContext;
}

interface OpenDatabase {
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** Opens a fresh, migrated database of the dialect. */
export async function openTestDatabase(dialect: DialectName): Promise<OpenDatabase> {
  if (dialect === 'postgres') {
    if (!POSTGRES_URL) throw new Error('TEST_POSTGRES_URL is not set');
    const schema = `h_${randomBytes(6).toString('hex')}`;
    const store = await openStore({ dataDir: os.tmpdir(), databaseUrl: POSTGRES_URL, databaseSchema: schema });
    await migrateToLatest(store.db, schema);
    return {
      db: store.db,
      close: async () => {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(store.db);
        await store.close();
      },
    };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-db-'));
  const store = await openStore({ dataDir, databaseUrl: undefined, databaseSchema: 'public' });
  await migrateToLatest(store.db);
  return {
    db: store.db,
    close: async () => {
      await store.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers hooks: a database per describe block, the clock back at FIXED_NOW before each test. */
export function useDbHarness(dialect: DialectName): DbHarness {
  let open: OpenDatabase | undefined;
  const clock = new FixedClock();
  beforeAll(async () => {
    open = await openTestDatabase(dialect);
  });
  beforeEach(() => {
    clock.set(FIXED_NOW);
  });
  afterAll(async () => {
    await open?.close();
  });
  const db = (): Kysely<Database> => {
    if (!open) throw new Error('the test database is not open yet: use the harness inside tests or hooks');
    return open.db;
  };
  return {
    dialect,
    clock,
    get db() {
      return db();
    },
    contextFor: (org, actor = {}) => createContext(db(), actorFor(org, actor), clock),
  };
}
