/**
 * Run scheduling (issue #17, "Runs"): the makespan of one generation — 20 synthesized sections
 * that cite a source (each checked by the model judge) and 10 `llm` data-needs in a 4-deep chain
 * (widths 4, 3, 2, 1), synthesis on — with every model call answered by a fake OpenAI-compatible
 * server after a fixed 200 ms. Its peers are computed from the same graph: the critical path of
 * model calls (4 needs + synthesis + a section + its check = 7 calls = 1.4 s) and the ideal list
 * schedule at the run's limits (unit-time tasks, highest level first, no overhead at all).
 * Measured at concurrency ≥ the graph's width (64/64) and at the defaults (4/4); the makespan
 * is `pipeline_finished.ts − pipeline_started.ts` of the stored events (both stamped by the
 * server, so the progress stream's poll interval is not in it); median of RUNS runs after a
 * warm-up. Quire runs as its own process over SQLite (`startQuireProcess`: the built service
 * when dist/ is fresh), as in production, with real HTTP to the fake, which runs in the bench's
 * process like a remote provider would on another machine: in one process, the fake's handling
 * of the 20 requests that arrive together was added to Quire's own on one event loop.
 * Run with `npx tsx bench/run-makespan.ts` (part of `npm run bench`); results go to the
 * `## Runs` section of BENCHMARKS.md.
 */
import { loadavg } from 'node:os';
import { type FakeChatRequest, startFakeOpenAi } from '../test/support/fake-openai-server.js';
import { SYNTHESIS } from '../test/support/fake-generation-model.js';
import { collectEvents } from '../test/support/sse.js';
import { type QuireProcess, newQuireData, removeQuireData, startQuireProcess } from '../test/support/quire-process.js';
import { loadWhileMeasured, machine, writeBenchmarkSection } from './benchmarks-file.js';

const LATENCY_MS = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** `BENCH_TRACE=1`: print each run's events with their times from `pipeline_started` (to see where a run waits). */
const TRACE = process.env.BENCH_TRACE === '1';
/** `BENCH_SERVER_NODE_ARGS`: Node options for the Quire process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a run's time goes. */
const SERVER_NODE_ARGS = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter((arg) => arg !== '') ?? [];
const SECTIONS = 20;
/** The need graph: key → the needs it depends on (widths 4, 3, 2, 1). */
const NEEDS: Record<string, string[]> = {
  a1: [],
  a2: [],
  a3: [],
  a4: [],
  b1: ['a1', 'a2'],
  b2: ['a3'],
  b3: ['a4'],
  c1: ['b1', 'b2'],
  c2: ['b3'],
  d1: ['c1', 'c2'],
};
const WIDE = Number(process.env.BENCH_WIDE ?? 64);
const ALL_SETTINGS = [
  // BENCH_WIDE: the wide setting's limit (16 measures a tree whose cap is still 16).
  { label: `concurrency ≥ width (${WIDE} / ${WIDE})`, maxConcurrency: WIDE, render: WIDE },
  { label: 'defaults (4 / 4)', maxConcurrency: 4, render: 4 },
];
/** `BENCH_SETTINGS=0`: only the first setting (a quick look). */
const SETTINGS = process.env.BENCH_SETTINGS ? ALL_SETTINGS.filter((_, i) => process.env.BENCH_SETTINGS?.split(',').includes(String(i))) : ALL_SETTINGS;

function answer(request: FakeChatRequest): { content: string } {
  if (request.schemaName === 'synthesized_context') return { content: JSON.stringify(SYNTHESIS) };
  if (request.schemaName === 'claim_verdicts')
    return { content: JSON.stringify({ verdicts: [{ sentence: 'Revenue grew 15% in 2025.', supported: true, reason: 'The report says so.' }] }) };
  if (request.schemaName) return { content: '{}' };
  return { content: 'Revenue grew 15% in 2025 [1].' };
}

const TEMPLATE = {
  slug: 'bench-runs',
  title: 'Bench runs',
  fields: [{ key: 'company', value: 'Acme GmbH' }],
  config: { verify: { judge: 'model' }, synthesis: { enabled: true } },
  dataNeeds: [
    { output_key: 'report', kind: 'static', name: 'Annual report 2025', args_json: { value: 'Revenue grew 15% in 2025. The company employs 120 people.' } },
    ...Object.entries(NEEDS).map(([key, deps]) => ({
      output_key: key,
      kind: 'llm',
      prompt_body: `Note ${key} on {{ company }}`,
      depends_on: deps.length > 0 ? deps : null,
    })),
  ],
  sections: Array.from({ length: SECTIONS }, (_, i) => ({
    key: `s${i}`,
    title: `Part ${i + 1}`,
    prompt: `Write part ${i + 1} on {{ company }} from {{ d1 }}`,
  })),
};

/**
 * The ideal list schedule of the run's model calls in units of one call: each round, every pool
 * starts its ready calls, highest level (longest path to the end) first, up to its limit.
 */
function idealRounds(maxConcurrency: number, render: number): number {
  type Task = { key: string; deps: string[]; pool: 'needs' | 'synthesis' | 'render' };
  const tasks: Task[] = [
    ...Object.entries(NEEDS).map(([key, deps]): Task => ({ key, deps, pool: 'needs' })),
    { key: 'synthesis', deps: Object.keys(NEEDS), pool: 'synthesis' },
    ...Array.from({ length: SECTIONS }, (_, i): Task => ({ key: `s${i}`, deps: ['synthesis'], pool: 'render' })),
    ...Array.from({ length: SECTIONS }, (_, i): Task => ({ key: `v${i}`, deps: [`s${i}`], pool: 'render' })),
  ];
  const level = new Map<string, number>();
  const levelOf = (key: string): number => {
    const known = level.get(key);
    if (known !== undefined) return known;
    const next = tasks.filter((t) => t.deps.includes(key)).map((t) => levelOf(t.key));
    const value = 1 + Math.max(0, ...next);
    level.set(key, value);
    return value;
  };
  const limits = { needs: maxConcurrency, synthesis: 1, render };
  const done = new Set<string>();
  let rounds = 0;
  while (done.size < tasks.length) {
    const ready = tasks.filter((t) => !done.has(t.key) && t.deps.every((d) => done.has(d))).sort((x, y) => levelOf(y.key) - levelOf(x.key));
    const started: string[] = [];
    for (const pool of ['needs', 'synthesis', 'render'] as const)
      started.push(
        ...ready
          .filter((t) => t.pool === pool)
          .slice(0, limits[pool])
          .map((t) => t.key),
      );
    for (const key of started) done.add(key);
    rounds += 1;
  }
  return rounds;
}

const CRITICAL_PATH_MS = idealRounds(1_000, 1_000) * LATENCY_MS;

async function oneRun(quire: QuireProcess, documentId: string): Promise<number> {
  // `refresh`: every need is asked again (else the second run serves all ten from the cache).
  const started = await quire.json('POST', `/v1/documents/${documentId}/generate`, { force: true, refresh: true });
  if (started.status !== 200 || started.body.started !== true) throw new Error(`generate: ${started.status} ${JSON.stringify(started.body)}`);
  const events = await collectEvents(`${quire.url}/v1/documents/${documentId}/progress`, quire.token, { org: 'acme', timeoutMs: 120_000 });
  const last = events.at(-1);
  if (last?.event !== 'pipeline_finished') throw new Error(`run ended with ${JSON.stringify(last)}`);
  const runId = last.runId;
  const first = events.find((e) => e.runId === runId && e.event === 'pipeline_started');
  const judged = events.filter((e) => e.runId === runId && e.event === 'verify_section_finished').length;
  const asked = events.filter((e) => e.runId === runId && e.event === 'need_finished' && String(e.outputKey) in NEEDS).length;
  if (!first || judged !== SECTIONS || asked !== Object.keys(NEEDS).length)
    throw new Error(`run ${runId}: ${asked} needs asked, ${judged} sections checked, started ${JSON.stringify(first)}`);
  if (TRACE)
    for (const e of events.filter((x) => x.runId === runId))
      console.log(`${((Number(e.ts) - Number(first.ts)) * 1000).toFixed(0).padStart(6)} ms ${e.event} ${String(e.outputKey ?? e.sectionId ?? '')}`);
  return (Number(last.ts) - Number(first.ts)) * 1000;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main(): Promise<void> {
  const fake = await startFakeOpenAi({ latencyMs: LATENCY_MS, respond: answer });
  const data = await newQuireData('sqlite');
  const quire = await startQuireProcess(
    data,
    { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: 'bench-key', LLM_TIMEOUT_MS: '30000' },
    { startTimeoutMs: 120_000, nodeArgs: SERVER_NODE_ARGS },
  );
  const loadBefore = loadavg()[0];
  const rows: string[] = [];
  try {
    const template = await quire.json('POST', '/v1/templates', TEMPLATE);
    if (template.status !== 201) throw new Error(`template: ${template.status} ${JSON.stringify(template.body)}`);
    for (const setting of SETTINGS) {
      const created = await quire.json('POST', '/v1/documents', { templateId: TEMPLATE.slug });
      if (created.status !== 201) throw new Error(`document: ${created.status} ${JSON.stringify(created.body)}`);
      const id = created.body.document.id as string;
      const configured = await quire.json('PUT', `/v1/documents/${id}/config`, {
        coordination: { maxConcurrency: setting.maxConcurrency },
        render: { concurrency: setting.render },
      });
      if (configured.status !== 200) throw new Error(`config: ${configured.status} ${JSON.stringify(configured.body)}`);
      await oneRun(quire, id); // warm-up: workers, statement caches, the first connection to the model
      const makespans: number[] = [];
      for (let i = 0; i < RUNS; i += 1) makespans.push(await oneRun(quire, id));
      const ms = median(makespans);
      const ideal = idealRounds(setting.maxConcurrency, setting.render) * LATENCY_MS;
      console.log(
        `${setting.label}: makespan median ${ms.toFixed(0)} ms (runs ${makespans.map((m) => m.toFixed(0)).join(', ')}); critical path ${CRITICAL_PATH_MS} ms; ideal list schedule ${ideal} ms`,
      );
      rows.push(
        `| ${setting.label} | ${ms.toFixed(0)} ms | ${makespans.map((m) => m.toFixed(0)).join(', ')} | ${CRITICAL_PATH_MS} ms | ${(ms / CRITICAL_PATH_MS).toFixed(2)} | ${ideal} ms | ${(ms / ideal).toFixed(2)} |`,
      );
    }
  } finally {
    quire.child.kill('SIGTERM');
    await quire.exited;
    await removeQuireData(data);
    await fake.close();
  }
  const m = machine();
  await writeBenchmarkSection(
    'Runs',
    [
      '## Runs',
      '',
      `Machine: ${m.cpu}, ${m.nproc} cores (${loadWhileMeasured(loadBefore)}), Node ${m.node}, SQLite.`,
      'Command: `npx tsx bench/run-makespan.ts` (in `npm run bench`).',
      `Setup: one generation of ${SECTIONS} synthesized sections, each citing a source and checked by the model judge, and 10 \`llm\` data-needs in a 4-deep chain (widths 4, 3, 2, 1), synthesis on; a fake OpenAI-compatible model answering every call after ${LATENCY_MS} ms over real HTTP, in the bench's process; Quire in its own process (the built \`dist/main.js\`, SQLite). Makespan = \`pipeline_finished.ts − pipeline_started.ts\`, median of ${RUNS} runs after a warm-up. Peers computed from the same graph: the critical path of model calls (${CRITICAL_PATH_MS / LATENCY_MS} calls) and the ideal list schedule at the run's limits (unit-time calls, highest level first, no overhead). Goals: makespan ÷ critical path ≤ 1.10 at concurrency ≥ width; ≤ 1.15 × the ideal list schedule at the defaults.`,
      '',
      '| `maxConcurrency` / `render.concurrency` | Makespan (median) | Runs | Critical path | ÷ critical path | Ideal list schedule | ÷ ideal |',
      '|---|---|---|---|---|---|---|',
      ...rows,
      '',
      'Before (issue #17, same graph and model latency): 7.9 s at the defaults, 6.7 s at 16 / 16 — needs one dependency layer at a time, one judge call after another once every section was written.',
    ].join('\n'),
  );
}

// The fake's keep-alive sockets may outlive close(): exit explicitly.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
