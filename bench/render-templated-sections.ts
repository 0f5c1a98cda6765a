/**
 * Templated render bench (issue #17, "Renders"): 200 Jinja sections rendered by the render stage
 * of a run — in the tenant-code workers, each `render_started` recorded through the run's event
 * writer into a real SQLite database — against the Jinja library alone (`new Template(source)
 * .render(context)`, the library's own parse and render of each section), twice: in a child
 * process with Node's default V8 settings (the library as it ships), and in this process's main
 * thread, which has the wider polymorphic inline caches Quire sets for its tenant-code workers
 * (tenant-code/polymorphic-inline-caches.ts; V8 flags are per process). A/B interleaved within
 * each round, medians over the rounds. Three Quire variants:
 * - new templates: every round renders sources it has not compiled before (a first run);
 * - same templates: the previous round's sources again (a re-generation: compiled programs reused);
 * - events one by one: same templates, each event appended in its own transaction (the write path
 *   before the event writer), to show what batching changed.
 * Warm-up: BENCH_WARMUP_ROUNDS (default 10) whole rounds, each with new templates, before the
 * measured ones. V8 optimizes code per thread as it runs hot: each tenant-code worker has its own
 * copy of the parser, guard, rewrite and interpreter to warm, and sees half of a round's
 * templates, so a new template's cost only levels off after some 800 compilations per worker
 * (per-round CPU, docs/adr/0139-guarded-paths-one-literal.md).
 * One warm-up round measured mostly that warm-up, not what a running service pays. The first
 * warm-up round is reported on its own line: what the first run after a start costs.
 * Run with `npx tsx bench/render-templated-sections.ts` (or `npm run bench`).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from '@huggingface/jinja';
import { systemActor } from '../src/kernel/actor.js';
import { secretKeyFrom } from '../src/kernel/secret-box.js';
import { createContext } from '../src/modules/context.js';
import { startGeneration } from '../src/modules/generation/commands/start-generation.js';
import { RunEventWriter } from '../src/modules/generation/run-event-writer.js';
import type { ModelGateway } from '../src/pipeline/ports.js';
import { type RenderSection, renderSections } from '../src/pipeline/stages/render.js';
import { openStore } from '../src/storage/database.js';
import { migrateToLatest } from '../src/storage/migrate.js';
import { configureTenantCode, renderTemplates } from '../src/tenant-code/tenant-code-pool.js';
import { RecordingQueue } from '../test/support/recording-queue.js';
import { buildDocument, buildOrg } from '../test/support/factories.js';
import { loadWhileMeasured, machine, writeBenchmarkSection } from './benchmarks-file.js';

const SECTIONS = 200;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const WARMUP_ROUNDS = Math.max(1, Number(process.env.BENCH_WARMUP_ROUNDS ?? 10));
const TEMPLATE =
  '## {{ document.title }}\n{% for f in items %}- {{ f.name|upper }}: {{ f.value }}{% if not loop.last %},{% endif %}\n{% endfor %}Total: {{ computed.total }} for {{ fields.client }} on {{ today }}.';
const CONTEXT = {
  document: { title: 'Letter' },
  items: Array.from({ length: 10 }, (_, i) => ({ name: `item ${i}`, value: i * 3 })),
  computed: { total: 42 },
  fields: { client: 'Acme', ...Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, `value ${i}`])) },
  today: '2026-01-01',
};

const sourcesOf = (round: string) => Array.from({ length: SECTIONS }, (_, i) => `${TEMPLATE} #${round}-${i}`);
const sectionsOf = (sources: string[]): RenderSection[] =>
  sources.map((source, i) => ({
    id: `sec_${i}`,
    key: `s${i}`,
    title: `Section ${i}`,
    renderMode: 'templated',
    outputType: 'markdown',
    prompt: null,
    outputTemplate: source,
  }));
const NO_MODEL = {} as ModelGateway;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** This process's CPU time so far in ms, every thread (main, tenant-code workers, V8's helpers). */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** CPU time of each measurement, beside its wall time: on a shared machine it says what the work cost. */
const cpuTimes = { jinjaDefault: [] as number[], jinja: [] as number[], fresh: [] as number[], same: [] as number[], oneByOne: [] as number[] };
let lastCpu = 0;

const dataDir = await mkdtemp(join(tmpdir(), 'quire-render-bench-'));
const store = await openStore({ dataDir, databaseUrl: undefined, databaseSchema: 'public' });
await migrateToLatest(store.db);
const org = await buildOrg(store.db);
const doc = await buildDocument(store.db, { orgId: org.id });
const ctx = createContext(store.db, systemActor({ orgId: org.id, slug: org.slug, displayName: org.displayName, isDefault: false }), { now: () => new Date() });
const jobs = new RecordingQueue();
await startGeneration(ctx, { jobs, secretKey: secretKeyFrom(randomBytes(32)) }, doc.id, {});
const active = await ctx.repos.runs.findActive(org.id, doc.id);
if (!active) throw new Error('no run');
const run = active;

configureTenantCode({ workers: 2, timeoutMs: 3000, queueTimeoutMs: 30000, maxHeapMb: 128 });
await renderTemplates(['warm {{ 1 }}', 'warm {{ 2 }}'], {}, () => 'warm');

/** The render stage of a run over `sources`, its events batched (or appended one by one). */
async function quireRun(sources: string[], batched: boolean): Promise<number> {
  const writer = new RunEventWriter(
    (batch) => ctx.repos.runEvents.appendMany(org.id, doc.id, run, batch),
    () => new Date(),
  );
  const emit = batched
    ? writer.emit
    : async (event: Parameters<typeof writer.emit>[0]) => void (await ctx.repos.runEvents.append(org.id, doc.id, run, event, new Date()));
  const t = performance.now();
  const cpuBefore = cpuMs();
  const rendered = await renderSections(
    sectionsOf(sources),
    CONTEXT,
    { emit, model: NO_MODEL },
    { concurrency: 4, sources: [], voice: null, brief: {}, models: {} as never },
  );
  await writer.flush();
  const elapsed = performance.now() - t;
  lastCpu = cpuMs() - cpuBefore;
  if (rendered.length !== SECTIONS || !rendered[0].content.startsWith('## Letter')) throw new Error('render went wrong');
  return elapsed;
}

const peer = fork(new URL('./jinja-alone-peer.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
/** The library alone in the child process (default V8 settings): its own timing of the renders. */
function jinjaAloneDefaultV8(sources: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    peer.once('message', (answer: { ms: number; cpuMs: number; chars: number }) => {
      lastCpu = answer.cpuMs;
      if (answer.chars > 0) resolve(answer.ms);
      else reject(new Error('jinja rendered nothing'));
    });
    peer.send({ sources, context: CONTEXT });
  });
}

function jinjaAlone(sources: string[]): number {
  const t = performance.now();
  const cpuBefore = cpuMs();
  let chars = 0;
  for (const source of sources) chars += new Template(source).render(CONTEXT).length;
  const elapsed = performance.now() - t;
  lastCpu = cpuMs() - cpuBefore;
  if (chars === 0) throw new Error('jinja rendered nothing');
  return elapsed;
}

const loadAtStart = loadavg()[0];
const times = { jinjaDefault: [] as number[], jinja: [] as number[], fresh: [] as number[], same: [] as number[], oneByOne: [] as number[] };
/** The first round after start (the first warm-up round): wall and CPU ms of the library alone (default V8) and of Quire's new templates. */
const cold = { jinjaDefault: 0, jinjaDefaultCpu: 0, fresh: 0, freshCpu: 0 };
let previous: string[] | null = null;
for (let round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
  const fresh = sourcesOf(round < 0 ? `warm${round}` : `r${round}`);
  times.jinjaDefault.push(await jinjaAloneDefaultV8(fresh));
  cpuTimes.jinjaDefault.push(lastCpu);
  times.jinja.push(jinjaAlone(fresh));
  cpuTimes.jinja.push(lastCpu);
  times.fresh.push(await quireRun(fresh, true));
  cpuTimes.fresh.push(lastCpu);
  // The first round has no earlier round: its own templates, compiled just now, stand in (a warm-up round).
  const again: string[] = previous ?? fresh;
  times.same.push(await quireRun(again, true));
  cpuTimes.same.push(lastCpu);
  times.oneByOne.push(await quireRun(again, false));
  cpuTimes.oneByOne.push(lastCpu);
  previous = fresh;
  console.log(
    `round ${round}: jinja (default V8) ${times.jinjaDefault.at(-1)?.toFixed(0)} ms, jinja (this process) ${times.jinja.at(-1)?.toFixed(0)} ms, quire new ${times.fresh.at(-1)?.toFixed(0)} ms, same ${times.same.at(-1)?.toFixed(0)} ms, one-by-one ${times.oneByOne.at(-1)?.toFixed(0)} ms`,
  );
  if (round === -WARMUP_ROUNDS)
    Object.assign(cold, { jinjaDefault: times.jinjaDefault[0], jinjaDefaultCpu: cpuTimes.jinjaDefault[0], fresh: times.fresh[0], freshCpu: cpuTimes.fresh[0] });
  // Warm-up rounds are not measured.
  if (round < 0) for (const list of [...Object.values(times), ...Object.values(cpuTimes)]) list.length = 0;
}
peer.kill();
await store.close();
await rm(dataDir, { recursive: true, force: true });

const jinjaDefault = median(times.jinjaDefault);
const jinja = median(times.jinja);
const row = (name: string, values: number[], cpuValues: number[]) => {
  const ms = median(values);
  const cpu = median(cpuValues);
  return `| ${name} | ${ms.toFixed(0)} ms | ${((ms / SECTIONS) * 1000).toFixed(0)} µs | ${Math.round((SECTIONS / ms) * 1000).toLocaleString('en-US')} | ${(ms / jinjaDefault).toFixed(2)}× | ${(ms / jinja).toFixed(2)}× | ${((cpu / SECTIONS) * 1000).toFixed(0)} µs |`;
};
const { node, nproc, cpu } = machine();
const section = [
  '## Templated render',
  '',
  `Command: \`npx tsx bench/render-templated-sections.ts\` — Node ${node}, nproc ${nproc} (${cpu}), ${new Date().toISOString().slice(0, 10)}.`,
  `Load: ${loadWhileMeasured(loadAtStart)}; the ratios pair each Quire time with the Jinja library measured in the same round.`,
  '',
  `${SECTIONS} templated sections (a heading, a 10-item loop with a filter, fields and computed values; 60 context keys), medians of ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up rounds (each with new templates too).`,
  '',
  '| Run | Time | Per section | Sections/s | ÷ Jinja alone (default V8) | ÷ Jinja alone (same V8 flag) | CPU per section (all threads) |',
  '|-----|-----:|------------:|-----------:|---------------------------:|-----------------------------:|------------------------------:|',
  row('Jinja library alone (`new Template(s).render(ctx)`), own process, default V8', times.jinjaDefault, cpuTimes.jinjaDefault),
  row('Jinja library alone, in this process (wider inline caches, see below)', times.jinja, cpuTimes.jinja),
  row('Quire render stage, new templates (compiled this run), events batched', times.fresh, cpuTimes.fresh),
  row('Quire render stage, same templates (compiled programs reused), events batched', times.same, cpuTimes.same),
  row('Quire render stage, same templates, each event in its own transaction (before)', times.oneByOne, cpuTimes.oneByOne),
  '',
  `First round after start (one sample, code not yet optimized by V8): the library alone (default V8) ${cold.jinjaDefault.toFixed(0)} ms (${((cold.jinjaDefaultCpu / SECTIONS) * 1000).toFixed(0)} µs CPU per section); Quire, new templates, ${cold.fresh.toFixed(0)} ms (${((cold.freshCpu / SECTIONS) * 1000).toFixed(0)} µs CPU per section, ${(cold.fresh / cold.jinjaDefault).toFixed(2)}×).`,
  '',
  'Quire renders in the tenant-code pool (2 workers, sandboxed: missing-variable markers, step and output budgets),',
  "batches of 8 templates per worker message with the context converted once per batch, each template on its lane's",
  'worker (compiled once in the pool); its time includes the SQLite writes of the 200 `render_started` events and',
  'their final flush. Quire sets `--max-valid-polymorphic-map-count=16` for its process (V8 flags are per process), so the',
  'library measured in this process has it too; the first row is the library as it ships, in a process of its own.',
  'CPU per section counts every thread of the measuring process (for Quire: the main thread, both tenant-code workers',
  "and V8's GC and compiler helpers), so on a shared machine it says what the work cost where wall time cannot: the",
  'tenant-code workers run at nice 10 and yield to every other process, the library alone does not.',
].join('\n');
await writeBenchmarkSection('Templated render', section);
console.log(section);
process.exit(0);
