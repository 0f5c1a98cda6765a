/**
 * A reusable select on PostgreSQL goes straight to the pool for the top-level handle, as a named
 * prepared statement, and tells the store's query observer; a transaction handle is left to
 * Kysely, so a read inside a transaction sees its writes and a read outside never does.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { POSTGRES_URL } from '../../test/support/dialects.js';
import { buildDocument, buildOrg } from '../../test/support/factories.js';
import { useObservedStore } from '../../test/support/observed-store.js';
import { readFromPool } from './postgres-read-direct.js';
import { reusableQuery } from './reusable-query.js';

const suite = POSTGRES_URL ? describe : describe.skip;

suite('reads straight from the pool on PostgreSQL [postgres]', () => {
  const postgres = useObservedStore('postgres', 'direct');
  const titleOf = reusableQuery(['id'], (db, { id }) => db.selectFrom('documents').select('title').where('id', '=', id));


  it('answers a select of the top-level handle on a pooled connection, prepared, and tells the query observer', async () => {
    const org = await buildOrg(postgres.store.db);
    const document = await buildDocument(postgres.store.db, { orgId: org.id, title: 'Committed' });
    expect(await readFromPool(postgres.store.db, 'select 1 as n', [])).toEqual([{ n: 1 }]);
    postgres.queries.length = 0;
    expect(await titleOf(postgres.store.db, { id: document.id })).toEqual([{ title: 'Committed' }]);
    expect(postgres.queries).toHaveLength(1);
    expect(postgres.queries[0]).toMatch(/^select "title" from "documents"/);
    // pg's pool lends the connection released last: the next query runs where the select did.
    const prepared = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like 'select "title" from "documents"%'`.execute(postgres.store.db);
    expect(prepared.rows).toEqual([{ n: 1 }]);
  });

  it('leaves a transaction handle to Kysely: inside, the read sees the transaction\'s write; outside, only what is committed', async () => {
    const org = await buildOrg(postgres.store.db);
    const document = await buildDocument(postgres.store.db, { orgId: org.id, title: 'Before' });
    const seen = await postgres.store.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('documents').set({ title: 'Rolled back' }).where('id', '=', document.id).execute();
        expect(readFromPool(trx, 'select 1', [])).toBeUndefined();
        const inside = await titleOf(trx, { id: document.id });
        const outside = await titleOf(postgres.store.db, { id: document.id });
        throw Object.assign(new Error('roll back'), { seen: { inside, outside } });
      })
      .catch((error: { seen?: unknown }) => error.seen);
    expect(seen).toEqual({ inside: [{ title: 'Rolled back' }], outside: [{ title: 'Before' }] });
    expect(await titleOf(postgres.store.db, { id: document.id })).toEqual([{ title: 'Before' }]);
  });

  it('gives the connection back to the pool when the query fails', async () => {
    const failing = reusableQuery(['id'], (db, { id }) => db.selectFrom('documents').select(sql<number>`1 / 0`.as('n')).where('id', '=', id));
    const org = await buildOrg(postgres.store.db);
    const document = await buildDocument(postgres.store.db, { orgId: org.id });
    // More failures than the pool has connections (10): a connection kept by a failure would stall the rest.
    for (let attempt = 0; attempt < 12; attempt += 1) await expect(failing(postgres.store.db, { id: document.id })).rejects.toThrow(/division by zero/);
    expect(await titleOf(postgres.store.db, { id: document.id })).toHaveLength(1);
  });
});
