/**
 * Jobs on PostgreSQL (issue #14, "How it is checked"): generations per minute with 1 and with 2
 * worker processes, and the time from a worker's `kill -9` to its run's terminal event.
 * Real processes (`node dist/main.js`): one `ROLE=api` node that accepts the generate
 * requests and N `ROLE=worker` nodes (`JOB_CONCURRENCY=2` each) on one PostgreSQL schema; the
 * model is a fake OpenAI-compatible server answering every call after a fixed latency, so the
 * figures are Quire's own (queueing, claiming, pipeline, persistence), not a provider's.
 * Run with `TEST_POSTGRES_URL=postgres://… npx tsx bench/job-throughput.ts` (part of
 * `npm run bench`; skipped without a PostgreSQL URL). Results go to the `## Job throughput`
 * section of BENCHMARKS.md.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { POSTGRES_URL } from '../test/support/dialects.js';
import { answerGeneration, writtenTemplate } from '../test/support/fake-generation-model.js';
import { type FakeOpenAi, startFakeOpenAi } from '../test/support/fake-openai-server.js';
import { type QuireCluster, startQuireCluster } from '../test/support/quire-cluster.js';
import { loadWhileMeasured, machine, writeBenchmarkSection } from './benchmarks-file.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MODEL_LATENCY_MS = 250;
const RUNS = 24;
const CONCURRENCY = 2;
const KILL_LEASES_SECONDS = [30, 5];

const TEMPLATE = writtenTemplate('bench-jobs', 'Bench jobs');

async function sleep(ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

async function clusterOf(fake: FakeOpenAi, workers: number, leaseSeconds = 30): Promise<QuireCluster> {
  const cluster = await startQuireCluster({
    apis: 1,
    workers,
    env: {
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: fake.baseUrl,
      LLM_API_KEY: 'bench-key',
      JOB_CONCURRENCY: String(CONCURRENCY),
      JOB_LEASE_SECONDS: String(leaseSeconds),
    },
  });
  const created = await cluster.apis[0].json('POST', '/v1/templates', TEMPLATE);
  if (created.status !== 201) throw new Error(`template: ${created.status} ${JSON.stringify(created.body)}`);
  return cluster;
}

async function newDocuments(cluster: QuireCluster, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await cluster.apis[0].json('POST', '/v1/documents', { templateId: 'bench-jobs' })).body.document.id as string);
  return ids;
}

async function generate(cluster: QuireCluster, documentId: string): Promise<void> {
  const started = await cluster.apis[0].json('POST', `/v1/documents/${documentId}/generate`, { force: true });
  if (started.status !== 200 || started.body.started !== true) throw new Error(`generate: ${started.status} ${JSON.stringify(started.body)}`);
}

async function ended(cluster: QuireCluster, documentIds: string[]): Promise<{ finished: number; ended: number }> {
  const list = documentIds.map((id) => `'${id}'`).join(',');
  const rows = await cluster.query<{ status: string; n: string }>(
    `select status, count(*) as n from generation_runs where document_id in (${list}) group by status`,
  );
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { finished: count('finished'), ended: count('finished') + count('failed') + count('blocked') };
}

/** RUNS generations on distinct documents, all requested at once; per minute from the first request to the last terminal status. */
async function throughput(fake: FakeOpenAi, workers: number): Promise<{ workers: number; seconds: number; perMinute: number; finished: number }> {
  const cluster = await clusterOf(fake, workers);
  try {
    const [warm, ...documents] = await newDocuments(cluster, RUNS + 1);
    await generate(cluster, warm);
    while ((await ended(cluster, [warm])).ended < 1) await sleep(50);
    const began = performance.now();
    await Promise.all(documents.map((id) => generate(cluster, id)));
    let state = await ended(cluster, documents);
    while (state.ended < documents.length) {
      await sleep(50);
      state = await ended(cluster, documents);
    }
    const seconds = (performance.now() - began) / 1000;
    return { workers, seconds, perMinute: (documents.length / seconds) * 60, finished: state.finished };
  } finally {
    await cluster.close();
  }
}

/** kill -9 the worker holding a run; ms until the run's terminal event is stored. */
async function killToTerminal(fake: FakeOpenAi, leaseSeconds: number): Promise<number> {
  const cluster = await clusterOf(fake, 2, leaseSeconds);
  try {
    const [documentId] = await newDocuments(cluster, 1);
    await generate(cluster, documentId);
    let holder: string | undefined;
    while (!holder) {
      holder = (await cluster.query<{ holder: string }>("select holder from job_leases where job_name = 'generate-document'"))[0]?.holder;
      if (!holder) await sleep(10);
    }
    const victim = cluster.workers.find((w) => w.child.pid === Number(holder?.split(':')[1]));
    if (!victim) throw new Error(`no worker holds ${holder}`);
    const killedAt = performance.now();
    victim.child.kill('SIGKILL');
    const terminal = `select count(*) as n from run_events e join generation_runs r on r.id = e.run_id where r.document_id = '${documentId}' and e.event in ('pipeline_finished', 'pipeline_failed', 'pipeline_blocked')`;
    while (Number((await cluster.query<{ n: string }>(terminal))[0].n) < 1) await sleep(20);
    return performance.now() - killedAt;
  } finally {
    await cluster.close();
  }
}

async function main(): Promise<void> {
  if (!POSTGRES_URL) {
    console.log('job-throughput: skipped (set TEST_POSTGRES_URL to a PostgreSQL database)');
    return;
  }
  const built = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('build failed');
  const fake = await startFakeOpenAi({ latencyMs: MODEL_LATENCY_MS, respond: answerGeneration });
  try {
    const loadBefore = loadavg()[0];
    const rates = [];
    for (const workers of [1, 2]) {
      const rate = await throughput(fake, workers);
      console.log(`${workers} worker(s): ${RUNS} generations in ${rate.seconds.toFixed(1)} s = ${rate.perMinute.toFixed(0)}/min (${rate.finished} finished)`);
      rates.push(rate);
    }
    const kills = [];
    for (const lease of KILL_LEASES_SECONDS) {
      const ms = await killToTerminal(fake, lease);
      console.log(`kill -9 → terminal event: ${(ms / 1000).toFixed(1)} s (JOB_LEASE_SECONDS=${lease})`);
      kills.push({ lease, ms });
    }
    const m = machine();
    const section = [
      '## Job throughput',
      '',
      `Machine: ${m.cpu}, ${m.nproc} cores (${loadWhileMeasured(loadBefore)}), Node ${m.node}, PostgreSQL on the same host.`,
      'Command: `TEST_POSTGRES_URL=postgres://… npx tsx bench/job-throughput.ts` (in `npm run bench`).',
      `Setup: real processes (\`node dist/main.js\`), 1 \`ROLE=api\` node and N \`ROLE=worker\` nodes (\`JOB_CONCURRENCY=${CONCURRENCY}\`) on one schema; a fake OpenAI-compatible model answering every call after ${MODEL_LATENCY_MS} ms; a template of 2 written sections and 1 templated; ${RUNS} generations on distinct documents requested at once after one warm-up run; timed from the first request to the last run's terminal status.`,
      '',
      '| Workers | Generations | Seconds | Generations per minute | Finished |',
      '|---|---|---|---|---|',
      ...rates.map((r) => `| ${r.workers} | ${RUNS} | ${r.seconds.toFixed(1)} | ${r.perMinute.toFixed(0)} | ${r.finished} |`),
      '',
      `Speed-up with 2 workers: ×${(rates[1].perMinute / rates[0].perMinute).toFixed(2)}.`,
      '',
      'A worker killed with SIGKILL while it holds a run (2 workers; the survivor takes the lease over and ends the run with `pipeline_failed`), from the kill to the stored terminal event:',
      '',
      '| `JOB_LEASE_SECONDS` | Kill → terminal event |',
      '|---|---|',
      ...kills.map((k) => `| ${k.lease}${k.lease === 30 ? ' (default)' : ''} | ${(k.ms / 1000).toFixed(1)} s |`),
      '',
      'The bound is the lease plus one sweep (a third of the lease): 40 s at the default, 60 s at the largest allowed lease (45 s).',
    ].join('\n');
    await writeBenchmarkSection('Job throughput', section);
  } finally {
    await fake.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
