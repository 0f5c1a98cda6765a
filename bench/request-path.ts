/**
 * Request-path bench (issue #17, "Requests"): authenticated `GET /v1/documents/{id}` on SQLite
 * and on PostgreSQL against a Fastify hello-world, each a separate process on loopback, loaded
 * by autocannon at 10 connections. Targets are measured in turn within each round (A/B
 * interleaved, so a busy moment of the shared machine hits all of them alike) and the report
 * gives medians over the rounds. Run with `npx tsx bench/request-path.ts` (or `npm run bench`).
 *
 * A FastAPI hello-world under uvicorn is the second peer when Debian's `python3-fastapi` and
 * `uvicorn` are installed (`/usr/bin/python3`, else `python3` on the PATH); without them it is
 * left out and the report says so.
 *
 * `BENCH_BEFORE_DIR=<checkout>` also measures another checkout of Quire (an earlier commit, its
 * node_modules linked in) in the same rounds, its generated document too: the "before" of a change. PostgreSQL is measured
 * when `BENCH_POSTGRES_URL` (or `TEST_POSTGRES_URL`) is set. Each Quire is the built service
 * (`node scripts/start.mjs`, which builds dist/ when it is stale, as `npm start` does), with
 * `LOG_LEVEL=warn` (per-request log lines would be measured otherwise) and the rate limit raised.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { jobEngineSchemaOf } from '../src/jobs/pg-boss/engine-db.js';
import { DPIA_FIELDS } from '../test/support/builtin-fields.js';
import { collectEvents } from '../test/support/sse.js';
import { loadWhileMeasured, machine, writeBenchmarkSection } from './benchmarks-file.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
const BEFORE_DIR = process.env.BENCH_BEFORE_DIR;
const FASTIFY = 'Fastify hello-world';
const FASTAPI = 'FastAPI+uvicorn hello-world';
const FIXED_BODY = 'Fastify, fixed body (ceiling)';

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

interface Target {
  name: string;
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

function stopper(child: ChildProcess, cleanup: () => Promise<void> = async () => {}): () => Promise<void> {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await cleanup();
  };
}

/** The peer: Fastify from the project's own dependencies, one route answering `{hello: 'world'}`. */
async function startFastifyHello(): Promise<Target> {
  const port = await freePort();
  const source = `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ hello: 'world' })); await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}/`;
  await waitUp(url, child, () => output);
  return { name: FASTIFY, url, headers: {}, stop: stopper(child) };
}

/** The Python that has FastAPI and uvicorn importable (Debian's first), or undefined. */
function pythonWithFastapi(): string | undefined {
  return ['/usr/bin/python3', 'python3'].find((python) => spawnSync(python, ['-c', 'import fastapi, uvicorn'], { stdio: 'ignore' }).status === 0);
}

/** The second peer: FastAPI under uvicorn, one worker, one route answering `{hello: 'world'}`. */
async function startFastapiHello(python: string): Promise<Target> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'quire-bench-fastapi-'));
  await writeFile(join(dir, 'hello.py'), "from fastapi import FastAPI\napp = FastAPI()\n\n@app.get('/')\nasync def hello():\n    return {'hello': 'world'}\n");
  const child = spawn(python, ['-m', 'uvicorn', 'hello:app', '--host', '127.0.0.1', '--port', String(port), '--log-level', 'warning', '--no-access-log'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}/`;
  await waitUp(url, child, () => output);
  return { name: FASTAPI, url, headers: {}, stop: stopper(child, () => rm(dir, { recursive: true, force: true })) };
}

/** A GET with exactly these headers (node:http adds no Accept-Encoding), its status, headers and body. */
function plainGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolveGet, reject) => {
    httpGet(url, { headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolveGet({ status: response.statusCode ?? 0, headers: response.headers, body }));
    }).on('error', reject);
  });
}

/**
 * The ceiling: a Fastify server answering Quire's own GET response as a fixed, pre-serialized
 * and pre-encoded body (a Buffer) with Quire's response headers (the same bytes on the wire, nothing read, nothing
 * serialized). What Quire loses to this peer is its own work; what this peer loses to the
 * hello-world is the payload's share of the gap.
 */
async function startFixedBody(quire: Target): Promise<Target> {
  // Asked as autocannon asks (no Accept-Encoding): fetch would ask for a compressed answer.
  const answer = await plainGet(quire.url, quire.headers);
  if (answer.status !== 200) throw new Error(`${FIXED_BODY}: Quire answered ${answer.status}`);
  const { body } = answer;
  // Per-connection and per-response headers are Node's to write; every other one is replayed.
  const perResponse = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !perResponse.has(name)));
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'quire-bench-fixed-'));
  await writeFile(join(dir, 'body.json'), body);
  await writeFile(join(dir, 'headers.json'), JSON.stringify(headers));
  const source = [
    "import Fastify from 'fastify'; import { readFileSync } from 'node:fs';",
    // The bytes, not a string: a string body is measured and encoded again on every answer.
    `const body = readFileSync(${JSON.stringify(join(dir, 'body.json'))});`,
    `const headers = JSON.parse(readFileSync(${JSON.stringify(join(dir, 'headers.json'))}, 'utf8'));`,
    "const app = Fastify(); app.get('/', async (_request, reply) => reply.headers(headers).send(body));",
    `await app.listen({ port: ${port}, host: '127.0.0.1' });`,
  ].join('\n');
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}/`;
  await waitUp(url, child, () => output);
  const size = (await plainGet(url, {})).body.length;
  if (size !== body.length) throw new Error(`${FIXED_BODY}: answered ${size} characters, Quire ${body.length}`);
  return { name: FIXED_BODY, url, headers: {}, stop: stopper(child, () => rm(dir, { recursive: true, force: true })) };
}

/**
 * A Quire of checkout `root` on a fresh data dir (or a fresh PostgreSQL schema), with one document
 * to read; with `generated`, a second target on the same process reads a document generated first
 * (offline model), whose detail carries each section's staleness. `cacheOff` starts it with
 * `DOCUMENT_CACHE_MB=0` and keeps only the generated target: what a full read of it costs.
 */
async function startQuire(
  name: string,
  root: string,
  dialect: 'sqlite' | 'postgres',
  options: { generated?: boolean; cacheOff?: boolean } = {},
): Promise<Target[]> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-'));
  const schema = dialect === 'postgres' ? `bench_${randomBytes(5).toString('hex')}` : undefined;
  // What `npm start` runs: the built service (scripts/start.mjs builds dist/ first when it is
  // missing or older than the sources). The sources under tsx are not what users run, and the
  // two differ in CPU per request (the bundle's options do, see scripts/build-server.mjs).
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Only the API is measured: a checkout without a console build is not made to build one.
      CONSOLE_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
      ...(schema && POSTGRES_URL ? { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema } : {}),
      ...(options.cacheOff ? { DOCUMENT_CACHE_MB: '0' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const targets = await readyTargets(name, child, () => output, port, { dataDir, schema, generated: options.generated ?? options.cacheOff ?? false });
    if (!options.cacheOff) return targets;
    // The process stops with its first target's stopper; the plain document is not measured.
    const [plain, generated] = targets;
    return [{ ...generated, stop: plain.stop }];
  } catch (error) {
    // A Quire that failed to come up (or to generate) would outlive the bench (SIGTERM stops it).
    child.kill('SIGTERM');
    throw error;
  }
}

/** The targets of a started Quire: its health awaited, a document made (and one generated). */
async function readyTargets(
  name: string,
  child: ChildProcess,
  output: () => string,
  port: number,
  setup: { dataDir: string; schema: string | undefined; generated: boolean },
): Promise<Target[]> {
  const { dataDir, schema } = setup;
  const base = `http://127.0.0.1:${port}`;
  await waitUp(`${base}/health`, child, output);
  const { token } = (await (await fetch(`${base}/auth/dev-login`, { method: 'POST' })).json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'x-org-slug': 'acme' };
  const created = await fetch(`${base}/v1/documents`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ templateId: 'gdpr-dpia', title: 'Bench' }),
  });
  if (created.status !== 201) throw new Error(`${name}: creating the document answered ${created.status}: ${await created.text()}`);
  const { document } = (await created.json()) as { document: { id: string } };
  const cleanup = async () => {
    await rm(dataDir, { recursive: true, force: true });
    if (!schema || !POSTGRES_URL) return;
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    // The job engine keeps its tables in a schema of its own beside the store's.
    await client.query(`drop schema if exists "${schema}" cascade; drop schema if exists "${jobEngineSchemaOf(schema)}" cascade`).finally(() => client.end());
  };
  const targets: Target[] = [{ name, url: `${base}/v1/documents/${document.id}`, headers, stop: stopper(child, cleanup) }];
  if (setup.generated) {
    const other = await fetch(`${base}/v1/documents`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ templateId: 'gdpr-dpia', title: 'Bench generated', fields: DPIA_FIELDS }),
    });
    const { document: generated } = (await other.json()) as { document: { id: string } };
    const run = await fetch(`${base}/v1/documents/${generated.id}/generate`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ force: true }),
    });
    if (run.status !== 200) throw new Error(`${name}: generating answered ${run.status}: ${await run.text()}`);
    const events = await collectEvents(`${base}/v1/documents/${generated.id}/progress`, token, { org: 'acme', timeoutMs: 120_000 });
    if (events.at(-1)?.event !== 'pipeline_finished') throw new Error(`${name}: the generation ended with ${JSON.stringify(events.at(-1))}`);
    targets.push({ name: `${name}, generated document`, url: `${base}/v1/documents/${generated.id}`, headers, stop: async () => undefined });
  }
  return targets;
}

interface Sample {
  rps: number;
  p99: number;
}

async function measure(target: Target, seconds: number): Promise<Sample> {
  const result = await autocannon({ url: target.url, connections: CONNECTIONS, duration: seconds, headers: target.headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

async function main(): Promise<void> {
  const targets: Target[] = [];
  const loadAtStart = loadavg()[0];
  const python = pythonWithFastapi();
  try {
    targets.push(await startFastifyHello());
    if (python) targets.push(await startFastapiHello(python));
    const quires: Array<[string, string]> = [['Quire', ROOT], ...(BEFORE_DIR ? [['Quire before', resolve(BEFORE_DIR)] as [string, string]] : [])];
    for (const [label, root] of quires) {
      targets.push(...(await startQuire(`${label}, SQLite`, root, 'sqlite', { generated: true })));
      if (label === 'Quire') targets.push(...(await startQuire(`${label}, SQLite, cache off`, root, 'sqlite', { cacheOff: true })));
      if (POSTGRES_URL) targets.push(...(await startQuire(`${label}, PostgreSQL`, root, 'postgres')));
    }
    // Quire's first GET answers the full body (no If-None-Match is sent by autocannon).
    targets.splice(python ? 2 : 1, 0, await startFixedBody(targets[python ? 2 : 1]));
    // Warm-up: JIT, statement caches, the auth caches, connection pools.
    for (const target of targets) await measure(target, 2);
    const samples = new Map<string, Sample[]>(targets.map((t) => [t.name, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const target of targets) {
        const sample = await measure(target, SECONDS);
        samples.get(target.name)?.push(sample);
        process.stdout.write(`round ${round}: ${target.name}: ${Math.round(sample.rps)} req/s, p99 ${sample.p99} ms\n`);
      }
    }
    await writeReport(targets, samples, { loadAtStart, hasFastapi: python !== undefined });
  } finally {
    for (const target of targets) await target.stop();
  }
}

async function writeReport(targets: Target[], samples: Map<string, Sample[]>, run: { loadAtStart: number; hasFastapi: boolean }): Promise<void> {
  const medianOf = (name: string) => {
    const list = samples.get(name) ?? [];
    return { rps: median(list.map((s) => s.rps)), p99: median(list.map((s) => s.p99)) };
  };
  const fastify = medianOf(FASTIFY);
  const fastapi = run.hasFastapi ? medianOf(FASTAPI) : undefined;
  const rows = targets.map((t) => {
    const m = medianOf(t.name);
    const toFastify = t.name === FASTIFY ? '1' : (m.rps / fastify.rps).toFixed(3);
    const toFastapi = fastapi === undefined ? '—' : t.name === FASTAPI ? '1' : (m.rps / fastapi.rps).toFixed(3);
    return `| ${t.name} | ${Math.round(m.rps).toLocaleString('en')} | ${m.p99} ms | ${toFastify} | ${toFastapi} |`;
  });
  const { node, nproc, cpu } = machine();
  const section = [
    '## Request path',
    '',
    `Authenticated \`GET /v1/documents/{id}\` (a GDPR DPIA document from the built-in template, not generated, answered from the revision-checked cache; on SQLite also one generated with the offline model, answered from the cache while the document's and the organization's revisions hold, and the same read in full by a Quire started with \`DOCUMENT_CACHE_MB=0\`; dev token, \`X-Org-Slug: acme\`) against a Fastify hello-world, a Fastify server answering Quire's own response (the same body and headers, fixed and pre-serialized: the ceiling a ~10 KB answer allows)${run.hasFastapi ? " and a FastAPI hello-world (Debian's python3-fastapi under uvicorn, one worker)" : ' (FastAPI+uvicorn not installed: left out)'}, each its own process on loopback; autocannon in the bench process at ${CONNECTIONS} connections, ${SECONDS} s per measurement after a 2 s warm-up, targets interleaved round by round, medians of ${ROUNDS} rounds. Quire is the built service, as \`npm start\` runs it (\`node scripts/start.mjs\`, \`LOG_LEVEL=warn\`, the console off).`,
    '',
    `Machine: ${cpu}, ${nproc} cores (${loadWhileMeasured(run.loadAtStart)}), Node ${node}, ${new Date().toISOString().slice(0, 10)}.`,
    `Command: \`npx tsx bench/request-path.ts\`${POSTGRES_URL ? ' with `BENCH_POSTGRES_URL` set' : ''}${BEFORE_DIR ? ' and `BENCH_BEFORE_DIR` set to a checkout of the earlier commit' : ''}.`,
    '',
    '| target | req/s (median) | p99 (median) | ratio to Fastify | ratio to FastAPI |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  await writeBenchmarkSection('Request path', section);
  process.stdout.write(`\n${section}\n`);
}

await main();
