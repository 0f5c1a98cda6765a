/**
 * Document search bench (issue #29, "Search that scales"): the CPU one `GET /v1/documents?q=`
 * search costs as the organization grows, at 1k, 10k and 100k documents, on SQLite and on
 * PostgreSQL. Run with `npx tsx bench/document-search.ts` (or `npm run bench`); PostgreSQL is
 * measured when `BENCH_POSTGRES_URL` (or `TEST_POSTGRES_URL`) is set.
 *
 * Each size is a fresh, migrated store holding one organization, seeded by bench/seed-documents.ts
 * (the bulk insert; the bench measures search, not 100k API calls): the "match" searches find the
 * same 20 "Kestrel" documents at every size and "no match" finds nothing (the console searches as
 * you type, so most keystrokes of a mistyped word are that). "common" matches a tenth of the
 * documents and is reported for what it is: ranking every match costs in proportion to them.
 *
 * What is measured is the repository's page query (the list use case's only read that grows
 * with the data), first page of 50: process CPU (`process.cpuUsage`, which includes SQLite,
 * in-process) plus, on PostgreSQL, the CPU of the one server backend that ran the queries
 * (`/proc/<pid>/schedstat`, the server runs on this machine), with parallel query off so no
 * worker's CPU escapes the count (the same work, on one process). Constant per-request costs
 * (HTTP, JSON) are left out, which makes the growth ratio stricter, not looser.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { DocumentRepository } from '../src/modules/documents/document.repository.js';
import { type Store, openStore } from '../src/storage/database.js';
import type { DialectName } from '../src/storage/dialect.js';
import { migrateToLatest } from '../src/storage/migrate.js';
import type { Database } from '../src/storage/schema.js';
import { buildOrg } from '../test/support/factories.js';
import { loadWhileMeasured, machine, writeBenchmarkSection } from './benchmarks-file.js';
import { seedDocuments } from './seed-documents.js';

const SIZES = (process.env.BENCH_SEARCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
/** Each search is repeated for at least this long (and 10 times), so a slow one is still averaged. */
const MEASURE_MS = Number(process.env.BENCH_SEARCH_MS ?? 1500);
const SEARCHES = { 'match, typed (kestr)': 'kestr', 'match, 2 letters (ke)': 'ke', 'no match (zqxw)': 'zqxw', 'common (vendor, 1 in 10)': 'vendor' };

async function seed(store: Store, size: number): Promise<string> {
  const org = await buildOrg(store.db);
  await seedDocuments(store, org.id, size);
  return org.id;
}

interface Opened {
  store: Store;
  /** The handle the searches run on (PostgreSQL: one connection, parallel query off). */
  db: Kysely<Database>;
  /** CPU seconds used so far by the database server on behalf of `db` (0 on SQLite: in-process). */
  serverCpu(): Promise<number>;
  close(): Promise<void>;
}

/** The last query the PostgreSQL handle ran (for `BENCH_SEARCH_EXPLAIN=1`, which prints each search's plan). */
let lastQuery: CompiledQuery | undefined;

async function explainLast(db: Kysely<Database>): Promise<void> {
  if (!process.env.BENCH_SEARCH_EXPLAIN || !lastQuery) return;
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain (analyze, costs off) ${lastQuery.sql}`, [...lastQuery.parameters]),
  );
  console.log(rows.map((row) => row['QUERY PLAN']).join('\n'));
}

async function open(dialect: DialectName): Promise<Opened> {
  if (dialect === 'sqlite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'quire-search-bench-'));
    const store = await openStore({ dataDir, databaseUrl: undefined, databaseSchema: 'public' });
    await migrateToLatest(store.db);
    return {
      store,
      db: store.db,
      serverCpu: async () => 0,
      close: async () => {
        await store.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const schema = `bench_search_${randomBytes(4).toString('hex')}`;
  const store = await openStore({ dataDir: tmpdir(), databaseUrl: POSTGRES_URL, databaseSchema: schema });
  await migrateToLatest(store.db, schema);
  const pool = new pg.Pool({
    connectionString: POSTGRES_URL,
    max: 1,
    idleTimeoutMillis: 0,
    options: `-c search_path=${schema} -c max_parallel_workers_per_gather=0`,
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      lastQuery = event.query;
    },
  });
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  const pid = rows[0].pid;
  return {
    store,
    db,
    serverCpu: async () => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9,
    close: async () => {
      await db.destroy();
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(store.db);
      await store.close();
    },
  };
}

/** CPU milliseconds per search of `q` (process and database server), and how many it found. */
async function measure(opened: Opened, orgId: string, q: string): Promise<{ cpuMs: number; found: number }> {
  const repository = new DocumentRepository(opened.db);
  const search = () => repository.listPage(orgId, false, { limit: 50 }, { titleSearch: q });
  let found = 0;
  for (let i = 0; i < 3; i += 1) found = (await search()).items.length;
  await explainLast(opened.db);
  const process0 = process.cpuUsage();
  const server0 = await opened.serverCpu();
  const started = performance.now();
  let runs = 0;
  while (runs < 10 || performance.now() - started < MEASURE_MS) {
    await search();
    runs += 1;
  }
  const processCpu = process.cpuUsage(process0);
  const serverCpu = (await opened.serverCpu()) - server0;
  return { cpuMs: ((processCpu.user + processCpu.system) / 1000 + serverCpu * 1000) / runs, found };
}

type Results = Record<string, Record<number, { cpuMs: number; found: number }>>;

async function measureDialect(dialect: DialectName): Promise<Results> {
  const results: Results = {};
  for (const size of SIZES) {
    const opened = await open(dialect);
    try {
      const orgId = await seed(opened.store, size);
      for (const [name, q] of Object.entries(SEARCHES)) {
        const result = await measure(opened, orgId, q);
        (results[name] ??= {})[size] = result;
        console.log(`${dialect} ${size} ${name}: ${result.cpuMs.toFixed(3)} ms CPU, ${result.found} found`);
      }
    } finally {
      await opened.close();
    }
  }
  return results;
}

function table(dialect: DialectName, results: Results): string[] {
  const first = SIZES[0];
  const last = SIZES.at(-1) ?? first;
  const header = `| ${dialect} search | ${SIZES.map((s) => `${s.toLocaleString('en')} docs`).join(' | ')} | ${last / first}× docs: CPU ratio |`;
  const rows = Object.entries(results).map(([name, bySize]) => {
    const cells = SIZES.map((s) => `${bySize[s].cpuMs.toFixed(2)} ms (${bySize[s].found} found)`);
    return `| ${name} | ${cells.join(' | ')} | ${(bySize[last].cpuMs / bySize[first].cpuMs).toFixed(1)}× |`;
  });
  return [header, `|---|${SIZES.map(() => '---|').join('')}---|`, ...rows, ''];
}

async function main(): Promise<void> {
  const load = loadavg()[0];
  const dialects: DialectName[] = POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const lines: string[] = [];
  for (const dialect of dialects) lines.push(...table(dialect, await measureDialect(dialect)));
  const m = machine();
  const section = [
    '## Document search',
    '',
    "CPU per `?q=` search (first page of 50, the repository's page query; process plus PostgreSQL backend CPU), one organization of 1k, 10k and 100k documents.",
    '',
    ...lines,
    POSTGRES_URL ? '' : 'PostgreSQL not measured: set BENCH_POSTGRES_URL (or TEST_POSTGRES_URL).',
    `Command: \`npx tsx bench/document-search.ts\` — Node ${m.node}, nproc ${m.nproc} (${m.cpu}); ${loadWhileMeasured(load)}.`,
    '',
  ];
  console.log(section.join('\n'));
  await writeBenchmarkSection('Document search', section.join('\n'));
}

await main();
