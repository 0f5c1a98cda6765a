/**
 * Soak (issue #13): the compiled server (`node dist/main.js`, what `npm start` runs) in a child
 * process under an open-loop mixed load — reads, writes, generations followed over their
 * progress stream, uploads, .docx exports, progress streams opened and dropped — at SOAK_RATE
 * requests a second for SOAK_SECONDS, its resident size sampled every 10 s. A Fastify
 * hello-world in another child under the same rate is the peer measured in the same run.
 *
 * Passes when the server's RSS does not grow after the warm-up (the first fifth, at least 60 s):
 * the median of the last third of the later samples within ±10 % of the median of the first
 * third; and no request failed (a 5xx, a refused connection, an unexpected status or no answer
 * within 30 s). Medians, not one sample: a single sample can fall on a passing peak (a pooled
 * worker's heap before its collection) and make a flat line look like a 20 % drop.
 * Run with `npx tsx bench/soak.ts` (last step of `npm run bench`); `SOAK_SECONDS=60 npx tsx
 * bench/soak.ts` for a short look. Results go to the `## Soak` section of BENCHMARKS.md; exit 1
 * when it does not pass.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, writeBenchmarkSection } from './benchmarks-file.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const RATE = Number(process.env.SOAK_RATE ?? 50);
const SAMPLE_MS = 10_000;
const WARMUP_S = Math.max(60, Math.round(SECONDS / 5));
// Ports of this bench (the helper range 19600-19699): the server and the peer.
const PORT = 19650;
const PEER_PORT = 19651;
const REQUEST_TIMEOUT_MS = 30_000;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 102.4) / 10;
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
async function serverMemory(baseUrl: string): Promise<string> {
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
  return `heap used ${mb('quire_nodejs_heap_size_used_bytes')} of ${mb('quire_nodejs_heap_size_total_bytes')} MB, external ${mb('quire_nodejs_external_memory_bytes')} MB, jobs queued ${queued}`;
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[mid] : Math.round(((sorted[mid - 1] + sorted[mid]) / 2) * 10) / 10;
}

async function main(): Promise<void> {
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-soak-'));
  // The load comes from one user: the per-user rate limit (3000/min by default, exactly 50/s)
  // would turn the soak into a rate-limit test, so it is raised for this child.
  // SOAK_SERVER_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes.
  const serverArgs = (process.env.SOAK_SERVER_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  const child = spawn(process.execPath, [...serverArgs, join(ROOT, 'dist', 'main.js')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' },
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
    const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
    const uploads: Array<{ id: string; at: number }> = [];
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
        'upload: a text file (older uploads deleted)',
        3,
        async () => {
          const boundary = `----soak${n++}`;
          const body = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="invoice-${n}.txt"\r\nContent-Type: text/plain\r\n\r\nVendor: Contoso Ltd\nInvoice number: INV-${n}\nTotal: $110.00\n\r\n--${boundary}--\r\n`;
          const res = await fetch(`${base}/documents`, {
            method: 'POST',
            headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
            body,
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
          uploads.push({ id: ((await res.json()) as { documents: Array<{ id: string }> }).documents[0].id, at: Date.now() });
          // Delete what was uploaded more than 20 s ago (its extraction has ended): the data stays bounded.
          while (uploads.length > 0 && Date.now() - uploads[0].at > 20_000) {
            const old = uploads.shift();
            await (await call('DELETE', `/documents/${old?.id}`, [200, 204])).arrayBuffer();
          }
        },
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
    const samples: Array<{ t: number; rss: number; peer: number; inFlight: number }> = [];
    const started = Date.now();
    samples.push({ t: 0, rss: rssMb(child.pid ?? 0), peer: rssMb(peer.pid ?? 0), inFlight: 0 });
    // Requests still running; never waited for during the load (that would close the loop).
    const pending = new Set<Promise<void>>();
    const track = (promise: Promise<void>) => {
      pending.add(promise);
      void promise.finally(() => pending.delete(promise));
    };
    const sampler = setInterval(() => {
      const sample = { t: Math.round((Date.now() - started) / 1000), rss: rssMb(child.pid ?? 0), peer: rssMb(peer.pid ?? 0), inFlight: load.inFlight };
      samples.push(sample);
      const running = [...load.running]
        .filter(([, c]) => c > 0)
        .map(([k, c]) => `${k} × ${c}`)
        .join('; ');
      void serverMemory(base).then((memory) =>
        console.log(`soak: ${sample.t} s RSS ${sample.rss} MB (peer ${sample.peer} MB; ${memory}), in flight ${sample.inFlight} (${running})`),
      );
    }, SAMPLE_MS);
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
    samples.push({ t: Math.round((Date.now() - started) / 1000), rss: rssMb(child.pid ?? 0), peer: rssMb(peer.pid ?? 0), inFlight: load.inFlight });

    const after = samples.filter((s) => s.t >= WARMUP_S);
    // A leak shows as the later samples standing higher than the earlier ones, whatever single samples do.
    const third = Math.max(1, Math.floor(after.length / 3));
    const early = median(after.slice(0, third).map((s) => s.rss));
    const late = median(after.slice(-third).map((s) => s.rss));
    const growth = early > 0 ? (late - early) / early : 1;
    const peak = Math.max(0, ...after.map((s) => s.rss));
    const totalRequests = [...load.tallies.values()].reduce((sum, t) => sum + t.count, 0);
    const errors = [...load.tallies.values()].reduce((sum, t) => sum + t.errors, 0) + hung.reduce((sum, [, count]) => sum + count, 0);
    const peerTally = peerLoad.tallies.get('peer: GET /') ?? { count: 0, errors: 0, ms: [] };
    const passed = errors === 0 && Math.abs(growth) <= 0.1 && after.length >= 3;
    const m = machine();
    const section = [
      '## Soak',
      '',
      `Command: \`npx tsx bench/soak.ts\` (last step of \`npm run bench\`; \`SOAK_SECONDS=${SECONDS}\`, \`SOAK_RATE=${RATE}\`) — Node ${m.node}, nproc ${m.nproc} (${m.cpu}).`,
      `The compiled server (\`node dist/main.js\`, SQLite, demo data, per-user rate limit raised for the single load user) in a child process; an open-loop mixed load of ${RATE} requests/s for ${SECONDS} s; RSS sampled every ${SAMPLE_MS / 1000} s; warm-up ${WARMUP_S} s. Peer, in the same run and at the same rate: a Fastify hello-world (\`GET /\`) in another child.`,
      '',
      `**${passed ? 'Passed' : 'Failed'}**: ${totalRequests} requests, ${errors} errors; RSS after warm-up: the median of the last third of the samples ${late} MB, ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} % against the first third's ${early} MB (bound ±10 %: a leak grows it); highest sample after warm-up ${peak} MB. Peer: ${peerTally.count} requests, ${peerTally.errors} errors.`,
      '',
      '| Action | Weight | Requests | Errors | p50 ms | p99 ms |',
      '|---|---:|---:|---:|---:|---:|',
      ...actions.map(([name, weight]) => {
        const t = load.tallies.get(name) ?? { count: 0, errors: 0, ms: [] };
        return `| ${name} | ${weight} | ${t.count} | ${t.errors} | ${percentile(t.ms, 50)} | ${percentile(t.ms, 99)} |`;
      }),
      `| peer: Fastify hello-world \`GET /\` | — | ${peerTally.count} | ${peerTally.errors} | ${percentile(peerTally.ms, 50)} | ${percentile(peerTally.ms, 99)} |`,
      '',
      '| t (s) | Quire RSS (MB) | Peer RSS (MB) | Quire requests in flight |',
      '|---:|---:|---:|---:|',
      ...samples.map((s) => `| ${s.t}${s.t < WARMUP_S ? ' (warm-up)' : ''} | ${s.rss} | ${s.peer} | ${s.inFlight} |`),
      '',
      ...(load.failures.length > 0 ? ['First failures:', '', ...load.failures.map((f) => `- ${f}`), ''] : []),
    ].join('\n');
    console.log(section);
    await writeBenchmarkSection('Soak', section);
    if (!passed) process.exitCode = 1;
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
