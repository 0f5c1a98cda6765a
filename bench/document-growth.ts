/**
 * Document growth bench (issue 35, item 5): what the documents reads cost as an organization
 * grows, measured against the built service over HTTP (`node dist/main.js`, what `npm start`
 * runs), on SQLite and, when `BENCH_POSTGRES_URL` (or `TEST_POSTGRES_URL`) is set, PostgreSQL.
 *
 * One store per database holds three organizations of 1k, 10k and 100k documents
 * (`BENCH_GROWTH_SIZES`), the dev user a member of each. They are seeded before the service
 * starts (so no cache has seen the store before): the organizations and memberships through the
 * identity repository, the documents by bench/seed-documents.ts (the bulk insert, shared with
 * bench/document-search.ts). Then, for `BENCH_GROWTH_ROUNDS` (3) rounds, every read at every size
 * in turn (sizes interleaved, so a change in the machine's load falls on all of them) is sent one
 * request at a time for at least `BENCH_GROWTH_MS` (1500 ms) and 20 requests:
 * the list's first page, a middle page (by the cursor of the document before the middle one),
 * a search that finds the 20 "Kestrel" documents, a search that finds nothing, and one document's
 * detail. Reported per read and size: the service's CPU per request (`/proc/<pid>/stat`, every
 * thread; the median of the rounds), on PostgreSQL also the CPU of its backends, the p99 of every
 * request's latency, and the growth exponent: the least-squares slope of log CPU against log size
 * (0 flat, 1 linear). On a loaded machine latency follows the neighbours; CPU per request is the
 * figure that stays put. Results go to the `## Document growth` section of BENCHMARKS.md.
 *
 * Run with `npx tsx bench/document-growth.ts` (part of `npm run bench`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { jobEngineSchemaOf } from '../src/jobs/pg-boss/engine-db.js';
import { DEV_USER_EMAIL, DEV_USER_SUBJECT } from '../src/modules/identity/commands/seed-demo-identity.js';
import { createRepos } from '../src/modules/repos.js';
import { openStore } from '../src/storage/database.js';
import type { DialectName } from '../src/storage/dialect.js';
import { encodeCursor } from '../src/storage/keyset-page.js';
import { migrateToLatest } from '../src/storage/migrate.js';
import { loadWhileMeasured, machine, writeBenchmarkSection } from './benchmarks-file.js';
import { backendCpuBetween, buildService, cpuSeconds, postgresBackendCpu, startService } from './built-service.js';
import { growthExponent } from './growth-exponent.js';
import { KESTREL_MATCHES, seedDocuments } from './seed-documents.js';

const SIZES = (process.env.BENCH_GROWTH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_GROWTH_ROUNDS ?? 3);
const MEASURE_MS = Number(process.env.BENCH_GROWTH_MS ?? 1500);
const MIN_REQUESTS = 20;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
// Ports of this bench (the helper range 7900-7999): one service per database, one after the other.
const PORT = { sqlite: 7950, postgres: 7951 } as const;

/** One read: its path for an organization's seeded documents, and how many items the answer must hold. */
interface Read {
  name: string;
  path(org: SeededOrg): string;
  items: number | 'object';
}

interface SeededOrg {
  size: number;
  slug: string;
  middleCursor: string;
  middleId: string;
}

const READS: Read[] = [
  { name: 'list, first page', path: () => '/v1/documents', items: 50 },
  { name: 'list, middle page (cursor)', path: (o) => `/v1/documents?cursor=${encodeURIComponent(o.middleCursor)}`, items: 50 },
  { name: `search, match (\`?q=kestrel\`, ${KESTREL_MATCHES} found)`, path: () => '/v1/documents?q=kestrel', items: KESTREL_MATCHES },
  { name: 'search, no match (`?q=zqxw`)', path: () => '/v1/documents?q=zqxw', items: 0 },
  { name: 'detail (`GET /v1/documents/{id}`)', path: (o) => `/v1/documents/${o.middleId}`, items: 'object' },
];

/** A store with the organizations seeded, closed again; what the service is started on. */
async function prepare(dialect: DialectName, dataDir: string, schema: string): Promise<SeededOrg[]> {
  const postgres = dialect === 'postgres';
  const store = await openStore({ dataDir, databaseUrl: postgres ? POSTGRES_URL : undefined, databaseSchema: postgres ? schema : 'public' });
  try {
    await migrateToLatest(store.db, postgres ? schema : null);
    const { identity } = createRepos(store.db);
    const user = await identity.upsertUser(DEV_USER_SUBJECT, DEV_USER_EMAIL);
    const orgs: SeededOrg[] = [];
    for (const size of SIZES) {
      const slug = `growth-${size}`;
      const orgId = await identity.ensureOrganization(slug, `Growth ${size}`);
      await identity.ensureMembership(user.id, orgId, false);
      const docs = await seedDocuments(store, orgId, size);
      const half = Math.floor(size / 2);
      orgs.push({ size, slug, middleCursor: encodeCursor(docs[half - 1].createdAt, docs[half - 1].id), middleId: docs[half].id });
      console.log(`${dialect}: seeded ${size} documents`);
    }
    return orgs;
  } finally {
    await store.close();
  }
}

interface Cell {
  cpuMs: number[];
  dbCpuMs: number[];
  latencyMs: number[];
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const p99 = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.99 * xs.length))];

/** Sends one read until the time and count are reached; its CPU per request and every latency. */
async function measure(
  send: () => Promise<void>,
  pid: number,
  monitor: pg.Client | undefined,
): Promise<{ cpuMs: number; dbCpuMs: number; latencyMs: number[] }> {
  const latencyMs: number[] = [];
  const backends0 = monitor ? await postgresBackendCpu(monitor) : new Map<number, number>();
  const cpu0 = cpuSeconds(pid);
  const started = performance.now();
  while (latencyMs.length < MIN_REQUESTS || performance.now() - started < MEASURE_MS) {
    const at = performance.now();
    await send();
    latencyMs.push(performance.now() - at);
  }
  const cpu = cpuSeconds(pid) - cpu0;
  const dbCpu = monitor ? backendCpuBetween(backends0, await postgresBackendCpu(monitor)) : 0;
  return { cpuMs: (cpu * 1000) / latencyMs.length, dbCpuMs: (dbCpu * 1000) / latencyMs.length, latencyMs };
}

async function measureDialect(dialect: DialectName): Promise<Map<string, Map<number, Cell>>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-growth-bench-'));
  const schema = `growth_${randomBytes(4).toString('hex')}`;
  const postgres = dialect === 'postgres' && POSTGRES_URL !== undefined ? { url: POSTGRES_URL, schema } : undefined;
  const monitor = postgres ? new pg.Client({ connectionString: postgres.url }) : undefined;
  await monitor?.connect();
  try {
    const orgs = await prepare(dialect, dataDir, schema);
    const service = await startService({ port: PORT[dialect], dataDir, postgres });
    try {
      const { token } = (await (await fetch(`${service.base}/auth/dev-login`, { method: 'POST' })).json()) as { token: string };
      const sendOf = (read: Read, org: SeededOrg) => async () => {
        const res = await fetch(`${service.base}${read.path(org)}`, { headers: { authorization: `Bearer ${token}`, 'x-org-slug': org.slug } });
        const body = (await res.json()) as unknown;
        const items = Array.isArray(body) ? body.length : 'object';
        // A read that answers something else measures nothing: stop the bench rather than report it.
        if (res.status !== 200 || items !== read.items)
          throw new Error(`${dialect} ${org.size} ${read.name}: ${res.status}, ${JSON.stringify(body).slice(0, 200)}`);
      };
      const results = new Map(READS.map((read) => [read.name, new Map(SIZES.map((size) => [size, { cpuMs: [], dbCpuMs: [], latencyMs: [] } as Cell]))]));
      // Warm-up: every read once at each size (the first answer fills the caches and the JIT).
      for (const org of orgs) for (const read of READS) for (let i = 0; i < 5; i += 1) await sendOf(read, org)();
      for (let round = 1; round <= ROUNDS; round += 1) {
        for (const read of READS) {
          for (const org of orgs) {
            const sample = await measure(sendOf(read, org), service.pid, monitor);
            const cell = results.get(read.name)?.get(org.size);
            cell?.cpuMs.push(sample.cpuMs);
            cell?.dbCpuMs.push(sample.dbCpuMs);
            cell?.latencyMs.push(...sample.latencyMs);
            console.log(
              `${dialect} round ${round} ${org.size} ${read.name}: ${sample.cpuMs.toFixed(2)} ms CPU${postgres ? ` (+${sample.dbCpuMs.toFixed(2)} db)` : ''}, p99 ${p99(sample.latencyMs).toFixed(1)} ms`,
            );
          }
        }
      }
      return results;
    } finally {
      await service.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    if (monitor) {
      await monitor.query(`drop schema if exists "${schema}" cascade; drop schema if exists "${jobEngineSchemaOf(schema)}" cascade`);
      await monitor.end();
    }
  }
}

function table(dialect: DialectName, results: Map<string, Map<number, Cell>>): string[] {
  const postgres = dialect === 'postgres';
  const sizes = SIZES.map((s) => `${s.toLocaleString('en')}`);
  const header = `| ${dialect} | ${sizes.map((s) => `CPU ms/request, ${s} docs`).join(' | ')} | growth exponent | ${sizes.map((s) => `p99 ms, ${s}`).join(' | ')} |`;
  const rows = [...results].map(([name, bySize]) => {
    const cells = SIZES.map((s) => bySize.get(s) as Cell);
    const cpu = cells.map((c) => median(c.cpuMs));
    const db = cells.map((c) => median(c.dbCpuMs));
    const cpuCells = cpu.map((c, i) => (postgres ? `${c.toFixed(2)} (+${db[i].toFixed(2)} db)` : c.toFixed(2)));
    const exponent = growthExponent(SIZES, cpu);
    const exponentCell = postgres
      ? `${exponent.toFixed(2)} (with db ${growthExponent(
          SIZES,
          cpu.map((c, i) => c + db[i]),
        ).toFixed(2)})`
      : exponent.toFixed(2);
    return `| ${name} | ${cpuCells.join(' | ')} | ${exponentCell} | ${cells.map((c) => p99(c.latencyMs).toFixed(0)).join(' | ')} |`;
  });
  return [header, `|---|${SIZES.map(() => '---:|').join('')}---:|${SIZES.map(() => '---:|').join('')}`, ...rows, ''];
}

async function main(): Promise<void> {
  buildService();
  const load = loadavg()[0];
  const dialects: DialectName[] = POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const lines: string[] = [];
  for (const dialect of dialects) lines.push(...table(dialect, await measureDialect(dialect)));
  const m = machine();
  const section = [
    '## Document growth',
    '',
    `The documents reads of the built service (\`node dist/main.js\`) over HTTP, one request at a time, in organizations of ${SIZES.map((s) => s.toLocaleString('en')).join(', ')} documents held by one store (sizes interleaved, ${ROUNDS} rounds of at least ${MEASURE_MS} ms and ${MIN_REQUESTS} requests per read and size). CPU per request: the service process (\`/proc/<pid>/stat\`, median of the rounds), on PostgreSQL plus its backends' CPU ("db"). Growth exponent: the slope of log CPU against log size (0 flat, 1 linear). p99: every request of the rounds. Seeded by bench/seed-documents.ts (bulk insert) before the service starts.`,
    '',
    ...lines,
    POSTGRES_URL ? '' : 'PostgreSQL not measured: set BENCH_POSTGRES_URL (or TEST_POSTGRES_URL).',
    `Command: \`npx tsx bench/document-growth.ts\` — Node ${m.node}, nproc ${m.nproc} (${m.cpu}); ${loadWhileMeasured(load)}. On a loaded machine the p99 follows the neighbours; the CPU per request is the stable figure.`,
    '',
  ];
  console.log(section.join('\n'));
  await writeBenchmarkSection('Document growth', section.join('\n'));
}

await main();
