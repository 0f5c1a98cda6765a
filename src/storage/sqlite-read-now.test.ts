/**
 * A reusable query on SQLite reads at once beside Kysely only while no transaction is open, so
 * it never sees another request's uncommitted writes; it tells the store's query observer; and
 * it never runs a statement that writes.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildDocument, buildOrg } from '../../test/support/factories.js';
import { useObservedStore } from '../../test/support/observed-store.js';
import { reusableQuery } from './reusable-query.js';
import { readNow } from './sqlite-read-now.js';

describe('reads at once on SQLite', () => {
  const sqlite = useObservedStore('sqlite', 'read-now');
  const titleOf = reusableQuery(['id'], (db, { id }) => db.selectFrom('documents').select('title').where('id', '=', id));

  it('answers a select outside a transaction at once, and tells the query observer', async () => {
    const org = await buildOrg(sqlite.store.db);
    const document = await buildDocument(sqlite.store.db, { orgId: org.id, title: 'Committed' });
    sqlite.queries.length = 0;
    const rows = readNow<{ title: string }>(sqlite.store.db, 'select title from documents where id = ?', [document.id]);
    expect(rows).toEqual([{ title: 'Committed' }]);
    expect(sqlite.queries).toEqual(['select title from documents where id = ?']);
  });

  it('steps aside while a transaction is open: a read then waits for it and never sees its uncommitted write', async () => {
    const org = await buildOrg(sqlite.store.db);
    const document = await buildDocument(sqlite.store.db, { orgId: org.id, title: 'Before' });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (written = resolve));
    const transaction = sqlite.store.db.transaction().execute(async (trx) => {
      await trx.updateTable('documents').set({ title: 'Rolled back' }).where('id', '=', document.id).execute();
      written();
      await held;
      throw new Error('roll back');
    });
    await inside;
    expect(readNow(sqlite.store.db, 'select title from documents where id = ?', [document.id])).toBeUndefined();
    const read = titleOf(sqlite.store.db, { id: document.id });
    release();
    await expect(transaction).rejects.toThrow('roll back');
    expect(await read).toEqual([{ title: 'Before' }]);
  });

  it('never runs a statement that returns no rows', async () => {
    const org = await buildOrg(sqlite.store.db);
    const document = await buildDocument(sqlite.store.db, { orgId: org.id, title: 'Unchanged' });
    expect(readNow(sqlite.store.db, 'update documents set title = ? where id = ?', ['Changed', document.id])).toBeUndefined();
    const { rows } = await sql<{ title: string }>`select title from documents where id = ${document.id}`.execute(sqlite.store.db);
    expect(rows).toEqual([{ title: 'Unchanged' }]);
  });

  it('leaves a transaction handle to Kysely', async () => {
    const org = await buildOrg(sqlite.store.db);
    const document = await buildDocument(sqlite.store.db, { orgId: org.id, title: 'In a transaction' });
    await sqlite.store.db.transaction().execute(async (trx) => {
      expect(readNow(trx, 'select title from documents where id = ?', [document.id])).toBeUndefined();
      expect(await titleOf(trx, { id: document.id })).toEqual([{ title: 'In a transaction' }]);
    });
  });
});
