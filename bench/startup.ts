/**
 * Start-up bench (issue #17, "Start-up"): time from spawning the process to its first 200, for
 * Quire (`node dist/main.js` on a fresh, empty DATA_DIR: migrations, demo seed, keys included)
 * and for its peer, a Fastify hello-world from the project's own dependencies started the same
 * way (`node` on an ES module file). Both are measured in turn within each round (A/B
 * interleaved, so a busy moment of a shared machine hits both alike); the report gives medians.
 * Also reports the CPU time Quire's process used until its first 200 (user + system, read from
 * /proc while it runs). Build first (`npm run build`): this measures dist/, as production runs it.
 * Run with `npx tsx bench/startup.ts` (or `npm run bench`); `BENCH_ROUNDS` (default 7).
 * `BENCH_BEFORE_DIR`: an earlier build's output directory (its `main.js`), placed one level below
 * the project root as dist/ is (so it finds package.json and node_modules the same way), e.g.
 * `git worktree add /tmp/q-before <commit> && (cd /tmp/q-before && npm run build)` copied to
 * `./dist-before`; it is then measured in the same rounds, its turn rotating with the others.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, writeBenchmarkSection } from './benchmarks-file.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CLOCK_TICKS = 100; // USER_HZ on Linux: /proc/<pid>/stat counts CPU time in these.

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

/** utime + stime of a live process, in ms (undefined where /proc is not there). */
function cpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

interface Start {
  ms: number;
  cpuMs: number | undefined;
}

/** Spawns `args`, polls `url` every 5 ms until it answers 200, then stops the process. */
async function timeToFirst200(args: string[], env: Record<string, string>, url: string): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${output}`);
      if (
        await fetch(url).then(
          (r) => r.status === 200,
          () => false,
        )
      )
        break;
      if (performance.now() - started > 180_000) throw new Error(`${url} did not answer 200 within 180 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    return { ms: performance.now() - started, cpuMs: child.pid ? cpuMs(child.pid) : undefined };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

const BEFORE_DIR = process.env.BENCH_BEFORE_DIR ? resolve(process.env.BENCH_BEFORE_DIR) : undefined;

async function startQuire(entry = join(ROOT, 'dist/main.js')): Promise<Start> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-startup-'));
  try {
    return await timeToFirst200([entry], { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, `http://127.0.0.1:${port}/health`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function startFastifyHello(file: string): Promise<Start> {
  const port = await freePort();
  return timeToFirst200([file], { PORT: String(port) }, `http://127.0.0.1:${port}/`);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};
const last = (starts: Start[]): string => `${(starts.at(-1)?.ms ?? NaN).toFixed(0)} ms`;

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'dist/main.js'))) throw new Error('dist/main.js is missing: run `npm run build` first');
  // In the project (so `fastify` resolves from its node_modules), removed afterwards.
  const hello = join(ROOT, `.bench-fastify-hello-${process.pid}.mjs`);
  await writeFile(
    hello,
    `import Fastify from 'fastify';\nconst app = Fastify();\napp.get('/', async () => ({ hello: 'world' }));\nawait app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });\n`,
  );
  const beforeEntry = BEFORE_DIR ? join(BEFORE_DIR, 'main.js') : undefined;
  if (beforeEntry && !existsSync(beforeEntry)) throw new Error(`BENCH_BEFORE_DIR has no main.js: ${beforeEntry}`);
  const quire: Start[] = [];
  const peer: Start[] = [];
  const before: Start[] = [];
  const loadAtStart = loadavg();
  try {
    // One unmeasured start of each: the page cache holds the files afterwards, as on a deployed host.
    await startQuire();
    await startFastifyHello(hello);
    if (beforeEntry) await startQuire(beforeEntry);
    const runs = [
      () => startQuire().then((s) => quire.push(s)),
      () => startFastifyHello(hello).then((s) => peer.push(s)),
      ...(beforeEntry ? [() => startQuire(beforeEntry).then((s) => before.push(s))] : []),
    ];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Rotate which goes first, so none always starts right after the same other's exit.
      for (let i = 0; i < runs.length; i += 1) await runs[(round + i) % runs.length]?.();
      console.log(`round ${round + 1}: Quire ${last(quire)}, Fastify hello-world ${last(peer)}${beforeEntry ? `, before ${last(before)}` : ''}`);
    }
  } finally {
    await rm(hello, { force: true });
  }
  const loadAtEnd = loadavg();
  const quireMs = median(quire.map((s) => s.ms));
  const peerMs = median(peer.map((s) => s.ms));
  const cpuMedian = (starts: Start[]) => {
    const cpu = starts.flatMap((s) => (s.cpuMs === undefined ? [] : [s.cpuMs]));
    return cpu.length === starts.length ? median(cpu) : undefined;
  };
  const quireCpu = cpuMedian(quire);
  const peerCpu = cpuMedian(peer);
  const m = machine();
  const fmt = (v: number | undefined) => (v === undefined ? '—' : `${v.toFixed(0)} ms`);
  const row = (label: string, starts: Start[]) =>
    `| ${label} | ${fmt(median(starts.map((s) => s.ms)))} | ${fmt(Math.min(...starts.map((s) => s.ms)))}–${fmt(Math.max(...starts.map((s) => s.ms)))} | ${fmt(cpuMedian(starts))} |`;
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' / ');
  const cpuRatio = quireCpu !== undefined && peerCpu !== undefined ? `, ${(quireCpu / peerCpu).toFixed(2)}× in CPU` : '';
  const section = [
    '## Start-up',
    '',
    `Command: \`npm run build && ${BEFORE_DIR ? 'BENCH_BEFORE_DIR=<earlier build> ' : ''}npx tsx bench/startup.ts\` — Node ${m.node}, nproc ${m.nproc} (${m.cpu}), ${ROUNDS} rounds, A/B interleaved, medians.`,
    `Load average (1 / 5 / 15 min) at the start ${load(loadAtStart)}, at the end ${load(loadAtEnd)}.`,
    '',
    '| Process | Spawn → first 200 (median) | min–max | CPU until then (median) |',
    '|---|---:|---:|---:|',
    row('Quire `node dist/main.js`, fresh DATA_DIR (SQLite: migrations, demo seed, keys)', quire),
    ...(BEFORE_DIR ? [row(`Quire, the earlier build (\`${relative(ROOT, BEFORE_DIR) || '.'}/main.js\`), same conditions`, before)] : []),
    row('Fastify hello-world `node hello.mjs`', peer),
    '',
    `Quire / Fastify hello-world: **${(quireMs / peerMs).toFixed(2)}×** wall${cpuRatio} (goal ≤ 3.5×; and ≤ 1.0 s absolute).`,
    ...(BEFORE_DIR
      ? [
          `Quire / the earlier build: ${(quireMs / median(before.map((s) => s.ms))).toFixed(2)}× wall${quireCpu !== undefined && cpuMedian(before) !== undefined ? `, ${(quireCpu / (cpuMedian(before) ?? NaN)).toFixed(2)}× CPU` : ''}.`,
        ]
      : []),
    '',
    'All are polled every 5 ms from the moment of the spawn (Quire on `/health`, the peer on `/`);',
    "CPU is the process's user + system time from /proc when the 200 arrived. On a shared machine",
    '(other work on its 2 cores, see the load) wall-clock times stretch for all alike; compare the ratios.',
    '',
  ].join('\n');
  console.log(section);
  await writeBenchmarkSection('Start-up', section);
}

await main();
