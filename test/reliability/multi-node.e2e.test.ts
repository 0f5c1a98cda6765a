/**
 * Issue #14 — Quire as a multi-host deployment runs it: two `ROLE=api` and two `ROLE=worker`
 * processes on loopback, each with a DATA_DIR of its own, sharing one PostgreSQL. Work is
 * accepted on one API node, run by a worker, and followed live from the other API node; a
 * worker killed with SIGKILL mid-run has its run ended by the surviving worker within the run
 * lease, with exactly one terminal event on every follower.
 *
 * The other things that must work on any node, on the same cluster: a file uploaded through an
 * API node is extracted on a worker (the blob is in the shared store, not in a DATA_DIR); a
 * per-user MCP source answers for the caller on a worker (the caller's token travels sealed
 * with the run); and every terminal generation event reaches a registered webhook exactly once.
 *
 * One cluster for the file; each check is its own `it`, in this order (the webhook check counts
 * the terminal events of all the runs before it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningTestServer, startMcpTestServer } from '../../src/adapters/tools/test-support/tool-test-servers.js';
import { jobEngineSchemaOf } from '../../src/jobs/pg-boss/engine-db.js';
import { multipart } from '../e2e/assessments-helpers.js';
import { POSTGRES_URL } from '../support/dialects.js';
import { answerGeneration, writtenTemplate } from '../support/fake-generation-model.js';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai-server.js';
import { type QuireCluster, startQuireCluster } from '../support/quire-cluster.js';
import type { QuireProcess } from '../support/quire-process.js';
import { until } from '../support/until.js';
import { type WebhookReceiver, startWebhookReceiver } from '../support/webhook-receiver.js';

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

const suite = POSTGRES_URL ? describe : describe.skip;

suite('multi-node: 2 API + 2 worker processes on one PostgreSQL', () => {
  let fake: FakeOpenAi;
  let cluster: QuireCluster;
  let apiA: QuireProcess;
  let apiB: QuireProcess;
  let engineSchema: string;
  let mcp: RunningTestServer;
  let receiver: WebhookReceiver;
  /** What the per-user MCP source accepts: exactly API A's caller (its token is set once A is up). */
  const caller = { token: '', email: 'dev@localhost' };

  /** The process ids that ran completed jobs of `name`, from the engine's record of each job. */
  async function ranBy(name: string): Promise<number[]> {
    const rows = await cluster.query<{ ran_by: string }>(
      `select output->>'ranBy' as ran_by from "${engineSchema}".job where name = '${name}' and state = 'completed'`,
    );
    return rows.map((row) => Number(row.ran_by.split(':')[1]));
  }

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
    mcp = await startMcpTestServer(caller);
    receiver = await startWebhookReceiver();
    cluster = await startQuireCluster({
      apis: 2,
      workers: 2,
      env: {
        LLM_PROVIDER: 'openai-compatible',
        LLM_BASE_URL: fake.baseUrl,
        LLM_API_KEY: 'test-key',
        JOB_LEASE_SECONDS: String(LEASE_SECONDS),
        // The MCP source and the webhook receiver listen on loopback, which only the allow-list lets through.
        TOOL_ALLOWED_HOSTS: `127.0.0.1:${mcp.port},127.0.0.1:${receiver.port}`,
      },
    });
    [apiA, apiB] = cluster.apis;
    caller.token = apiA.token;
    engineSchema = jobEngineSchemaOf(cluster.store.schema ?? '');
    // Registered before any run, so every terminal event of the file is delivered.
    const webhook = await apiA.json('POST', '/v1/webhooks', {
      url: `${receiver.url}/quire`,
      events: ['generation.finished', 'generation.failed', 'generation.blocked'],
    });
    expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);
    receiver.secrets.set('/quire', webhook.body.secret as string);
    const template = await apiA.json('POST', '/v1/templates', writtenTemplate('multi-node', 'Multi-node'));
    expect(template.status, JSON.stringify(template.body)).toBe(201);
  }, 180_000);

  afterAll(async () => {
    await cluster?.close();
    await fake?.close();
    await mcp?.close();
    await receiver?.close();
  });

  it('generates through API A, streams it live on API B, and runs the job on a worker', { timeout: 120_000 }, async () => {
    const documentId = await newDocument();
    await generateOn(apiA, documentId);
    const followed = await follow(apiB, documentId);
    expect(followed.terminals, JSON.stringify(followed.events.at(-1))).toEqual(['"event":"pipeline_finished"']);
    expect(new Set(followed.events.map((e) => e.runId))).toEqual(new Set([1]));

    // The engine's record of the job names the process that ran it: a worker, never an API node.
    const ran = await cluster.query<{ ran_by: string }>(
      `select output->>'ranBy' as ran_by from "${engineSchema}".job where name = 'generate-document' and state = 'completed'`,
    );
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
    const holder = await until(
      async () => (await cluster.query<{ holder: string }>("select holder from job_leases where job_name = 'generate-document'"))[0]?.holder,
      'a worker to take the run',
    );
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
      expect(followed.events.at(-1)).toMatchObject({
        event: 'pipeline_failed',
        runId: 1,
        error: 'the process running this generation stopped before it finished',
      });
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

  it('extracts on a worker a file uploaded through API A, and API B reads its items', { timeout: 120_000 }, async () => {
    const upload = multipart({ name: 'Invoices' }, [
      { name: 'invoice.txt', bytes: Buffer.from('Vendor: Contoso Ltd\nInvoice number: INV-7\nTotal: $110.00\n'), type: 'text/plain' },
    ]);
    const created = await fetch(`${apiA.url}/assessments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiA.token}`, 'x-org-slug': 'acme', 'content-type': upload.contentType },
      body: upload.body,
    });
    const body = (await created.json()) as { documents: Array<{ id: string }> };
    expect(created.status, JSON.stringify(body)).toBe(201);
    const documentId = body.documents[0].id;
    const status = await until(async () => {
      const read = await apiB.json('GET', `/documents/${documentId}`);
      return ['processed', 'partially_processed', 'failed'].includes(read.body.processing_status) ? (read.body.processing_status as string) : undefined;
    }, 'the upload to be extracted');
    expect(status).toBe('processed');
    const items = await apiB.json('GET', `/documents/${documentId}/extracted-items`);
    expect(items.body.items.find((item: { key: string }) => item.key === 'vendor.name')?.value).toBe('Contoso Ltd');
    const pids = await ranBy('assessments.process-run');
    expect(pids).toHaveLength(1);
    expect(cluster.workers.map((w) => w.child.pid)).toContain(pids[0]);
  });

  it("answers a per-user MCP source for API A's caller on a worker", { timeout: 120_000 }, async () => {
    const tool = await apiA.json('POST', '/v1/tool-registrations', {
      name: 'matters',
      category: 'crm',
      classPath: 'mcp.http',
      configJson: { url: `${mcp.url}/mcp`, tool: 'lookup_matter' },
    });
    expect(tool.status, JSON.stringify(tool.body)).toBe(201);
    const template = await apiA.json('POST', '/v1/templates', {
      slug: 'matter-note',
      title: 'Matter note',
      fields: [{ key: 'client', label: 'Client' }],
      sections: [
        { key: 'matters', title: 'Matters', render_mode: 'templated', output_template: 'Matters of {{ matters.owner }}: {{ matters.matters | join(", ") }}' },
      ],
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const created = await apiA.json('POST', '/v1/documents', { templateId: 'matter-note', fields: { client: 'Acme' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const documentId = created.body.document.id as string;
    const need = await apiA.json('POST', `/v1/documents/${documentId}/data-needs`, {
      kind: 'tool',
      output_key: 'matters',
      tool_ref: 'matters',
      args_json: { client: '{{ client }}' },
    });
    expect(need.status, JSON.stringify(need.body)).toBe(201);

    await generateOn(apiA, documentId);
    const followed = await follow(apiB, documentId);
    expect(followed.terminals, JSON.stringify(followed.events.at(-1))).toEqual(['"event":"pipeline_finished"']);
    const sections = await apiB.json('GET', `/v1/documents/${documentId}/sections`);
    expect(sections.body[0].content).toBe('Matters of dev@localhost: Acme – data processing agreement');
    const calls = mcp.requests.filter((r) => r.method === 'POST');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.headers).toMatchObject({ authorization: `Bearer ${apiA.token}`, 'x-user-email': 'dev@localhost' });
    // Every generation of the file so far, this one included, ran on a worker process.
    const workerPids = cluster.workers.map((w) => w.child.pid);
    const generatedBy = await ranBy('generate-document');
    expect(generatedBy.length).toBeGreaterThanOrEqual(3);
    for (const pid of generatedBy) expect(workerPids).toContain(pid);
  });

  it('delivers every terminal generation event of the file to the webhook exactly once, signed', { timeout: 120_000 }, async () => {
    const terminals = await cluster.query<{ event: string }>(
      "select event from run_events where event in ('pipeline_finished', 'pipeline_failed', 'pipeline_blocked')",
    );
    // The runs above: finished, failed (the killed worker's), finished, finished.
    expect(terminals.map((t) => t.event).sort()).toEqual(['pipeline_failed', 'pipeline_finished', 'pipeline_finished', 'pipeline_finished']);
    const delivered = await until(async () => {
      const got = receiver.on('/quire');
      return got.length >= terminals.length ? got : undefined;
    }, 'a delivery per terminal event');
    // Absence of a duplicate, shown by order: a delivery is sent before its row is marked
    // delivered, so once every row is delivered after one attempt, every send has arrived.
    const settled = await until(async () => {
      const rows = await cluster.query<{ status: string; attempt_count: number }>('select status, attempt_count from webhook_deliveries');
      return rows.length === terminals.length && rows.every((r) => r.status === 'delivered') ? rows : undefined;
    }, 'every webhook delivery marked delivered');
    expect(settled.map((r) => Number(r.attempt_count))).toEqual(terminals.map(() => 1));
    const attempts = await cluster.query<{ n: number }>('select count(*) as n from webhook_delivery_attempts');
    expect(Number(attempts[0].n)).toBe(terminals.length);
    expect(receiver.on('/quire')).toHaveLength(terminals.length);
    expect(delivered.every((d) => d.signatureValid)).toBe(true);
    expect(new Set(delivered.map((d) => d.id)).size).toBe(terminals.length);
    expect(delivered.map((d) => d.body.type).sort()).toEqual(['generation.failed', 'generation.finished', 'generation.finished', 'generation.finished']);
  });
});
