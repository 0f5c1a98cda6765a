/**
 * Migration 0010 on a database that already has members: every existing membership becomes an
 * owner of source `local` (nobody loses anything on upgrade; the claim never removes them).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { POSTGRES_URL, describeEachDialect } from '../../../test/support/dialects.js';
import { type Store, openStore } from '../database.js';
import type { Database } from '../schema.js';
import * as m0001 from './0001-identity.js';
import * as m0010 from './0010-roles.js';

describeEachDialect('migration 0010-roles', (dialect) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => cleanup?.());

  async function open(): Promise<Store> {
    if (dialect === 'postgres') {
      const schema = `m_${randomBytes(6).toString('hex')}`;
      const store = await openStore({ dataDir: os.tmpdir(), databaseUrl: POSTGRES_URL, databaseSchema: schema });
      cleanup = async () => {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(store.db);
        await store.close();
      };
      return store;
    }
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-m0010-'));
    const store = await openStore({ dataDir, databaseUrl: undefined, databaseSchema: 'public' });
    cleanup = async () => {
      await store.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    };
    return store;
  }

  it('makes existing memberships owners of source local', async () => {
    const store = await open();
    const db = store.db as unknown as Kysely<Database>;
    await m0001.up(db as unknown as Kysely<unknown>);
    const now = new Date().toISOString();
    await db.insertInto('organizations').values({ id: 'org_a', slug: 'a', display_name: 'A', created_at: now }).execute();
    await db
      .insertInto('users')
      .values([
        { id: 'usr_1', subject: 's1', email: null, created_at: now },
        { id: 'usr_2', subject: 's2', email: null, created_at: now },
      ])
      .execute();
    // The rows as they were before the migration: no role, no source.
    await sql`insert into memberships (user_id, org_id, is_default, created_at) values ('usr_1', 'org_a', 1, ${now}), ('usr_2', 'org_a', 0, ${now})`.execute(
      db,
    );

    await m0010.up(db as unknown as Kysely<unknown>);
    const rows = await db.selectFrom('memberships').select(['user_id', 'role', 'source']).orderBy('user_id').execute();
    expect(rows).toEqual([
      { user_id: 'usr_1', role: 'owner', source: 'local' },
      { user_id: 'usr_2', role: 'owner', source: 'local' },
    ]);
  });
});
