import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteLeaseDriver } from './sqlite-driver.js';
import { cachingSqliteDatabase } from './statement-cache.js';

interface TestDb {
  notes: { id: number; body: string };
}

const opened: Array<Kysely<TestDb>> = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
});

function open(): Kysely<TestDb> {
  const raw = new BetterSqlite3(':memory:');
  raw.exec('create table notes (id integer primary key, body text not null)');
  const connection = cachingSqliteDatabase(raw);
  const db = new Kysely<TestDb>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new SqliteLeaseDriver(connection),
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  opened.push(db);
  return db;
}

/** A promise and the function that settles it: a step the test decides when to take. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Lets every pending microtask run (one turn of the event loop): a statement that can run has run by then. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether `promise` has settled, without waiting for it. */
function tracked<T>(promise: Promise<T>): { promise: Promise<T>; done: () => boolean } {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  return { promise, done: () => done };
}

const bodies = (db: Kysely<TestDb>) =>
  db
    .selectFrom('notes')
    .select('body')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => r.body));

describe('SqliteLeaseDriver', () => {
  it('never lets a read outside a transaction see its uncommitted writes: the read waits for the commit', async () => {
    const db = open();
    const written = gate();
    const release = gate();
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 1, body: 'uncommitted' }).execute();
      written.open();
      await release.opened;
      await trx.updateTable('notes').set({ body: 'committed' }).where('id', '=', 1).execute();
    });
    await written.opened;
    const read = tracked(bodies(db));
    await settled();
    const readDuringTransaction = read.done();
    release.open();
    await transaction;
    expect(await read.promise).toEqual(['committed']);
    expect(readDuringTransaction).toBe(false);
  });

  it("keeps other callers' statements out of a transaction that rolls back", async () => {
    const db = open();
    const written = gate();
    const release = gate();
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 1, body: 'rolled back' }).execute();
      written.open();
      await release.opened;
      throw new Error('abandon');
    });
    await written.opened;
    // Written while the transaction is open: it must land after the rollback, not inside it.
    const outside = db.insertInto('notes').values({ id: 2, body: 'outside' }).execute();
    release.open();
    await expect(transaction).rejects.toThrow('abandon');
    await outside;
    expect(await bodies(db)).toEqual(['outside']);
  });

  it('runs one transaction at a time, each seeing the other committed', async () => {
    const db = open();
    await db.insertInto('notes').values({ id: 1, body: '0' }).execute();
    const increment = () =>
      db.transaction().execute(async (trx) => {
        const { body } = await trx.selectFrom('notes').select('body').where('id', '=', 1).executeTakeFirstOrThrow();
        await Promise.resolve();
        await trx
          .updateTable('notes')
          .set({ body: String(Number(body) + 1) })
          .where('id', '=', 1)
          .execute();
      });
    await Promise.all(Array.from({ length: 10 }, increment));
    expect(await bodies(db)).toEqual(['10']);
  });

  it("treats a transaction opened by raw SQL on a held connection as that caller's until it ends it", async () => {
    const db = open();
    const begun = gate();
    const release = gate();
    const held = db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`insert into notes (id, body) values (1, 'raw')`.execute(connection);
      begun.open();
      await release.opened;
      await sql`commit`.execute(connection);
    });
    await begun.opened;
    const read = tracked(bodies(db));
    await settled();
    const readDuringTransaction = read.done();
    release.open();
    await held;
    expect(await read.promise).toEqual(['raw']);
    expect(readDuringTransaction).toBe(false);
  });

  it('rolls back a transaction its caller released without ending it, so the connection is free again', async () => {
    const db = open();
    await db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`insert into notes (id, body) values (1, 'left open')`.execute(connection);
    });
    expect(await bodies(db)).toEqual([]);
    await db.insertInto('notes').values({ id: 2, body: 'after' }).execute();
    expect(await bodies(db)).toEqual(['after']);
  });

  it('lets nobody else run a statement while a stream iterates, and runs them when it ends', async () => {
    const db = open();
    await db
      .insertInto('notes')
      .values([1, 2, 3].map((id) => ({ id, body: `n${id}` })))
      .execute();
    const seen: string[] = [];
    let write: Promise<unknown> | undefined;
    for await (const row of db.selectFrom('notes').select('body').orderBy('id').stream()) {
      seen.push(row.body);
      write ??= db.insertInto('notes').values({ id: 4, body: 'n4' }).execute();
    }
    await write;
    expect(seen).toEqual(['n1', 'n2', 'n3']);
    expect(await bodies(db)).toEqual(['n1', 'n2', 'n3', 'n4']);
  });
});
