/**
 * Issue #14 — Quire as a multi-host deployment runs it: two `ROLE=api` and two `ROLE=worker`
 * processes on loopback, each with a DATA_DIR of its own, sharing one PostgreSQL. Work is
 * accepted on one API node, run by a worker, and followed live from the other API node; a
 * worker killed with SIGKILL mid-run has its run ended by the surviving worker within the run
 * lease, with exactly one terminal event on every follower.
 *
 * One cluster for the file; each check is its own `it` (more checks — an upload extracted on a
 * worker, a per-user tool answering on a worker, a webhook received once — join as further
 * `it` blocks on the same cluster and helpers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobEngineSchemaOf } from '../../src/jobs/pg-boss/engine-db.js';
import { POSTGRES_URL } from '../support/dialects.js';
import { answerGeneration, writtenTemplate } from '../support/fake-generation-model.js';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai-server.js';
import { type QuireCluster, startQuireCluster } from '../support/quire-cluster.js';
import type { QuireProcess } from '../support/quire-process.js';

/** Short, so a dead worker's run ends within seconds (production: 30 s, at most 45). */
const LEASE_SECONDS = 3;
/** Every model call takes this long: a run lasts a few seconds, long enough to die in. */
const MODEL_LATENCY_MS = 1500;
const TERMINAL = /"event":"pipeline_(finished|failed|blocked)"/g;

interface Followed {
  events: Array<{ event: string; runId?: number }>;
  terminals: string[];
}

/** Follows a document's progress on `node` until the stream closes (after its terminal event). */
async function follow(node: QuireProcess, documentId: string): Promise<Followed> {
  const response = await fetch(`${node.url}/v1/documents/${documentId}/progress`, {
    headers: { authorization: `Bearer ${node.token}`, 'x-org-slug': 'acme' },
    signal: AbortSignal.timeout(90_000),
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  const events = text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)) as { event: string; runId?: number });
  return { events, terminals: text.match(TERMINAL) ?? [] };
}

async function until<T>(look: () => Promise<T | undefined>, what: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await look();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const suite = POSTGRES_URL ? describe : describe.skip;

suite('multi-node: 2 API + 2 worker processes on one PostgreSQL', () => {
  let fake: FakeOpenAi;
  let cluster: QuireCluster;
  let apiA: QuireProcess;
  let apiB: QuireProcess;
  let engineSchema: string;

  /** A new document of the test template, created through API A. */
  async function newDocument(): Promise<string> {
    const created = await apiA.json('POST', '/v1/documents', { templateId: 'multi-node' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.document.id as string;
  }

  async function generateOn(node: QuireProcess, documentId: string): Promise<void> {
    const started = await node.json('POST', `/v1/documents/${documentId}/generate`, { force: true });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.started).toBe(true);
  }

  beforeAll(async () => {
    fake = await startFakeOpenAi({ latencyMs: MODEL_LATENCY_MS, respond: answerGeneration });
    cluster = await startQuireCluster({
      apis: 2,
      workers: 2,
      env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: 'test-key', JOB_LEASE_SECONDS: String(LEASE_SECONDS) },
    });
    [apiA, apiB] = cluster.apis;
    engineSchema = jobEngineSchemaOf(cluster.store.schema ?? '');
    const template = await apiA.json('POST', '/v1/templates', writtenTemplate('multi-node', 'Multi-node'));
    expect(template.status, JSON.stringify(template.body)).toBe(201);
  }, 180_000);

  afterAll(async () => {
    await cluster?.close();
    await fake?.close();
  });

  it('generates through API A, streams it live on API B, and runs the job on a worker', { timeout: 120_000 }, async () => {
    const documentId = await newDocument();
    await generateOn(apiA, documentId);
    const followed = await follow(apiB, documentId);
    expect(followed.terminals, JSON.stringify(followed.events.at(-1))).toEqual(['"event":"pipeline_finished"']);
    expect(new Set(followed.events.map((e) => e.runId))).toEqual(new Set([1]));

    // The engine's record of the job names the process that ran it: a worker, never an API node.
    const ran = await cluster.query<{ ran_by: string }>(`select output->>'ranBy' as ran_by from "${engineSchema}".job where name = 'generate-document' and state = 'completed'`);
    expect(ran).toHaveLength(1);
    const pid = Number(ran[0].ran_by.split(':')[1]);
    expect(cluster.workers.map((w) => w.child.pid)).toContain(pid);
    expect(cluster.apis.map((a) => a.child.pid)).not.toContain(pid);
    // The table-backed queue of the SQLite deployments is not used.
    expect(await cluster.query<{ n: string }>('select count(*) as n from jobs')).toEqual([{ n: '0' }]);
  });

  it('ends the run of a worker killed mid-run with exactly one terminal event on every follower', { timeout: 150_000 }, async () => {
    const documentId = await newDocument();
    await generateOn(apiA, documentId);
    // The run's lease names the worker that holds it.
    const holder = await until(async () => (await cluster.query<{ holder: string }>("select holder from job_leases where job_name = 'generate-document'"))[0]?.holder, 'a worker to take the run');
    const victim = cluster.workers.find((w) => w.child.pid === Number(holder.split(':')[1]));
    if (!victim) throw new Error(`the lease holder ${holder} is not one of the workers`);
    const followers = [follow(apiA, documentId), follow(apiB, documentId)];

    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    expect((await victim.exited).signal).toBe('SIGKILL');
    const [onA, onB] = await Promise.all(followers);
    console.log(`multi-node: a killed worker's run ended ${Date.now() - killedAt} ms after the kill (lease ${LEASE_SECONDS} s)`);

    for (const followed of [onA, onB]) {
      expect(followed.terminals).toEqual(['"event":"pipeline_failed"']);
      expect(followed.events.at(-1)).toMatchObject({ event: 'pipeline_failed', runId: 1, error: 'the process running this generation stopped before it finished' });
    }
    const runs = await cluster.query<{ status: string; terminals: string }>(
      `select r.status, (select count(*) from run_events e where e.run_id = r.id and e.event in ('pipeline_finished', 'pipeline_failed', 'pipeline_blocked')) as terminals from generation_runs r where r.document_id = '${documentId}'`,
    );
    expect(runs).toEqual([{ status: 'failed', terminals: '1' }]);
    expect(await cluster.query("select job_id from job_leases where job_name = 'generate-document'")).toEqual([]);

    // The surviving worker carries on: the next run, accepted on B and followed on A, finishes.
    await generateOn(apiB, documentId);
    const again = await follow(apiA, documentId);
    expect(again.terminals, JSON.stringify(again.events.at(-1))).toEqual(['"event":"pipeline_finished"']);
    expect(again.events.at(-1)).toMatchObject({ event: 'pipeline_finished', runId: 2 });
  });
});
