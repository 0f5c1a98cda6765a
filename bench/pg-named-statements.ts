/**
 * What naming a statement saves PostgreSQL's backend (ADR 0821): the reads a generation run's
 * input load makes (ten statements through Kysely, the same builders' texts), repeated on one
 * connection of a store opened with `databasePreparedStatements` 0 (every statement parsed,
 * analysed and planned) and 200 (prepared once per connection), rounds interleaved. CPU of that
 * connection's backend from `/proc/<pid>/stat` (the server must run on this host) and of this
 * process, per statement. The tables are a freshly migrated schema's: empty, so what is measured
 * is each statement's fixed cost, the part a name can save, not the reading of rows.
 * Run: `TEST_POSTGRES_URL=postgres://… npx tsx bench/pg-named-statements.ts` (`BENCH_STATEMENTS`,
 * default 20,000 a round; `BENCH_ROUNDS`, default 3).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { loadavg } from 'node:os';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { openStore } from '../src/storage/database.js';
import { migrateToLatest } from '../src/storage/migrate.js';
import type { Database } from '../src/storage/schema.js';
import { POSTGRES_URL } from '../test/support/dialects.js';

const STATEMENTS = Number(process.env.BENCH_STATEMENTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function cpuMs(pid: number): Promise<number> {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The run's input reads (run-inputs and the worker's run read), as Kysely builds them. */
function reads(db: Kysely<Database>, org: string, doc: string): Array<() => Promise<unknown>> {
  // One builder for the five per-document tables (typed as one of them: only the text matters here).
  const byDoc = (table: 'document_fields' | 'sections' | 'data_needs' | 'document_snippets' | 'gathered_values') =>
    db
      .selectFrom(table as 'sections')
      .selectAll()
      .where('org_id', '=', org)
      .where('document_id', '=', doc);
  const by = (column: string, direction: 'asc' | 'desc' = 'asc') => sql`${sql.ref(column)} ${sql.raw(direction)}`;
  return [
    () => db.selectFrom('documents').selectAll().where('org_id', '=', org).where('id', '=', doc).execute(),
    () => byDoc('document_fields').orderBy(by('ordinal')).orderBy(by('key')).execute(),
    () => byDoc('sections').orderBy(by('ordinal')).orderBy(by('created_at')).execute(),
    () => byDoc('data_needs').orderBy(by('ordinal')).orderBy(by('created_at')).execute(),
    () => byDoc('document_snippets').orderBy(by('ordinal')).orderBy(by('created_at')).orderBy(by('id')).execute(),
    () => byDoc('gathered_values').orderBy(by('created_at', 'desc')).orderBy(by('id', 'desc')).execute(),
    () => db.selectFrom('tool_registrations').selectAll().where('org_id', '=', org).orderBy('created_at').orderBy('id').execute(),
    () => db.selectFrom('assessments').selectAll().where('org_id', '=', org).where('linked_document_id', '=', doc).orderBy('id').execute(),
    () => db.selectFrom('word_templates').selectAll().where('org_id', '=', org).where('document_id', 'in', [doc, 'x']).execute(),
    () =>
      db
        .selectFrom('generation_runs')
        .leftJoin('run_credentials', (join) => join.onRef('run_credentials.run_id', '=', 'generation_runs.id'))
        .selectAll('generation_runs')
        .select(['run_credentials.sealed'])
        .where('generation_runs.org_id', '=', org)
        .where('generation_runs.id', '=', doc)
        .execute(),
  ];
}

async function round(schema: string, named: number): Promise<{ backend: number; client: number }> {
  const store = await openStore({ dataDir: '', databaseUrl: POSTGRES_URL, databaseSchema: schema, databasePreparedStatements: named });
  try {
    // One connection throughout: a transaction pins it (rolled back at the end).
    return await store.db
      .transaction()
      .execute(async (tx) => {
        const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx)).rows[0].pid;
        const list = reads(tx, `org_${randomBytes(4).toString('hex')}`, 'doc_1');
        for (const read of list) for (let i = 0; i < 6; i += 1) await read(); // past the five custom plans
        const backendBefore = await cpuMs(pid);
        const clientBefore = process.cpuUsage();
        for (let i = 0; i < STATEMENTS; i += 1) await list[i % list.length]();
        const client = process.cpuUsage(clientBefore);
        const backend = (await cpuMs(pid)) - backendBefore;
        throw Object.assign(new Error('rollback'), { result: { backend: (backend * 1000) / STATEMENTS, client: (client.user + client.system) / STATEMENTS } });
      })
      .catch((error: { result?: { backend: number; client: number } }) => {
        if (!error.result) throw error;
        return error.result;
      });
  } finally {
    await store.close();
  }
}

async function main(): Promise<void> {
  if (!POSTGRES_URL) throw new Error('TEST_POSTGRES_URL is not set');
  const schema = `bench_named_${randomBytes(4).toString('hex')}`;
  const setup = await openStore({ dataDir: '', databaseUrl: POSTGRES_URL, databaseSchema: schema });
  await migrateToLatest(setup.db, schema);
  await setup.close();
  const loadBefore = loadavg()[0];
  const results: Record<string, Array<{ backend: number; client: number }>> = { unnamed: [], named: [] };
  try {
    for (let r = 0; r < ROUNDS; r += 1) {
      const order: Array<[string, number]> =
        r % 2 === 0
          ? [
              ['unnamed', 0],
              ['named', 200],
            ]
          : [
              ['named', 200],
              ['unnamed', 0],
            ];
      for (const [label, limit] of order) {
        const m = await round(schema, limit);
        results[label].push(m);
        console.log(`round ${r + 1} ${label}: backend ${m.backend.toFixed(1)} µs, client ${m.client.toFixed(1)} µs per statement`);
      }
    }
  } finally {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.query(`drop schema if exists ${schema}_pgboss cascade`);
    await admin.end();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`\nload ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}; ${STATEMENTS} statements a round, ${ROUNDS} rounds, medians:`);
  console.log('| statements | backend CPU µs per statement | client CPU µs per statement |\n|---|---|---|');
  for (const [label, list] of Object.entries(results))
    console.log(`| ${label} | ${median(list.map((m) => m.backend)).toFixed(1)} | ${median(list.map((m) => m.client)).toFixed(1)} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
