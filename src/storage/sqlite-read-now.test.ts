/**
 * A reusable query on SQLite reads at once beside Kysely only while no transaction is open, so
 * it never sees another request's uncommitted writes; it tells the store's query observer; and
 * it never runs a statement that writes.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocument, buildOrg } from '../../test/support/factories.js';
import { type Store, openStore } from './database.js';
import { migrateToLatest } from './migrate.js';
import { reusableQuery } from './reusable-query.js';
import { readNow } from './sqlite-read-now.js';

describe('reads at once on SQLite', () => {
  let store: Store;
  let dataDir: string;
  const observed: string[] = [];
  const titleOf = reusableQuery(['id'], (db, { id }) => db.selectFrom('documents').select('title').where('id', '=', id));

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-read-now-'));
    store = await openStore({ dataDir, databaseUrl: undefined, databaseSchema: 'public' }, { onQuery: (text) => observed.push(text) });
    await migrateToLatest(store.db);
  });
  afterAll(async () => {
    await store.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('answers a select outside a transaction at once, and tells the query observer', async () => {
    const org = await buildOrg(store.db);
    const document = await buildDocument(store.db, { orgId: org.id, title: 'Committed' });
    observed.length = 0;
    const rows = readNow<{ title: string }>(store.db, 'select title from documents where id = ?', [document.id]);
    expect(rows).toEqual([{ title: 'Committed' }]);
    expect(observed).toEqual(['select title from documents where id = ?']);
  });

  it('steps aside while a transaction is open: a read then waits for it and never sees its uncommitted write', async () => {
    const org = await buildOrg(store.db);
    const document = await buildDocument(store.db, { orgId: org.id, title: 'Before' });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (written = resolve));
    const transaction = store.db.transaction().execute(async (trx) => {
      await trx.updateTable('documents').set({ title: 'Rolled back' }).where('id', '=', document.id).execute();
      written();
      await held;
      throw new Error('roll back');
    });
    await inside;
    expect(readNow(store.db, 'select title from documents where id = ?', [document.id])).toBeUndefined();
    const read = titleOf(store.db, { id: document.id });
    release();
    await expect(transaction).rejects.toThrow('roll back');
    expect(await read).toEqual([{ title: 'Before' }]);
  });

  it('never runs a statement that returns no rows', async () => {
    const org = await buildOrg(store.db);
    const document = await buildDocument(store.db, { orgId: org.id, title: 'Unchanged' });
    expect(readNow(store.db, 'update documents set title = ? where id = ?', ['Changed', document.id])).toBeUndefined();
    const { rows } = await sql<{ title: string }>`select title from documents where id = ${document.id}`.execute(store.db);
    expect(rows).toEqual([{ title: 'Unchanged' }]);
  });

  it('leaves a transaction handle to Kysely', async () => {
    const org = await buildOrg(store.db);
    const document = await buildDocument(store.db, { orgId: org.id, title: 'In a transaction' });
    await store.db.transaction().execute(async (trx) => {
      expect(readNow(trx, 'select title from documents where id = ?', [document.id])).toBeUndefined();
      expect(await titleOf(trx, { id: document.id })).toEqual([{ title: 'In a transaction' }]);
    });
  });
});
