/**
 * Server CPU per cached `GET /v1/documents/{id}` (issue 29, item 1): the built service on SQLite,
 * a document generated with the offline model (its detail checks the document's and the
 * organization's revisions; on SQLite only when the change stamp moved, ADR 0381), answered from
 * the revision-checked cache. On a loaded shared machine
 * req/s and p99 follow the neighbours; the server's own CPU time per answered GET (`/proc/<pid>/stat`,
 * every thread of the process) is the figure that stays put.
 *
 * `BENCH_BEFORE_DIR=<checkout>[,<checkout>…]` also measures other checkouts (an earlier commit, its
 * node_modules linked in and dist/ built) in the same rounds, interleaved. `BENCH_ROUNDS` (5) rounds of
 * `BENCH_GETS` (20,000) GETs at 10 connections each, after a warm-up of the same size; medians reported.
 * `BENCH_POSTGRES_URL` measures on PostgreSQL instead (each server its own schema, dropped after; a
 * document not generated, so the run needs no job worker: its cached GET reads the same revisions).
 * The PostgreSQL backend's CPU is not counted, only the service's.
 * `BENCH_SERVERS` (1) server processes per checkout, each on its own data dir: two processes of the same
 * build were seen 20 % apart at load ~20 (JIT and memory layout differ per process), so a difference
 * smaller than that needs several. Each round visits the processes in an order rotated by one, so no
 * checkout always runs first (or right after another).
 * `BENCH_NODE_OPTIONS` is passed to the servers (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, which writes
 * a profile when the server stops). Prints its result; writes nothing to BENCHMARKS.md.
 *
 * Run with `npx tsx bench/cached-get-cpu.ts`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { jobEngineSchemaOf } from '../src/jobs/pg-boss/engine-db.js';
import { DPIA_FIELDS } from '../test/support/builtin-fields.js';
import { collectEvents } from '../test/support/sse.js';
import { loadWhileMeasured } from './benchmarks-file.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const GETS = Number(process.env.BENCH_GETS ?? 20_000);
const CONNECTIONS = 10;
const SERVERS = Number(process.env.BENCH_SERVERS ?? 1);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL;
/** USER_HZ on Linux: /proc/<pid>/stat counts CPU time in these. */
const CLOCK_TICKS = 100;

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: { url: string; connections: number; amount: number; headers?: Record<string, string> }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

interface Target {
  /** The checkout's name (several processes share it). */
  name: string;
  pid: number;
  url: string;
  headers: Record<string, string>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Polls the health route until it answers (a start-up on a loaded machine takes seconds). */
async function waitUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}:\n${output()}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up:\n${output()}`);
}

/** The process's CPU time so far, in seconds (user + system, every thread). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  // After the name: state is field 0, utime field 11, stime field 12.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** A Quire of checkout `root` (its built dist/) on a fresh data dir (or PostgreSQL schema), with a document to read (generated on SQLite). */
async function startQuire(name: string, root: string): Promise<Target> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-cpu-bench-'));
  const schema = POSTGRES_URL === undefined ? undefined : `bench_${randomBytes(5).toString('hex')}`;
  const nodeOptions = (process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter((o) => o !== '');
  const child = spawn(process.execPath, [...nodeOptions, 'dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CONSOLE_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
      ...(schema !== undefined && POSTGRES_URL !== undefined ? { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
    if (schema === undefined || POSTGRES_URL === undefined) return;
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    // The job engine keeps its tables in a schema of its own beside the store's.
    await client.query(`drop schema if exists "${schema}" cascade; drop schema if exists "${jobEngineSchemaOf(schema)}" cascade`).finally(() => client.end());
  };
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUp(`${base}/health`, child, () => output);
    const { token } = (await (await fetch(`${base}/auth/dev-login`, { method: 'POST' })).json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'x-org-slug': 'acme' };
    const json = { ...headers, 'content-type': 'application/json' };
    const created = await fetch(`${base}/v1/documents`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ templateId: 'gdpr-dpia', title: 'Bench generated', fields: DPIA_FIELDS }),
    });
    if (created.status !== 201) throw new Error(`${name}: creating the document answered ${created.status}: ${await created.text()}`);
    const { document } = (await created.json()) as { document: { id: string } };
    if (child.pid === undefined) throw new Error(`${name}: no pid`);
    if (schema !== undefined) return { name, pid: child.pid, url: `${base}/v1/documents/${document.id}`, headers, stop };
    const run = await fetch(`${base}/v1/documents/${document.id}/generate`, { method: 'POST', headers: json, body: JSON.stringify({ force: true }) });
    if (run.status !== 200) throw new Error(`${name}: generating answered ${run.status}: ${await run.text()}`);
    const events = await collectEvents(`${base}/v1/documents/${document.id}/progress`, token, { org: 'acme', timeoutMs: 120_000 });
    if (events.at(-1)?.event !== 'pipeline_finished') throw new Error(`${name}: the generation ended with ${JSON.stringify(events.at(-1))}`);
    return { name, pid: child.pid, url: `${base}/v1/documents/${document.id}`, headers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface Sample {
  cpuMicros: number;
  rps: number;
  p99: number;
}

async function measure(target: Target, gets: number): Promise<Sample> {
  const before = cpuSeconds(target.pid);
  const result = await autocannon({ url: target.url, connections: CONNECTIONS, amount: gets, headers: target.headers });
  const after = cpuSeconds(target.pid);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { cpuMicros: ((after - before) * 1e6) / gets, rps: result.requests.average, p99: result.latency.p99 };
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

async function main(): Promise<void> {
  const roots: Array<[string, string]> = [['this checkout', ROOT]];
  for (const dir of (process.env.BENCH_BEFORE_DIR ?? '').split(',').filter((d) => d !== '')) roots.push([dir, resolve(dir)]);
  const targets: Target[] = [];
  try {
    for (let server = 0; server < SERVERS; server += 1) for (const [name, root] of roots) targets.push(await startQuire(name, root));
    const loadAtStart = loadavg()[0];
    for (const target of targets) await measure(target, GETS);
    const samples = new Map<string, Sample[]>(roots.map(([name]) => [name, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      const order = targets.map((_, i) => targets[(i + round - 1) % targets.length]);
      for (const target of order) {
        const sample = await measure(target, GETS);
        samples.get(target.name)?.push(sample);
        process.stdout.write(
          `round ${round}: ${target.name} (pid ${target.pid}): ${sample.cpuMicros.toFixed(1)} µs CPU/GET, ${Math.round(sample.rps)} req/s, p99 ${sample.p99} ms\n`,
        );
      }
    }
    process.stdout.write(
      `\n${GETS} GETs × ${ROUNDS} rounds × ${SERVERS} server(s) per checkout at ${CONNECTIONS} connections, ${loadWhileMeasured(loadAtStart)}\n`,
    );
    process.stdout.write('| checkout | server CPU µs/GET (median) | req/s (median) | p99 (median) |\n|---|---|---|---|\n');
    for (const [name] of roots) {
      const list = samples.get(name) ?? [];
      const m = (f: (s: Sample) => number) => median(list.map(f));
      process.stdout.write(`| ${name} | ${m((s) => s.cpuMicros).toFixed(1)} | ${Math.round(m((s) => s.rps)).toLocaleString('en')} | ${m((s) => s.p99)} ms |\n`);
    }
    // CPU per GET of another checkout ÷ this one's: about this one's throughput relative to it.
    const cpuOf = (name: string) => median((samples.get(name) ?? []).map((x) => x.cpuMicros));
    for (const [name] of roots.slice(1))
      process.stdout.write(`${name} ÷ this checkout, CPU per GET: ${((100 * cpuOf(name)) / cpuOf(roots[0][0])).toFixed(0)} %\n`);
  } finally {
    for (const target of targets) await target.stop();
  }
}

await main();
