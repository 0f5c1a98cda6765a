/**
 * Tenant code against the event loop (issue #13, "How it is checked": the two payloads of items 1
 * and 2 leave `/health` answering within 100 ms and the process alive). Starts the compiled server
 * (`node dist/main.js`, SQLite, a fresh DATA_DIR) and polls its `/health` every ~10 ms from this
 * process while, in turn: nothing happens (idle), a harmless computation runs, the recursion
 * payload runs, a harmless template renders, the `|upper` payload renders — several rounds each.
 * The harmless peers have the same shape as the payloads, so the machine's own noise stands beside
 * the payload figures. Run with `npx tsx bench/tenant-code-stall.ts` (part of `npm run bench`); it
 * builds dist/ first. Results go to the `## Tenant-code stall` section of BENCHMARKS.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, writeBenchmarkSection } from './benchmarks-file.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = 5;
/** A computation answers in tens of ms, so it gets more rounds to put as many polls beside it. */
const COMPUTATION_ROUNDS = 20;
const IDLE_MS = 5000;
const POLL_EVERY_MS = 10;
const TARGET_MS = 100;

// The exact payloads of issue #13 (as in test/reliability/tenant-code-escape.e2e.test.ts).
const RECURSION = '($f := function($n){$n<=0?0:$f($n-1)+1}; $f(1000000))';
const UPPER_8000 =
  "{% set ns = namespace(s='a') %}{% for i in range(19) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{% for i in range(8000) %}{% set t = ns.s|upper %}{% endfor %}";

interface Phase {
  name: string;
  /** Prepares one round (outside the watch) and returns the work to watch; its answer as text. */
  round?: () => Promise<() => Promise<string>>;
  rounds?: number;
}

interface Sample {
  ms: number;
  /** When the poll began, from its round's start, and how long that round lasted. */
  at: number;
  roundMs: number;
}

interface Result {
  name: string;
  rounds: number;
  polls: number;
  maxMs: number;
  p99Ms: number;
  /** Polls over the target, and where in its round (ms from the round's start / round length) the longest one started. */
  overTarget: number;
  worstAt: string;
  answers: string[];
  rssBeforeMb: number;
  rssAfterMb: number;
}

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}

/** The parts of the answers this bench reads. */
interface Body {
  document: { id: string };
  id: string;
  detail?: string;
  computed?: unknown;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-stall-'));
  const port = 19700 + Math.floor(Math.random() * 100);
  // The rate limit is lifted: 100 polls a second are the measurement, not an attack.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], { env, stdio: 'ignore' });
  const pid = child.pid ?? 0;
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 100; i += 1) {
      if (
        await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(100);
    }
    const token = ((await (await fetch(`${base}/auth/dev-login`, { method: 'POST' })).json()) as { token: string }).token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-org-slug': 'acme' };
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as Body };
    };
    const template = await call('POST', '/v1/templates', {
      slug: 'stall-bench',
      title: 'Stall bench',
      sections: [{ key: 'intro', title: 'Intro', render_mode: 'templated', output_type: 'markdown', output_template: 'Hello {{ document.title }}' }],
    });
    if (template.status !== 201) throw new Error(`create template: ${template.status} ${JSON.stringify(template.body)}`);

    /** A document whose runs do no model work (synthesis and verify off, as in the e2e test). */
    const newDocument = async (): Promise<string> => {
      const id = (await call('POST', '/v1/documents', { templateId: 'stall-bench' })).body.document.id;
      const config = await call('PUT', `/v1/documents/${id}/config`, { synthesis: { enabled: false }, verify: { enabled: false } });
      if (config.status !== 200) throw new Error(`config: ${config.status} ${JSON.stringify(config.body)}`);
      return id;
    };
    const computation = (source: string) => async () => {
      const id = await newDocument();
      const put = await call('PUT', `/v1/documents/${id}/config`, { coordination: { computations: { c1: source } } });
      if (put.status !== 200) throw new Error(`computation: ${put.status} ${JSON.stringify(put.body)}`);
      return async () => {
        const got = await call('GET', `/v1/documents/${id}/computed`);
        return got.status === 200 ? `200 ${JSON.stringify(got.body.computed)}` : `${got.status} ${String(got.body.detail)}`;
      };
    };
    const section = (outputTemplate: string) => async () => {
      const id = await newDocument();
      const created = await call('POST', `/v1/documents/${id}/sections`, {
        title: 'Payload',
        render_mode: 'templated',
        output_type: 'markdown',
        output_template: outputTemplate,
      });
      if (created.status !== 201) throw new Error(`section: ${created.status} ${JSON.stringify(created.body)}`);
      return async () => {
        const started = await call('POST', `/v1/documents/${id}/sections/${created.body.id}/regenerate`, {});
        if (started.status !== 200) return `${started.status} ${String(started.body.detail)}`;
        // The stream closes after the terminal event: its last data line is the run's end.
        const text = await (await fetch(`${base}/v1/documents/${id}/progress`, { headers, signal: AbortSignal.timeout(60_000) })).text();
        const last = JSON.parse(
          text
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .at(-1)
            ?.slice(5) ?? '{}',
        ) as { event?: string; error?: string };
        return `${last.event ?? 'no event'}${last.error ? `: ${last.error}` : ''}`;
      };
    };

    /** Polls `/health` while `work` runs (or for IDLE_MS); every round trip in ms. */
    const watch = async (work: () => Promise<unknown>, samples: Sample[]): Promise<void> => {
      let done = false;
      const roundStart = performance.now();
      const first = samples.length;
      const poller = (async () => {
        while (!done) {
          const started = performance.now();
          const response = await fetch(`${base}/health`);
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`/health answered ${response.status}`);
          samples.push({ ms: performance.now() - started, at: started - roundStart, roundMs: 0 });
          await sleep(POLL_EVERY_MS);
        }
      })();
      try {
        await work();
      } finally {
        done = true;
        await poller;
        for (const sample of samples.slice(first)) sample.roundMs = performance.now() - roundStart;
      }
    };

    // Warm up the workers and the lazily loaded modules, so no phase measures a cold start.
    await (
      await computation('1 + 1')()
    )();
    await (
      await section('Warm {{ 1 + 1 }}')()
    )();
    await sleep(1000);

    const phases: Phase[] = [
      { name: 'idle (nothing running)' },
      { name: 'harmless computation `6 * 7` (GET computed)', round: computation('6 * 7'), rounds: COMPUTATION_ROUNDS },
      { name: 'payload 1: JSONata recursion `$f(1000000)` (GET computed)', round: computation(RECURSION), rounds: COMPUTATION_ROUNDS },
      { name: 'harmless template `Hello {{ 6 * 7 }}` (regenerate)', round: section('Hello {{ 6 * 7 }}') },
      { name: 'payload 2: 512K string `|upper` × 8000 (regenerate)', round: section(UPPER_8000) },
    ];
    const results: Result[] = [];
    for (const phase of phases) {
      const samples: Sample[] = [];
      const answers = new Set<string>();
      const rssBeforeMb = rssMb(pid);
      if (!phase.round) await watch(() => sleep(IDLE_MS), samples);
      for (let round = 0; phase.round && round < (phase.rounds ?? ROUNDS); round += 1) {
        const run = await phase.round();
        await watch(async () => answers.add(await run()), samples);
      }
      const ms = samples.map((s) => s.ms);
      const worst = samples.reduce((a, b) => (b.ms > a.ms ? b : a));
      const result = {
        name: phase.name,
        rounds: phase.round ? (phase.rounds ?? ROUNDS) : 1,
        polls: samples.length,
        maxMs: Math.max(...ms),
        p99Ms: p99(ms),
        overTarget: ms.filter((v) => v >= TARGET_MS).length,
        worstAt: `${worst.at.toFixed(0)} / ${worst.roundMs.toFixed(0)} ms`,
        answers: [...answers],
        rssBeforeMb,
        rssAfterMb: rssMb(pid),
      };
      console.log(JSON.stringify(result));
      results.push(result);
    }
    const stillAlive =
      alive(pid) &&
      (await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      ));

    const m = machine();
    const worst = Math.max(...results.filter((r) => r.name.startsWith('payload')).map((r) => r.maxMs));
    const noise = Math.max(...results.filter((r) => !r.name.startsWith('payload')).map((r) => r.maxMs));
    const section_ = [
      '## Tenant-code stall',
      '',
      `Command: \`npx tsx bench/tenant-code-stall.ts\` (part of \`npm run bench\`) — Node ${m.node}, nproc ${m.nproc} (${m.cpu}),`,
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')} at the end. \`node dist/main.js\` on SQLite (fresh DATA_DIR), default`,
      `tenant-code budgets; \`/health\` polled every ~${POLL_EVERY_MS} ms from the bench process over HTTP; rounds per workload as in the table`,
      `(a fresh document each, synthesis and verify off), idle ${IDLE_MS / 1000} s. The payloads are the exact strings of issue #13.`,
      '',
      '| Workload | rounds | /health polls | longest round trip | p99 | polls ≥ 100 ms | longest began at (in its round) | answer | RSS before → after |',
      '|---|---:|---:|---:|---:|---:|---:|---|---:|',
      ...results.map(
        (r) =>
          `| ${r.name.replace(/\|/g, '\\|')} | ${r.rounds} | ${r.polls} | ${r.maxMs.toFixed(1)} ms | ${r.p99Ms.toFixed(1)} ms | ${r.overTarget} | ${r.worstAt} | ${r.answers.join('<br>').replace(/\|/g, '\\|') || '—'} | ${r.rssBeforeMb} → ${r.rssAfterMb} MB |`,
      ),
      '',
      `Process alive and \`/health\` 200 at the end: **${stillAlive ? 'yes' : 'NO'}**. Longest payload round trip ${worst.toFixed(1)} ms`,
      `against the ${TARGET_MS} ms target (${worst < TARGET_MS ? 'held' : `missed by ${(worst - TARGET_MS).toFixed(1)} ms`}); longest round trip of the idle and harmless peers ${noise.toFixed(1)} ms.`,
      '',
      'Only the watched request is timed (the document, config and section are made before each round). With fewer than 100 polls',
      'the p99 is the longest. A computation answers in 20–100 ms, so each of its rounds sees one or two polls; the template rounds',
      'last ~0.3 s (harmless) and 1–3 s (payload, a worker busy on a CPU that whole time). The `|upper` payload ends on the step',
      'budget when the worker gets a core to itself and on the 3000 ms time budget when it does not.',
      '',
      "An earlier run the same morning, at load average ~6 on the 2 cores (other helpers' test suites running): `|upper` payload",
      'longest 140.4 ms (p99 23.1 ms, 879 polls), beside an idle peer of 42.7 ms and a harmless computation of 197.6 ms (one poll);',
      "some of its rounds ended on the time budget. There the machine's noise dominated (a harmless request was slower than the",
      "payload), with the payload's worker taking one of the two cores adding to it. Three quieter runs (load ~3.5) all held (longest 23, 41 and 68 ms).",
      '',
    ].join('\n');
    console.log(section_);
    await writeBenchmarkSection('Tenant-code stall', section_);
  } finally {
    child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
