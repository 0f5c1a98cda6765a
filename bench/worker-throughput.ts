/**
 * Generation workers on SQLite and PostgreSQL (issue 35, item 3): CPU per run of the Quire
 * processes, throughput against the ideal a worker's job concurrency allows, and two worker
 * processes against one. Real processes (the built `dist/main.js`): on SQLite one `ROLE=all`
 * process; on PostgreSQL one `ROLE=api` process and N `ROLE=worker` processes on one schema. The
 * model is a fake OpenAI-compatible server answering every call after `BENCH_MODEL_MS` (200 ms),
 * so what is measured is Quire's own work. The ideal is measured, not assumed: a lone run first
 * (`JOB_CONCURRENCY=1`, after a warm-up) prints its event timeline and the model calls it made,
 * grouped into waves (calls answered within one latency of each other); the waves are the calls
 * in series (2 for the bench template: synthesis, then its two written sections side by side),
 * and the ideal throughput of a worker is `concurrency × 60 / (waves × latency)` runs per minute.
 *
 * CPU per run: user + system time of every Quire process (`/proc/<pid>/stat`) from the first
 * generate request to the last run's end, divided by the runs: the stable figure on a shared
 * machine. Each process's idle rate is measured before the runs (`BENCH_IDLE_MS`, default 5 s,
 * after the warm-up has settled): the table gives the CPU per run raw and net of that rate ×
 * the measure's duration (the runs' own cost; PostgreSQL's two processes, their timers, polls
 * and pg-boss maintenance, against SQLite's one). On PostgreSQL the server's side is counted too: the CPU of every backend connected to
 * the bench's database (the processes' pools, pg-boss, the wake-up listeners), sampled from
 * `/proc` while the runs go (the server must run on this host; the bench's own connection is left
 * out), reported beside the processes' and summed with them.
 *
 * `BENCH_BEFORE_DIR` (a checkout with a built `dist/`) adds "before" rounds, interleaved with
 * these (same load). `BENCH_CONCURRENCY=1,2,4,8,16`, `BENCH_WORKERS=1,2`, `BENCH_DIALECTS`,
 * `BENCH_RUNS` (runs per concurrency slot, default 6), `BENCH_ROUNDS` (default 1).
 * `BENCH_WORKER_NODE_ARGS`: Node options for the worker processes (the `ROLE=all` one on SQLite),
 * e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a worker's time goes;
 * `BENCH_BACKENDS=1` lists each backend's CPU over a PostgreSQL measure with its latest statement.
 * `BENCH_API_NODE_ARGS` the same for the `ROLE=api` process (the profiler's own sampling costs
 * CPU: the idle rates of a profiled run are not the service's).
 * Run: `npm run build && TEST_POSTGRES_URL=postgres://… npx tsx bench/worker-throughput.ts`.
 * Prints a Markdown table; the figures recorded are in BENCHMARKS.md, "Generation workers".
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { POSTGRES_URL } from '../test/support/dialects.js';
import { answerGeneration, writtenTemplate } from '../test/support/fake-generation-model.js';
import { startFakeOpenAi } from '../test/support/fake-openai-server.js';
import { type QuireData, type QuireProcess, newQuireData, queryData, removeQuireData, startQuireProcess } from '../test/support/quire-process.js';

const MODEL_MS = Number(process.env.BENCH_MODEL_MS ?? 200);
/**
 * How many model latencies a run waits for one after the other: measured, not assumed. Before the
 * measured rounds the bench makes one lone run (`JOB_CONCURRENCY=1`, after a warm-up) and groups
 * the model calls it made into waves (a call that arrives while an earlier one is still being
 * answered is in that call's wave); the waves are the calls in series, and the ideal of every
 * table row is that many latencies a run. Set by {@link loneRun}.
 */
let modelCallsInSeries = 0;
const RUNS_PER_SLOT = Number(process.env.BENCH_RUNS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const list = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',').filter(Boolean);
const CONCURRENCIES = list('BENCH_CONCURRENCY', '1,2,4,8,16').map(Number);
const WORKERS = list('BENCH_WORKERS', '1,2').map(Number);
const DIALECTS = list('BENCH_DIALECTS', POSTGRES_URL ? 'sqlite,postgres' : 'sqlite') as Array<'sqlite' | 'postgres'>;
const BUILDS: Array<{ name: string; entry: string }> = [
  { name: 'after', entry: path.resolve('dist/main.js') },
  ...(process.env.BENCH_BEFORE_DIR ? [{ name: 'before', entry: path.resolve(process.env.BENCH_BEFORE_DIR, 'dist/main.js') }] : []),
];
const TICKS_PER_SECOND = 100;
/** `BENCH_BACKENDS=1`: after each PostgreSQL measure, each backend's CPU and its latest statement. */
const SHOW_BACKENDS = process.env.BENCH_BACKENDS === '1';
const WORKER_NODE_ARGS = list('BENCH_WORKER_NODE_ARGS', '').flatMap((arg) => arg.split(' ').filter(Boolean));
const API_NODE_ARGS = list('BENCH_API_NODE_ARGS', '').flatMap((arg) => arg.split(' ').filter(Boolean));

async function cpuMs(pid: number): Promise<number> {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU of the PostgreSQL backends serving the bench's database, by pid: the first and the latest
 * reading of each (a backend that ends between samples keeps its latest reading).
 */
class BackendCpu {
  private readonly readings = new Map<number, { first: number; last: number }>();
  private started = false;
  constructor(private readonly client: pg.Client | null) {}

  /** Each backend's application and latest statement, for `BENCH_BACKENDS=1`'s listing of where the backends' CPU went. */
  readonly seen = new Map<number, string>();

  async sample(): Promise<void> {
    if (!this.client) return;
    const { rows } = await this.client.query<{ pid: number; what: string }>(
      `select pid, coalesce(application_name, '') || ' ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 70) as what
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    for (const { pid, what } of rows) {
      if (SHOW_BACKENDS) this.seen.set(pid, what);
      const now = await cpuMs(pid).catch(() => null);
      if (now === null) continue;
      const reading = this.readings.get(pid);
      if (reading) reading.last = now;
      // A backend first seen mid-measure started during it: all of its CPU counts.
      else this.readings.set(pid, { first: this.started ? 0 : now, last: now });
    }
  }

  async begin(): Promise<void> {
    await this.sample();
    this.started = true;
  }

  /** CPU ms of each backend over the measure, most first, with its latest statement. */
  listing(): string[] {
    return [...this.readings.entries()]
      .map(([pid, { first, last }]) => ({ pid, ms: last - first, first }))
      .sort((a, b) => b.ms - a.ms)
      .map(({ pid, ms, first }) => `${String(ms).padStart(6)} ms  pid ${pid}${first === 0 ? ' (new)' : ''}  ${this.seen.get(pid) ?? ''}`);
  }

  total(): number {
    let sum = 0;
    for (const { first, last } of this.readings.values()) sum += last - first;
    return sum;
  }
}

async function sleep(ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

interface Measured {
  build: string;
  dialect: string;
  workers: number;
  concurrency: number;
  runs: number;
  seconds: number;
  perMinute: number;
  ideal: number;
  cpuPerRun: number;
  /** PostgreSQL's backends (0 on SQLite). */
  backendCpuPerRun: number;
  /** The same net of what the processes (backends) spend idle over as long: the runs' own cost. */
  netCpuPerRun: number;
  netBackendCpuPerRun: number;
  /** CPU ms per second of each process (api first) and of the backends together, measured idle before the runs. */
  idleRates: number[];
  idleBackendRate: number;
  /** CPU ms per run of each process (api first), raw. */
  perProcess: string;
  finished: number;
}

/** How long the processes are watched idle before the runs (after the warm-up), for their idle CPU rate. */
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5000);

/** When the model calls arrived (epoch ms; the fake answers `MODEL_MS` after) while a lone run is watched; null otherwise. */
let modelCalls: number[] | null = null;

/**
 * Model calls in series: calls grouped into waves, a call arriving while the wave's first is
 * still being answered (within one latency of it) joining that wave.
 */
function wavesOf(arrivals: readonly number[]): number[][] {
  const waves: number[][] = [];
  for (const t of [...arrivals].sort((a, b) => a - b)) {
    const last = waves.at(-1);
    if (last && t < last[0] + MODEL_MS) last.push(t);
    else waves.push([t]);
  }
  return waves;
}

async function measure(
  build: { name: string; entry: string },
  dialect: 'sqlite' | 'postgres',
  workers: number,
  concurrency: number,
  modelUrl: string,
  lone = false,
): Promise<Measured> {
  const store: QuireData = await newQuireData(dialect);
  const env = {
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: modelUrl,
    LLM_API_KEY: 'bench-key',
    JOB_CONCURRENCY: String(concurrency),
    QUIRE_SECRET_KEY: randomBytes(32).toString('base64'),
  };
  const dirs: string[] = [];
  const start = async (role: string): Promise<QuireProcess> => {
    const dataDir = dialect === 'sqlite' ? store.dataDir : await fs.mkdtemp(path.join(tmpdir(), 'quire-node-'));
    if (dialect === 'postgres') dirs.push(dataDir);
    const nodeArgs = role === 'api' ? API_NODE_ARGS : WORKER_NODE_ARGS;
    return startQuireProcess({ ...store, dataDir }, { ...env, ROLE: role }, { entry: build.entry, startTimeoutMs: 180_000, nodeArgs });
  };
  const processes: QuireProcess[] = [];
  // One connection for the polls and the backends' CPU: its own backend is left out of the sum.
  const client = dialect === 'postgres' ? new pg.Client({ connectionString: POSTGRES_URL, options: `-c search_path=${store.schema}` }) : null;
  await client?.connect();
  const backends = new BackendCpu(client);
  try {
    const api = await start(dialect === 'sqlite' ? 'all' : 'api');
    processes.push(api);
    if (dialect === 'postgres') processes.push(...(await Promise.all(Array.from({ length: workers }, () => start('worker')))));
    const created = await api.json('POST', '/v1/templates', writtenTemplate('bench-workers', 'Bench workers'));
    if (created.status !== 201) throw new Error(`template: ${created.status} ${JSON.stringify(created.body)}`);
    const slots = concurrency * (dialect === 'postgres' ? workers : 1);
    const runs = lone ? 1 : RUNS_PER_SLOT * slots;
    const ids: string[] = [];
    for (let i = 0; i < runs + slots; i += 1) ids.push((await api.json('POST', '/v1/documents', { templateId: 'bench-workers' })).body.document.id as string);
    const ended = async (documents: string[]) => {
      const text = `select status, count(*) as n from generation_runs where document_id in (${documents.map((id) => `'${id}'`).join(',')}) group by status`;
      const rows = client
        ? (await client.query<{ status: string; n: string }>(text)).rows
        : await queryData<{ status: string; n: number | string }>({ ...store, dataDir: store.dataDir }, text);
      await backends.sample();
      const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
      return { finished: count('finished'), ended: count('finished') + count('failed') + count('blocked') };
    };
    const generate = async (id: string) => {
      const started = await api.json('POST', `/v1/documents/${id}/generate`, { force: true });
      if (started.status !== 200) throw new Error(`generate: ${started.status} ${JSON.stringify(started.body)}`);
    };
    // Warm-up: one run per slot (JIT, pools, prepared statements).
    const warm = ids.slice(0, slots);
    const documents = ids.slice(slots);
    await Promise.all(warm.map(generate));
    while ((await ended(warm)).ended < warm.length) await sleep(50);
    const pids = processes.map((p) => p.child.pid as number);
    // Idle: the processes' timers, pg-boss's maintenance and polls, with no run going.
    // The warm-up's last job outcome and timers settle first (1 s), then the idle window.
    await sleep(1000);
    const idleBackends = new BackendCpu(client);
    const idleBefore = await Promise.all(pids.map(cpuMs));
    await idleBackends.begin();
    const idleBegan = performance.now();
    await sleep(IDLE_MS);
    const idleAfter = await Promise.all(pids.map(cpuMs));
    await idleBackends.sample();
    const idleSeconds = (performance.now() - idleBegan) / 1000;
    const idleRates = idleAfter.map((value, i) => (value - idleBefore[i]) / idleSeconds);
    const idleBackendRate = idleBackends.total() / idleSeconds;
    if (lone) modelCalls = [];
    const cpuBefore = await Promise.all(pids.map(cpuMs));
    await backends.begin();
    const began = performance.now();
    await Promise.all(documents.map(generate));
    let state = await ended(documents);
    while (state.ended < documents.length) {
      await sleep(50);
      state = await ended(documents);
    }
    const seconds = (performance.now() - began) / 1000;
    const cpuAfter = await Promise.all(pids.map(cpuMs));
    const cpu = cpuAfter.reduce((sum, value, i) => sum + value - cpuBefore[i], 0);
    const perProcess = cpuAfter.map((value, i) => ((value - cpuBefore[i]) / runs).toFixed(1)).join(', ');
    if (lone) await printTimeline(build.name, dialect, documents[0], client, store);
    if (SHOW_BACKENDS && client) console.log(`backends, ${build.name} ${workers} worker(s):\n  ${backends.listing().join('\n  ')}`);
    const ideal = (slots * 60_000) / (Math.max(1, modelCallsInSeries) * MODEL_MS);
    const idleCpu = idleRates.reduce((sum, rate) => sum + rate, 0) * seconds;
    return {
      build: build.name,
      dialect,
      workers: dialect === 'postgres' ? workers : 1,
      concurrency,
      runs,
      seconds,
      perMinute: (runs / seconds) * 60,
      ideal,
      cpuPerRun: cpu / runs,
      backendCpuPerRun: backends.total() / runs,
      netCpuPerRun: (cpu - idleCpu) / runs,
      netBackendCpuPerRun: (backends.total() - idleBackendRate * seconds) / runs,
      idleRates,
      idleBackendRate,
      perProcess,
      finished: state.finished,
    };
  } finally {
    for (const p of processes) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
    await client?.end();
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
    await removeQuireData(store);
  }
}

/**
 * A lone run's timeline: its events and the model calls, in ms from `pipeline_started`, its
 * makespan, and the waves of model calls (what the ideal counts).
 */
async function printTimeline(buildName: string, dialect: string, documentId: string, client: pg.Client | null, store: QuireData): Promise<void> {
  const text = `select event, payload_json, ts from run_events where document_id = '${documentId}' order by seq`;
  const rows = client
    ? (await client.query<{ event: string; payload_json: string; ts: number }>(text)).rows
    : await queryData<{ event: string; payload_json: string; ts: number }>(store, text);
  const calls = modelCalls ?? [];
  modelCalls = null;
  const t0 = Number(rows.find((r) => r.event === 'pipeline_started')?.ts ?? 0) * 1000;
  const end = Number(rows.find((r) => r.event === 'pipeline_finished')?.ts ?? 0) * 1000;
  const waves = wavesOf(calls);
  console.log(`lone run, ${buildName} ${dialect}: makespan ${(end - t0).toFixed(0)} ms, ${calls.length} model calls in ${waves.length} waves`);
  const lines = [
    ...rows.map((r) => ({ at: Number(r.ts) * 1000 - t0, what: `${r.event} ${r.payload_json === '{}' ? '' : r.payload_json.slice(0, 60)}` })),
    ...calls.map((at) => ({ at: at - t0, what: `model call (answered ${MODEL_MS} ms later)` })),
  ].sort((a, b) => a.at - b.at);
  for (const line of lines) console.log(`  +${line.at.toFixed(0).padStart(5)} ms  ${line.what}`);
  if (buildName === 'after') modelCallsInSeries = waves.length;
}

async function main(): Promise<void> {
  const fake = await startFakeOpenAi({
    latencyMs: MODEL_MS,
    respond: (request) => {
      // The fake calls this once the latency has passed: the call arrived that long before.
      modelCalls?.push(Date.now() - MODEL_MS);
      return answerGeneration(request);
    },
  });
  const results: Measured[] = [];
  const loadBefore = loadavg()[0];
  try {
    // A lone run per build and database first: its timeline, and the calls in series the ideal counts.
    for (const dialect of DIALECTS) for (const build of BUILDS) await measure(build, dialect, 1, 1, fake.baseUrl, true);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const dialect of DIALECTS) {
        for (const workers of dialect === 'postgres' ? WORKERS : [1]) {
          for (const concurrency of CONCURRENCIES) {
            // Interleaved: each build right after the other, in an order that alternates by round.
            const builds = round % 2 === 0 ? BUILDS : [...BUILDS].reverse();
            for (const build of builds) {
              const m = await measure(build, dialect, workers, concurrency, fake.baseUrl);
              results.push(m);
              console.log(
                `${m.build} ${m.dialect} workers=${m.workers} concurrency=${m.concurrency}: ${m.runs} runs in ${m.seconds.toFixed(1)} s = ${m.perMinute.toFixed(0)}/min ` +
                  `(${((100 * m.perMinute) / m.ideal).toFixed(0)} % of ${m.ideal.toFixed(0)}), CPU ${m.cpuPerRun.toFixed(1)} (${m.perProcess}) + ${m.backendCpuPerRun.toFixed(1)} ms/run ` +
                  `(net of idle ${m.netCpuPerRun.toFixed(1)} + ${m.netBackendCpuPerRun.toFixed(1)}; idle ms/s ${m.idleRates.map((r) => r.toFixed(1)).join(', ')} + ${m.idleBackendRate.toFixed(1)}), ` +
                  `${m.finished} finished, load ${loadavg()[0].toFixed(1)}`,
              );
            }
          }
        }
      }
    }
  } finally {
    await fake.close();
  }
  console.log(`\nload ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}; model ${MODEL_MS} ms, ${modelCallsInSeries} calls in series per run (measured)\n`);
  console.log(
    '| build | database | workers | concurrency per worker | runs | s | runs/min | ideal | % of ideal | idle CPU ms/s: processes | backends | CPU ms per run: processes raw | net | backends raw | net | total raw | net |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const m of results)
    console.log(
      `| ${m.build} | ${m.dialect} | ${m.workers} | ${m.concurrency} | ${m.runs} | ${m.seconds.toFixed(1)} | ${m.perMinute.toFixed(0)} | ${m.ideal.toFixed(0)} | ${((100 * m.perMinute) / m.ideal).toFixed(0)} % | ` +
        `${m.idleRates.map((r) => r.toFixed(1)).join(' + ')} | ${m.idleBackendRate.toFixed(1)} | ${m.cpuPerRun.toFixed(1)} | ${m.netCpuPerRun.toFixed(1)} | ${m.backendCpuPerRun.toFixed(1)} | ${m.netBackendCpuPerRun.toFixed(1)} | ` +
        `${(m.cpuPerRun + m.backendCpuPerRun).toFixed(1)} | ${(m.netCpuPerRun + m.netBackendCpuPerRun).toFixed(1)} |`,
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
