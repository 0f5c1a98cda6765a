import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { cachingSqliteDatabase } from './statement-cache.js';

interface TestDb {
  item: { id: number; name: string };
}

const opened: Array<{ close(): void }> = [];
afterEach(() => {
  for (const database of opened.splice(0)) database.close();
});

function openMemory(capacity?: number) {
  const raw = new BetterSqlite3(':memory:');
  raw.exec('create table item (id integer primary key, name text not null)');
  const database = cachingSqliteDatabase(raw, capacity);
  opened.push(database);
  return database;
}

describe('cachingSqliteDatabase', () => {
  it('prepares the SQL of a repeated Kysely query once and still answers each call with its own parameters', async () => {
    const database = openMemory();
    const db = new Kysely<TestDb>({ dialect: new SqliteDialect({ database }) });
    for (let id = 1; id <= 50; id += 1)
      await db
        .insertInto('item')
        .values({ id, name: `item ${id}` })
        .execute();
    const before = database.preparedCount;
    const names: string[] = [];
    for (let id = 1; id <= 50; id += 1) {
      const row = await db.selectFrom('item').select('name').where('id', '=', id).executeTakeFirstOrThrow();
      names.push(row.name);
    }
    expect(database.preparedCount - before).toBe(1);
    expect(names[0]).toBe('item 1');
    expect(names[49]).toBe('item 50');
    // The 50 inserts shared one statement too (one for the create table is not counted: raw exec).
    expect(before).toBe(1);
  });

  it('never hands out a statement whose iterator is still open', () => {
    const database = openMemory();
    database.prepare('insert into item (id, name) values (?, ?)').run([1, 'a']);
    database.prepare('insert into item (id, name) values (?, ?)').run([2, 'b']);
    const sql = 'select name from item order by id';
    const first = database.prepare(sql);
    const iterator = first.iterate([]);
    expect(iterator.next().value).toEqual({ name: 'a' });
    const second = database.prepare(sql);
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(iterator.next().value).toEqual({ name: 'b' });
    expect(iterator.next().done).toBe(true);
    // Once the iterator has finished, the cached statement is reused again.
    expect(database.prepare(sql)).toBe(first);
  });

  it('evicts the least recently used statement beyond its capacity', () => {
    const database = openMemory(2);
    const a = database.prepare('select 1 as n');
    database.prepare('select 2 as n');
    expect(database.prepare('select 1 as n')).toBe(a);
    database.prepare('select 3 as n'); // evicts "select 2", used least recently
    const counted = database.preparedCount;
    expect(database.prepare('select 1 as n')).toBe(a);
    database.prepare('select 2 as n');
    expect(database.preparedCount - counted).toBe(1);
  });

  it('counts every statement it hands out that may write, a cached one and an INSERT … RETURNING included, and no read', async () => {
    const database = openMemory();
    const db = new Kysely<TestDb>({ dialect: new SqliteDialect({ database }) });
    await db.selectFrom('item').selectAll().execute();
    await sql`pragma data_version`.execute(db);
    expect(database.writeCount).toBe(0);
    await db.insertInto('item').values({ id: 1, name: 'a' }).execute();
    await db.insertInto('item').values({ id: 2, name: 'b' }).execute();
    await db.insertInto('item').values({ id: 3, name: 'c' }).returning('id').execute();
    await db.updateTable('item').set({ name: 'z' }).where('id', '=', 99).execute();
    expect(database.writeCount).toBe(4);
  });
});
