/**
 * A reusable select on PostgreSQL goes straight to the pool for the top-level handle, as a named
 * prepared statement, and tells the store's query observer; a transaction handle is left to
 * Kysely, so a read inside a transaction sees its writes and a read outside never does.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL } from '../../test/support/dialects.js';
import { buildDocument, buildOrg } from '../../test/support/factories.js';
import { type Store, openStore } from './database.js';
import { migrateToLatest } from './migrate.js';
import { readFromPool } from './postgres-read-direct.js';
import { reusableQuery } from './reusable-query.js';

const suite = POSTGRES_URL ? describe : describe.skip;

suite('reads straight from the pool on PostgreSQL [postgres]', () => {
  let store: Store;
  const schema = `direct_${randomBytes(6).toString('hex')}`;
  const observed: string[] = [];
  const titleOf = reusableQuery(['id'], (db, { id }) => db.selectFrom('documents').select('title').where('id', '=', id));

  beforeAll(async () => {
    store = await openStore({ dataDir: os.tmpdir(), databaseUrl: POSTGRES_URL, databaseSchema: schema }, { onQuery: (text) => observed.push(text) });
    await migrateToLatest(store.db, schema);
  });
  afterAll(async () => {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(store.db);
    await store.close();
  });

  it('answers a select of the top-level handle on a pooled connection, prepared, and tells the query observer', async () => {
    const org = await buildOrg(store.db);
    const document = await buildDocument(store.db, { orgId: org.id, title: 'Committed' });
    expect(await readFromPool(store.db, 'select 1 as n', [])).toEqual([{ n: 1 }]);
    observed.length = 0;
    expect(await titleOf(store.db, { id: document.id })).toEqual([{ title: 'Committed' }]);
    expect(observed).toHaveLength(1);
    expect(observed[0]).toMatch(/^select "title" from "documents"/);
    // pg's pool lends the connection released last: the next query runs where the select did.
    const prepared = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like 'select "title" from "documents"%'`.execute(store.db);
    expect(prepared.rows).toEqual([{ n: 1 }]);
  });

  it('leaves a transaction handle to Kysely: inside, the read sees the transaction\'s write; outside, only what is committed', async () => {
    const org = await buildOrg(store.db);
    const document = await buildDocument(store.db, { orgId: org.id, title: 'Before' });
    const seen = await store.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('documents').set({ title: 'Rolled back' }).where('id', '=', document.id).execute();
        expect(readFromPool(trx, 'select 1', [])).toBeUndefined();
        const inside = await titleOf(trx, { id: document.id });
        const outside = await titleOf(store.db, { id: document.id });
        throw Object.assign(new Error('roll back'), { seen: { inside, outside } });
      })
      .catch((error: { seen?: unknown }) => error.seen);
    expect(seen).toEqual({ inside: [{ title: 'Rolled back' }], outside: [{ title: 'Before' }] });
    expect(await titleOf(store.db, { id: document.id })).toEqual([{ title: 'Before' }]);
  });

  it('gives the connection back to the pool when the query fails', async () => {
    const failing = reusableQuery(['id'], (db, { id }) => db.selectFrom('documents').select(sql<number>`1 / 0`.as('n')).where('id', '=', id));
    const org = await buildOrg(store.db);
    const document = await buildDocument(store.db, { orgId: org.id });
    // More failures than the pool has connections (10): a connection kept by a failure would stall the rest.
    for (let attempt = 0; attempt < 12; attempt += 1) await expect(failing(store.db, { id: document.id })).rejects.toThrow(/division by zero/);
    expect(await titleOf(store.db, { id: document.id })).toHaveLength(1);
  });
});
