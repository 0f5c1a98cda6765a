/**
 * Merge runs by template (docs/adr/0786-merge-runs-by-template.md): what `GET /v1/merge-runs?template=`
 * costs the database when the template's runs are behind many runs of other templates, with the
 * index of migration 0031 and without it (dropped), on SQLite and, when `BENCH_POSTGRES_URL` (or
 * `TEST_POSTGRES_URL`) is set, PostgreSQL.
 *
 * One organization holds `BENCH_MERGE_OTHER` (100k) runs of another template, all newer than the
 * 20 runs of the letter. Measured through the repository (the query the route runs): the letter's
 * first page of 10 and its second page (after the first page's cursor), each run
 * `BENCH_MERGE_REPEAT` (200) times; reported is the median and the p95 in ms. Not part of
 * `npm run bench`: one question, answered once; results go to BENCHMARKS.md by hand.
 *
 * Run with `npx tsx bench/merge-runs-by-template.ts`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { newId } from '../src/kernel/ids.js';
import { MergeRunRepository } from '../src/modules/merge/merge-run.repository.js';
import { createRepos } from '../src/modules/repos.js';
import { insertRows } from '../src/storage/bulk-insert.js';
import { type Store, openStore } from '../src/storage/database.js';
import type { DialectName } from '../src/storage/dialect.js';
import { migrateToLatest } from '../src/storage/migrate.js';

const OTHER = Number(process.env.BENCH_MERGE_OTHER ?? 100_000);
const REPEAT = Number(process.env.BENCH_MERGE_REPEAT ?? 200);
const LETTERS = 20;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;

function run(i: number, orgId: string, slug: string) {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  return {
    id: newId('mrg'),
    org_id: orgId,
    template_id: `doc_${slug}`,
    template_slug: slug,
    format: 'docx',
    file_name_pattern: '{{ row }}',
    status: i % 2 === 0 ? 'finished' : 'failed',
    total_rows: 1,
    done_rows: 1,
    failed_rows: 0,
    error: null,
    created_by: null,
    created_at: at,
    started_at: at,
    finished_at: at,
  };
}

async function timed(fn: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 5; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const start = process.hrtime.bigint();
    await fn();
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)], p95: ms[Math.floor(ms.length * 0.95)] };
}

async function measure(store: Store, orgId: string): Promise<string[]> {
  const repository = new MergeRunRepository(store.db);
  const first = await repository.listRuns(orgId, 11, undefined, { template: 'letter' });
  if (first.length !== 11) throw new Error(`the letter's first page has ${first.length} runs`);
  const cursor = { createdAt: first[9].created_at, id: first[9].id };
  const page1 = await timed(() => repository.listRuns(orgId, 11, undefined, { template: 'letter' }));
  const page2 = await timed(() => repository.listRuns(orgId, 11, cursor, { template: 'letter', status: 'finished' }));
  const f = (t: { median: number; p95: number }) => `${t.median.toFixed(3)} / ${t.p95.toFixed(3)}`;
  return [f(page1), f(page2)];
}

async function bench(dialect: DialectName): Promise<string[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-mrg-'));
  const schema = `bench_mrg_${randomBytes(4).toString('hex')}`;
  const postgres = dialect === 'postgres';
  const store = await openStore({ dataDir, databaseUrl: postgres ? POSTGRES_URL : undefined, databaseSchema: postgres ? schema : 'public' });
  try {
    await migrateToLatest(store.db, postgres ? schema : null);
    const orgId = await createRepos(store.db).identity.ensureOrganization('bench', 'Bench');
    const rows = [
      ...Array.from({ length: LETTERS }, (_, i) => run(i, orgId, 'letter')),
      ...Array.from({ length: OTHER }, (_, i) => run(LETTERS + i, orgId, 'memo')),
    ];
    await insertRows(store.db, 'merge_runs', rows, 500);
    if (postgres) await sql`analyze merge_runs`.execute(store.db);
    else await sql`analyze`.execute(store.db);
    const withIndex = await measure(store, orgId);
    await store.db.schema.dropIndex('merge_runs_org_template_created_ix').execute();
    if (postgres) await sql`analyze merge_runs`.execute(store.db);
    else await sql`analyze`.execute(store.db);
    const without = await measure(store, orgId);
    return [
      `| ${dialect} | without the 0031 index | ${without[0]} | ${without[1]} |`,
      `| ${dialect} | with the 0031 index | ${withIndex[0]} | ${withIndex[1]} |`,
    ];
  } finally {
    if (postgres) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(store.db);
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const load = loadavg()[0];
const lines = [...(await bench('sqlite')), ...(POSTGRES_URL ? await bench('postgres') : [])];
console.log(`load average at start ${load.toFixed(2)}, at end ${loadavg()[0].toFixed(2)}; ${OTHER} other runs, ${REPEAT} repeats`);
console.log("| Database | Index | letter's first page, median / p95 ms | its second page with `status`, median / p95 ms |");
console.log('|---|---|---|---|');
for (const line of lines) console.log(line);
