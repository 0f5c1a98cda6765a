/**
 * Soak (issue #13, issue 35 item 4): the compiled server (`node dist/main.js`, what `npm start`
 * runs) in a child process under an open-loop mixed load — reads of documents, lists, assessments
 * and their completeness; field writes; generations (offline: the demo data's model-free path)
 * followed over their progress stream; uploads into an assessment followed until processed, their
 * items read; .docx exports; progress streams opened and dropped — at SOAK_RATE requests a second
 * for SOAK_MINUTES (30), its resident size and main-thread heap (from its /metrics) sampled every
 * SOAK_SAMPLE_SECONDS (15). A Fastify hello-world in another child under the same rate is the
 * peer measured in the same run.
 *
 * Passes when RSS at the end (median of the last minute) is within 10 % of RSS at minute 5 (median
 * of the samples within ±30 s of it; bench/soak-analysis.ts) and no request failed (a 5xx, a
 * refused connection, an unexpected status or no answer within 30 s). Also reports the RSS slope
 * over the last half (MB/min): a leak shows there before it crosses the bound.
 * Run with `npx tsx bench/soak.ts` (last step of `npm run bench`); `SOAK_MINUTES=3` for a short look;
 * `SOAK_POSTGRES_URL=postgres://…` runs the server on PostgreSQL (a schema of its own, dropped after);
 * `SOAK_SERVER_ARGS='--heapsnapshot-signal=SIGUSR2'` to take heap snapshots of the server
 * (`kill -USR2 <pid>`, written in the repository root). Results go to the `## Soak` section of
 * BENCHMARKS.md; exit 1 when it does not pass.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadWhileMeasured, machine, writeBenchmarkSection } from './benchmarks-file.js';
import { jobEngineSchemaOf } from '../src/jobs/pg-boss/engine-db.js';
import { type MemorySample, judgeSoak, median } from './soak-analysis.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// SOAK_SECONDS (finer than minutes) wins when both are set: the smoke test runs seconds.
const SECONDS = Number(process.env.SOAK_SECONDS ?? Number(process.env.SOAK_MINUTES ?? 30) * 60);
const RATE = Number(process.env.SOAK_RATE ?? 50);
const SAMPLE_MS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 15) * 1000;
// The server and the peer (SOAK_PORT and the next one).
const PORT = Number(process.env.SOAK_PORT ?? 19650);
const PEER_PORT = PORT + 1;
const POSTGRES_URL = process.env.SOAK_POSTGRES_URL;
const REQUEST_TIMEOUT_MS = 30_000;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 102.4) / 10;
}

/** User + system CPU seconds a process has used (/proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function waitUp(url: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** The server's own view of its memory and queue (its /metrics and /metrics/database, open to loopback): where RSS goes. */
async function serverMemory(baseUrl: string): Promise<{ text: string; heapUsedMb?: number; heapTotalMb?: number; workersHeapMb?: number }> {
  // The process's own metrics, then the database's totals (the queue), served apart (ADR 0633).
  const read = (path: string) =>
    fetch(`${baseUrl}${path}`).then(
      (r) => r.text(),
      () => '',
    );
  const own = await read('/metrics');
  const database = await read('/metrics/database');
  const text = own === '' || database === '' ? '' : `${own}\n${database}`;
  const mb = (name: string) => {
    const value = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text)?.[1];
    return value === undefined ? '?' : (Number(value) / 1048576).toFixed(0);
  };
  // No `queued` series in a read that worked: nothing is queued.
  const queued = /^quire_jobs\{status="queued"\} ([0-9]+)$/m.exec(text)?.[1] ?? (text === '' ? '?' : '0');
  const heapUsed = mb('quire_nodejs_heap_size_used_bytes');
  const heapTotal = mb('quire_nodejs_heap_size_total_bytes');
  // The worker pools' heaps (one series per pool), outside the main thread's figures.
  const workerSeries = [...text.matchAll(/^quire_worker_heap_bytes\{[^}]*\} ([0-9.e+]+)$/gm)].map((m) => Number(m[1]));
  const workersHeapMb = text === '' ? undefined : Math.round(workerSeries.reduce((sum, v) => sum + v, 0) / 1048576);
  return {
    text: `heap used ${heapUsed} of ${heapTotal} MB, workers' heaps ${workersHeapMb ?? '?'} MB, external ${mb('quire_nodejs_external_memory_bytes')} MB, jobs queued ${queued}`,
    heapUsedMb: heapUsed === '?' ? undefined : Number(heapUsed),
    heapTotalMb: heapTotal === '?' ? undefined : Number(heapTotal),
    workersHeapMb,
  };
}

interface Tally {
  count: number;
  errors: number;
  ms: number[];
}

class Load {
  readonly tallies = new Map<string, Tally>();
  readonly failures: string[] = [];
  inFlight = 0;
  /** Actions started and not ended, by name: what is left when the soak ends is a hang. */
  readonly running = new Map<string, number>();

  /** Runs one action, timing it and counting it as an error when it throws. */
  async run(name: string, action: () => Promise<void>): Promise<void> {
    const tally = this.tallies.get(name) ?? { count: 0, errors: 0, ms: [] };
    this.tallies.set(name, tally);
    tally.count += 1;
    this.inFlight += 1;
    this.running.set(name, (this.running.get(name) ?? 0) + 1);
    const started = performance.now();
    try {
      await action();
    } catch (error) {
      tally.errors += 1;
      if (this.failures.length < 20) this.failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      tally.ms.push(performance.now() - started);
      this.inFlight -= 1;
      this.running.set(name, (this.running.get(name) ?? 1) - 1);
    }
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
}

const round1 = (value: number | undefined) => (value === undefined ? '?' : (Math.round(value * 10) / 10).toString());

async function main(): Promise<void> {
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-soak-'));
  const schema = `soak_${randomBytes(4).toString('hex')}`;
  const database = POSTGRES_URL ? { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema } : {};
  const loadAtStart = loadavg()[0];
  // The load comes from one user: the per-user rate limit (3000/min by default, exactly 50/s)
  // would turn the soak into a rate-limit test, so it is raised for this child.
  // SOAK_SERVER_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes.
  const serverArgs = (process.env.SOAK_SERVER_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  const child = spawn(process.execPath, [...serverArgs, join(ROOT, 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...database,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CONSOLE_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const peerSource = `const app = require('fastify')(); app.get('/', async () => ({ hello: 'world' })); app.listen({ port: ${PEER_PORT}, host: '127.0.0.1' });`;
  const peer = spawn(process.execPath, ['-e', peerSource], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const children: ChildProcess[] = [child, peer];
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await Promise.all([waitUp(`${base}/health`), waitUp(`http://127.0.0.1:${PEER_PORT}/`)]);
    const token = ((await (await fetch(`${base}/auth/dev-login`, { method: 'POST' })).json()) as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const call = async (method: string, path: string, expected: number[], body?: unknown): Promise<Response> => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: body === undefined ? auth : json,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!expected.includes(res.status)) throw new Error(`${method} ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      return res;
    };
    const create = async (): Promise<string> => {
      const res = await call('POST', '/v1/documents', [201], {
        templateId: 'engagement-letter',
        fields: {
          firm_name: 'Northwind LLP',
          client_name: 'Contoso GmbH',
          client_contact: 'Ada Lovelace',
          services: 'Tax advice\nAudit support',
          start_date: '2026-12-01',
          fee_amount: 12000,
          signatory: 'J. Smith',
        },
      });
      return ((await res.json()) as { document: { id: string } }).document.id;
    };
    // A few long-lived documents for the reads, writes, exports and streams.
    const docs = await Promise.all([create(), create(), create(), create()]);
    for (const id of docs) {
      await call('POST', `/v1/documents/${id}/generate`, [200, 202], {});
      await (await call('GET', `/v1/documents/${id}/progress`, [200])).text();
    }
    // The assessment the uploads go into (no requirements: completeness comes from the processors').
    const boundary0 = '----soak-assessment';
    const createdAssessment = await fetch(`${base}/assessments`, {
      method: 'POST',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary0}` },
      body: `--${boundary0}\r\nContent-Disposition: form-data; name="name"\r\n\r\nSoak invoices\r\n--${boundary0}--\r\n`,
    });
    if (createdAssessment.status !== 201) throw new Error(`creating the assessment answered ${createdAssessment.status}: ${await createdAssessment.text()}`);
    const createdBody = (await createdAssessment.json()) as { id?: string; assessment?: { id: string } };
    const assessmentId = createdBody.id ?? createdBody.assessment?.id;
    const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
    let n = 0;

    const actions: Array<[name: string, weight: number, run: () => Promise<void>]> = [
      ['read: document list', 14, async () => void (await (await call('GET', '/v1/documents', [200])).arrayBuffer())],
      ['read: document detail', 14, async () => void (await (await call('GET', `/v1/documents/${pick(docs)}`, [200])).arrayBuffer())],
      ['read: sections', 10, async () => void (await (await call('GET', `/v1/documents/${pick(docs)}/sections`, [200])).arrayBuffer())],
      ['read: readiness', 6, async () => void (await (await call('GET', `/v1/documents/${pick(docs)}/readiness`, [200])).arrayBuffer())],
      [
        'read: library and templates',
        8,
        async () => void (await (await call('GET', pick(['/v1/templates', '/v1/texts', '/v1/snippets', '/v1/voices', '/assessments']), [200])).arrayBuffer()),
      ],
      [
        'write: fields',
        12,
        async () =>
          void (await (await call('PUT', `/v1/documents/${pick(docs)}/fields`, [200], { fields: { client_contact: `Contact ${n++}` } })).arrayBuffer()),
      ],
      [
        'write: text created and deleted',
        8,
        async () => {
          const res = await call('POST', '/v1/texts', [201], { key: `soak-${process.pid}-${n++}`, value: 'Invoices are payable within 30 days.' });
          const created = (await res.json()) as { id?: string; text?: { id: string } };
          const id = created.id ?? created.text?.id;
          await (await call('DELETE', `/v1/texts/${id}`, [200, 204])).arrayBuffer();
        },
      ],
      [
        'generation: new document, generate, follow the stream, delete',
        2,
        async () => {
          const id = await create();
          await call('POST', `/v1/documents/${id}/generate`, [200, 202], {});
          const events = await (await call('GET', `/v1/documents/${id}/progress`, [200])).text();
          if (!events.includes('pipeline_finished')) throw new Error(`generation of ${id} did not finish: ${events.slice(-200)}`);
          await (await call('DELETE', `/v1/documents/${id}`, [200, 204])).arrayBuffer();
        },
      ],
      [
        'upload: into an assessment, processed, items read, deleted',
        3,
        async () => {
          const k = n++;
          const boundary = `----soak${k}`;
          const text = `Vendor: Contoso Ltd\nInvoice number: INV-${k}\nInvoice date: 2026-03-14\nTotal: $${100 + (k % 900)}.00\n`;
          const body = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="invoice-${k}.txt"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`;
          const res = await fetch(`${base}/assessments/${assessmentId}/documents`, {
            method: 'POST',
            headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
            body,
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
          const id = ((await res.json()) as { documents: Array<{ id: string }> }).documents[0].id;
          // Followed until its extraction ends (what the console's review page waits for), then its items read.
          const deadline = Date.now() + REQUEST_TIMEOUT_MS;
          for (;;) {
            const doc = (await (await call('GET', `/documents/${id}`, [200])).json()) as { processing_status: string };
            if (doc.processing_status === 'processed' || doc.processing_status === 'partially_processed') break;
            if (doc.processing_status === 'failed' || doc.processing_status === 'skipped')
              throw new Error(`processing of ${id} ended ${doc.processing_status}`);
            if (Date.now() > deadline) throw new Error(`processing of ${id} still ${doc.processing_status} after ${REQUEST_TIMEOUT_MS} ms`);
            await new Promise((r) => setTimeout(r, 250));
          }
          const items = (await (await call('GET', `/documents/${id}/extracted-items`, [200])).json()) as { items: unknown[] };
          if (items.items.length === 0) throw new Error(`no items extracted from ${id}`);
          // Deleted again: the data stays bounded, so what grows is the process, not the store.
          await (await call('DELETE', `/documents/${id}`, [200, 204])).arrayBuffer();
        },
      ],
      [
        'read: assessment detail, completeness, list',
        4,
        async () =>
          void (await (
            await call('GET', pick([`/assessments/${assessmentId}`, `/assessments/${assessmentId}/completeness`, '/assessments']), [200])
          ).arrayBuffer()),
      ],
      ['export: .docx', 3, async () => void (await (await call('GET', `/v1/documents/${pick(docs)}/export.docx`, [200])).arrayBuffer())],
      [
        'stream: progress opened, read 1 s, dropped',
        2,
        async () => {
          const controller = new AbortController();
          const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]);
          const res = await fetch(`${base}/v1/documents/${pick(docs)}/progress`, { headers: auth, signal });
          if (res.status !== 200) throw new Error(`progress answered ${res.status}`);
          const reader = res.body?.getReader();
          if (!reader) throw new Error('progress answered without a body');
          const stop = setTimeout(() => controller.abort(), 1000);
          try {
            for (;;) if ((await reader.read()).done) break;
          } catch {
            // aborted after a second: what a client that goes away does
          } finally {
            clearTimeout(stop);
          }
        },
      ],
    ];
    const totalWeight = actions.reduce((sum, [, w]) => sum + w, 0);
    const choose = () => {
      let r = Math.random() * totalWeight;
      for (const action of actions) if ((r -= action[1]) < 0) return action;
      return actions[0];
    };

    const load = new Load();
    const peerLoad = new Load();
    const samples: Array<MemorySample & { peer: number; inFlight: number; heapTotal?: number; workersHeap?: number }> = [];
    const started = Date.now();
    // Requests still running; never waited for during the load (that would close the loop).
    const pending = new Set<Promise<void>>();
    const track = (promise: Promise<void>) => {
      pending.add(promise);
      void promise.finally(() => pending.delete(promise));
    };
    const takeSample = async () => {
      const t = Math.round((Date.now() - started) / 1000);
      const rss = rssMb(child.pid ?? 0);
      const memory = await serverMemory(base);
      const sample = {
        t,
        rss,
        heapUsed: memory.heapUsedMb,
        heapTotal: memory.heapTotalMb,
        workersHeap: memory.workersHeapMb,
        peer: rssMb(peer.pid ?? 0),
        inFlight: load.inFlight,
      };
      samples.push(sample);
      const running = [...load.running]
        .filter(([, c]) => c > 0)
        .map(([k, c]) => `${k} × ${c}`)
        .join('; ');
      console.log(`soak: ${sample.t} s RSS ${sample.rss} MB (peer ${sample.peer} MB; ${memory.text}), in flight ${sample.inFlight} (${running})`);
    };
    await takeSample();
    // The server's CPU over the load: what a tighter heap (more collections) costs shows here.
    const cpuAtStart = cpuSeconds(child.pid ?? 0);
    const sampler = setInterval(() => void takeSample(), SAMPLE_MS);
    // Open loop: a request starts every 1/RATE s whatever the answers do (a slow server is not
    // rewarded with less load).
    const interval = 1000 / RATE;
    for (let i = 0; Date.now() - started < SECONDS * 1000; i += 1) {
      const due = started + i * interval;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const [name, , run] = choose();
      track(load.run(name, run));
      track(
        peerLoad.run('peer: GET /', async () => {
          const res = await fetch(`http://127.0.0.1:${PEER_PORT}/`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
          if (res.status !== 200) throw new Error(`peer answered ${res.status}`);
          await res.arrayBuffer();
        }),
      );
    }
    // Every request has a 30 s deadline; what has not ended a minute after the last one started hangs.
    await Promise.race([Promise.all([...pending]), new Promise((r) => setTimeout(r, 60_000))]);
    clearInterval(sampler);
    const hung = [...load.running].filter(([, count]) => count > 0);
    for (const [name, count] of hung) load.failures.push(`${name}: ${count} still without an end 60 s after the load stopped`);
    const serverCpu = cpuSeconds(child.pid ?? 0) - cpuAtStart;
    await takeSample();
    samples.sort((x, y) => x.t - y.t);

    const verdict = judgeSoak(samples, SECONDS);
    const peak = Math.max(...samples.filter((s) => s.t >= verdict.referenceAt).map((s) => s.rss));
    const totalRequests = [...load.tallies.values()].reduce((sum, t) => sum + t.count, 0);
    const errors = [...load.tallies.values()].reduce((sum, t) => sum + t.errors, 0) + hung.reduce((sum, [, count]) => sum + count, 0);
    const peerTally = peerLoad.tallies.get('peer: GET /') ?? { count: 0, errors: 0, ms: [] };
    const passed = errors === 0 && verdict.withinBound;
    const m = machine();
    const minutes = Math.round((SECONDS / 60) * 10) / 10;
    // One row a minute (the median of its samples): 120 rows of 15 s samples say no more.
    const byMinute = new Map<number, typeof samples>();
    for (const s of samples) byMinute.set(Math.floor(s.t / 60), [...(byMinute.get(Math.floor(s.t / 60)) ?? []), s]);
    const medianOf = (list: typeof samples, read: (s: (typeof samples)[number]) => number | undefined) => {
      const values = list.map(read).filter((v): v is number => v !== undefined);
      return values.length === 0 ? undefined : median(values);
    };
    const section = [
      '## Soak',
      '',
      `Command: \`${POSTGRES_URL ? 'SOAK_POSTGRES_URL=… ' : ''}SOAK_MINUTES=${minutes} SOAK_RATE=${RATE} npx tsx bench/soak.ts\` (last step of \`npm run bench\`) — Node ${m.node}, nproc ${m.nproc} (${m.cpu}); ${loadWhileMeasured(loadAtStart)}.`,
      `The compiled server (\`node dist/main.js\`, ${POSTGRES_URL ? 'PostgreSQL' : 'SQLite'}, demo data, per-user rate limit raised for the single load user) in a child process; an open-loop mixed load of ${RATE} requests/s for ${minutes} min; RSS (from /proc), main-thread heap used and total and the worker pools' heaps (from its /metrics) sampled every ${SAMPLE_MS / 1000} s. Reference: the median of the samples within ±30 s of ${verdict.referenceAt} s; end: the median of the last minute's. Peer, in the same run and at the same rate: a Fastify hello-world (\`GET /\`) in another child.`,
      '',
      `**${passed ? 'Passed' : 'Failed'}**: ${totalRequests} requests, ${errors} errors. RSS at ${round1(verdict.referenceAt / 60)} min ${round1(verdict.reference)} MB, at the end ${round1(verdict.end)} MB: ${verdict.growth >= 0 ? '+' : ''}${(verdict.growth * 100).toFixed(1)} % (bound ±10 %); slope over the last half ${verdict.slopeMbPerMinute >= 0 ? '+' : ''}${verdict.slopeMbPerMinute.toFixed(2)} MB/min; highest sample after the reference ${peak} MB. Heap used ${round1(verdict.heapReference)} → ${round1(verdict.heapEnd)} MB. Server CPU ${round1(serverCpu)} s (${((serverCpu * 1000) / Math.max(1, totalRequests)).toFixed(2)} ms a request). Peer: ${peerTally.count} requests, ${peerTally.errors} errors.`,
      '',
      '| Action | Weight | Requests | Errors | p50 ms | p99 ms |',
      '|---|---:|---:|---:|---:|---:|',
      ...actions.map(([name, weight]) => {
        const t = load.tallies.get(name) ?? { count: 0, errors: 0, ms: [] };
        return `| ${name} | ${weight} | ${t.count} | ${t.errors} | ${percentile(t.ms, 50)} | ${percentile(t.ms, 99)} |`;
      }),
      `| peer: Fastify hello-world \`GET /\` | — | ${peerTally.count} | ${peerTally.errors} | ${percentile(peerTally.ms, 50)} | ${percentile(peerTally.ms, 99)} |`,
      '',
      "| minute | samples | Quire RSS median (MB) | Quire RSS max (MB) | heap used median (MB) | heap total median (MB) | workers' heaps median (MB) | Peer RSS (MB) |",
      '|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...[...byMinute].map(
        ([minute, list]) =>
          `| ${minute} | ${list.length} | ${round1(median(list.map((s) => s.rss)))} | ${Math.max(...list.map((s) => s.rss))} | ${round1(medianOf(list, (s) => s.heapUsed))} | ${round1(medianOf(list, (s) => s.heapTotal))} | ${round1(medianOf(list, (s) => s.workersHeap))} | ${round1(median(list.map((s) => s.peer)))} |`,
      ),
      '',
      ...(load.failures.length > 0 ? ['First failures:', '', ...load.failures.map((f) => `- ${f}`), ''] : []),
    ].join('\n');
    console.log(section);
    await writeBenchmarkSection('Soak', section);
    if (!passed) process.exitCode = 1;
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
    if (POSTGRES_URL) {
      await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade; drop schema if exists "${jobEngineSchemaOf(schema)}" cascade`);
      await client.end();
    }
  }
}

await main();
