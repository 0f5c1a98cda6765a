/**
 * Migrating one schema while other schemas of the same PostgreSQL database come and go, their
 * tables altered (test files side by side, pg-boss migrating its schema, several deployments in
 * one database): Kysely's migrator listed the tables of every schema, and an object dropped in
 * that moment failed the migration (`schema "…" does not exist`) — 3 of 8 here before the
 * migrator was given a listing of its own schema only.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { POSTGRES_URL } from '../../test/support/dialects.js';
import { openStore } from './database.js';
import { MIGRATION_NAMES, migrateToLatest } from './migrate.js';

const suite = POSTGRES_URL ? describe : describe.skip;

suite('migrateToLatest [postgres]', () => {
  it('migrates while other schemas of the database are created, altered and dropped', async () => {
    const churn = new pg.Client({ connectionString: POSTGRES_URL });
    await churn.connect();
    let churning = true;
    let churned = 0;
    const loop = (async () => {
      while (churning) {
        const other = `churn_${randomBytes(5).toString('hex')}`;
        await churn.query(`create schema ${other}; create table ${other}.t (a serial, b text); create table ${other}.u (a serial)`);
        await churn.query(`alter table ${other}.t drop column b`);
        await churn.query(`drop schema ${other} cascade`);
        churned += 1;
      }
    })();
    const outcomes: string[] = [];
    try {
      for (let i = 0; i < 8; i += 1) {
        const schema = `migrate_${randomBytes(5).toString('hex')}`;
        const store = await openStore({ dataDir: os.tmpdir(), databaseUrl: POSTGRES_URL, databaseSchema: schema });
        try {
          await migrateToLatest(store.db, schema);
          const applied = await sql<{ name: string }>`select name from ${sql.id(schema, 'kysely_migration')} order by name`.execute(store.db);
          outcomes.push(applied.rows.map((r) => r.name).join(',') === MIGRATION_NAMES.join(',') ? 'migrated' : 'incomplete');
        } catch (error) {
          outcomes.push(String(error));
        } finally {
          await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(store.db);
          await store.close();
        }
      }
    } finally {
      churning = false;
      await loop;
      await churn.end();
    }
    expect(churned).toBeGreaterThan(0);
    expect(outcomes).toEqual(Array.from({ length: 8 }, () => 'migrated'));
  }, 120_000);
});
