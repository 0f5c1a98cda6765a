import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeStampOf } from './change-stamp.js';
import { type Store, openStore } from './database.js';
import type { Database } from './schema.js';

const execFileAsync = promisify(execFile);

let dataDir: string;
let store: Store;
/** The test's own table, outside the schema's types. */
const notes = (db: Kysely<Database>) => db as unknown as Kysely<{ notes: { id: number; body: string } }>;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'quire-change-stamp-'));
  store = await openStore({ dataDir, databaseUrl: undefined, databaseSchema: 'public' });
  await sql`create table notes (id integer primary key, body text not null)`.execute(store.db);
});
afterEach(async () => {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

const file = () => path.join(dataDir, 'quire.db');

describe('changeStampOf (SQLite)', () => {
  it('stays the same while only reads happen, on this connection or another', async () => {
    const first = await changeStampOf(store.db);
    await notes(store.db).selectFrom('notes').selectAll().execute();
    const other = new BetterSqlite3(file());
    other.prepare('select count(*) from notes').get();
    other.close();
    expect(first).toMatch(/^\d+ \d+$/);
    expect(await changeStampOf(store.db)).toBe(first);
  });

  it('changes after a write of this connection, an INSERT … RETURNING (a statement that returns rows) included', async () => {
    const first = await changeStampOf(store.db);
    await notes(store.db).insertInto('notes').values({ id: 1, body: 'a' }).execute();
    const afterInsert = await changeStampOf(store.db);
    expect(afterInsert).not.toBe(first);
    const returned = await notes(store.db).insertInto('notes').values({ id: 2, body: 'b' }).returning('id').execute();
    expect(returned).toEqual([{ id: 2 }]);
    expect(await changeStampOf(store.db)).not.toBe(afterInsert);
  });

  it("changes after another connection's commit, and after another process's", async () => {
    const first = await changeStampOf(store.db);
    const other = new BetterSqlite3(file());
    other.prepare('insert into notes (id, body) values (1, ?)').run('by another connection');
    other.close();
    const afterConnection = await changeStampOf(store.db);
    expect(afterConnection).not.toBe(first);
    const program = `const db = new (require('better-sqlite3'))(process.argv[1]);
      db.prepare('insert into notes (id, body) values (2, ?)').run('by another process'); db.close();`;
    await execFileAsync(process.execPath, ['-e', program, file()], { cwd: process.cwd() });
    expect(await changeStampOf(store.db)).not.toBe(afterConnection);
  });

  it('gives none inside a transaction (a snapshot of its own) or for a database it was not registered with', async () => {
    await store.db.transaction().execute(async (trx) => {
      expect(await changeStampOf(trx)).toBeUndefined();
    });
    const unregistered = await openStore({ dataDir, databaseUrl: undefined, databaseSchema: 'public' });
    try {
      // A second store registers its own handle: the first's stamp is not its.
      expect(await changeStampOf(unregistered.db)).toMatch(/^\d+ \d+$/);
      expect(await changeStampOf(store.db.withoutPlugins())).toBeUndefined();
    } finally {
      await unregistered.close();
    }
  });

  it('callers that ask in the same turn share one statement, and each gets a stamp read after it asked', async () => {
    const statements: string[] = [];
    const observed = await openStore({ dataDir, databaseUrl: undefined, databaseSchema: 'public' }, { onQuery: (text) => statements.push(text) });
    try {
      const before = await changeStampOf(observed.db);
      statements.length = 0;
      const together = await Promise.all(Array.from({ length: 10 }, () => changeStampOf(observed.db)));
      expect(statements).toEqual(['pragma data_version']);
      expect(new Set(together)).toEqual(new Set([before]));

      // Asked, then another connection commits before the shared read starts: the caller sees it.
      const asked = changeStampOf(observed.db);
      const other = new BetterSqlite3(file());
      other.prepare('insert into notes (id, body) values (3, ?)').run('committed after the ask, before the read');
      other.close();
      expect(await asked).not.toBe(before);
    } finally {
      await observed.close();
    }
  });

  it('a caller that asks after the shared read started waits for a read of its own, and sees what was committed in between', async () => {
    const first = changeStampOf(store.db);
    const firstValue = await first;
    // The first read has run; a commit now must show in the next caller's stamp.
    const other = new BetterSqlite3(file());
    other.prepare('insert into notes (id, body) values (4, ?)').run('after the first read');
    other.close();
    const second = changeStampOf(store.db);
    expect(second).not.toBe(first);
    expect(await second).not.toBe(firstValue);
  });
});
