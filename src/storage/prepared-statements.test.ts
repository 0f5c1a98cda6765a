/**
 * Named statements on the PostgreSQL pool (ADR 0821): the repeated texts prepared once per
 * connection, bounded, and nothing else named. What the server holds is read from its own
 * `pg_prepared_statements` view, on the one connection of the pool.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL } from '../../test/support/dialects.js';
import { openStore } from './database.js';
import { StatementNames, prepareStatementsOn } from './prepared-statements.js';

const schema = `prep_${randomBytes(4).toString('hex')}`;

(POSTGRES_URL ? describe : describe.skip)('named statements on the PostgreSQL pool', () => {
  const url = POSTGRES_URL as string;
  const pools: pg.Pool[] = [];

  /** A pool of one connection with `limit` names, and what that connection holds prepared. */
  function poolOf(limit: number) {
    const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` });
    const names = new StatementNames();
    pool.on('connect', (client) => prepareStatementsOn(client, names, limit));
    pools.push(pool);
    const prepared = async () =>
      // A config object: passed through, never named itself.
      (await pool.query<{ statement: string }>({ text: 'select statement from pg_prepared_statements order by statement' })).rows.map((r) => r.statement);
    return { pool, prepared };
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.query(`create table ${schema}.t (id int primary key, name text)`);
    await admin.query(`insert into ${schema}.t values (1, 'one'), (2, 'two'), (3, 'three')`);
    await admin.end();
  });
  afterAll(async () => {
    for (const pool of pools) await pool.end();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  });

  it('prepares a statement the second time its text comes, once per connection, and answers as before', async () => {
    const { pool, prepared } = poolOf(10);
    const text = 'select name from t where id = $1';
    const answers = [];
    for (const id of [1, 2, 3]) answers.push((await pool.query(text, [id])).rows[0].name);
    expect(answers).toEqual(['one', 'two', 'three']);
    expect(await prepared()).toEqual([text]);
  });

  it('names only single statements that plan: not DDL, begin/commit, set, or a text with a semicolon', async () => {
    const { pool, prepared } = poolOf(10);
    for (let i = 0; i < 3; i += 1) {
      await pool.query('begin');
      await pool.query(`set local statement_timeout = '5s'`);
      await pool.query('create temporary table if not exists scratch (x int) on commit drop');
      await pool.query('select 1; select 2');
      await pool.query('commit');
    }
    expect(await prepared()).toEqual([]);
  });

  it('holds at most its limit of names per connection: IN-lists of many lengths run, the rest unnamed', async () => {
    const { pool, prepared } = poolOf(3);
    const counts = [];
    for (let n = 1; n <= 8; n += 1) {
      const text = `select count(*)::int as n from t where id in (${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ')})`;
      const values = Array.from({ length: n }, (_, i) => i + 1);
      await pool.query(text, values);
      counts.push((await pool.query(text, values)).rows[0].n);
    }
    expect(counts).toEqual([1, 2, 3, 3, 3, 3, 3, 3]);
    expect(await prepared()).toHaveLength(3);
  });

  /** Adds a column to `t` from another connection: a migration by another process. */
  async function addColumn(column: string): Promise<void> {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`alter table ${schema}.t add column ${column} int`);
    await admin.end();
  }

  it('retires a statement the server refuses after a column was added: outside a transaction the call answers, unnamed', async () => {
    const { pool, prepared } = poolOf(10);
    const text = 'select * from t where id = $1';
    await pool.query(text, [1]);
    await pool.query(text, [1]);
    expect(await prepared()).toEqual([text]);
    await addColumn('extra');
    // The plan cached with the old columns cannot answer with the new ones (0A000): run again unnamed.
    const after = await pool.query(text, [1]);
    expect(Object.keys(after.rows[0])).toEqual(['id', 'name', 'extra']);
    const client = await pool.connect();
    try {
      expect(Object.keys((await client.query(text, [2])).rows[0])).toEqual(['id', 'name', 'extra']);
    } finally {
      client.release();
    }
  });

  it('inside a transaction the refused call fails (the transaction is aborted), and the next runs unnamed', async () => {
    const { pool } = poolOf(10);
    const text = 'select * from t where id = $1 and id > 0';
    const client = await pool.connect();
    try {
      await client.query(text, [1]);
      await client.query(text, [1]);
      await addColumn('later');
      await client.query('begin');
      await expect(client.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
      await client.query('rollback');
      await client.query('begin');
      expect(Object.keys((await client.query(text, [1])).rows[0])).toContain('later');
      await client.query('commit');
    } finally {
      client.release();
    }
  });

  it('is wired into the store: Kysely statements prepared when asked, none with 0', async () => {
    const prepared = async (limit: number) => {
      const store = await openStore({ dataDir: '', databaseUrl: url, databaseSchema: schema, databasePreparedStatements: limit });
      try {
        // One connection for all: inside a transaction.
        return await store.db.transaction().execute(async (tx) => {
          for (const id of [1, 2, 3]) await sql`select name from t where id = ${id}`.execute(tx);
          return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(tx)).rows.map((r) => r.statement);
        });
      } finally {
        await store.close();
      }
    };
    expect(await prepared(200)).toEqual(['select name from t where id = $1']);
    expect(await prepared(0)).toEqual([]);
  });
});
