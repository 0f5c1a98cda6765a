/**
 * How many statements a generation run issues (issue 35, item 3: on PostgreSQL each is a round
 * trip, and the claim loop, the event batches and the per-section writes were most of a run's
 * CPU). Counted from the store's own query log, from the generate request to the run's end, on
 * a template of four written sections; the run is awaited through a connection of the test's
 * own, so the waiting adds no statements to the count.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashOf } from '../../src/pipeline/inputs-hash.js';
import { describeEachDialect } from '../support/dialects.js';
import { answerGeneration } from '../support/fake-generation-model.js';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai-server.js';
import { queryData } from '../support/quire-process.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

const SECTIONS = ['a', 'b', 'c', 'd'];

describeEachDialect('statements of one generation run', (dialect) => {
  let fake: FakeOpenAi;
  let server: TestServer;
  let token: string;
  const queries: string[] = [];
  let lastDocumentId = '';

  beforeAll(async () => {
    fake = await startFakeOpenAi({ respond: answerGeneration });
    server = await startTestServer({
      dialect,
      env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: 'k', QUIRE_SECRET_KEY: randomBytes(32).toString('base64') },
      onQuery: (sql) => queries.push(sql),
    });
    token = await server.login();
    const template = await server.call('POST', '/v1/templates', {
      token,
      org: 'acme',
      body: {
        slug: 'four-written',
        title: 'Four written sections',
        config: { verify: { judge: 'deterministic' } },
        sections: SECTIONS.map((key) => ({ key, title: `Written ${key}`, prompt: `Write sentence ${key}.` })),
      },
    });
    expect(template.status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  async function statementsOfRun(): Promise<string[]> {
    const created = await server.call('POST', '/v1/documents', { token, org: 'acme', body: { templateId: 'four-written' } });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { document: { id: string } }).document.id;
    lastDocumentId = id;
    queries.length = 0;
    const started = await server.call('POST', `/v1/documents/${id}/generate`, { token, org: 'acme', body: {} });
    expect(started.status).toBe(200);
    const data = { dialect, dataDir: server.dataDir, schema: server.schema };
    const status = await until(async () => {
      const [run] = await queryData<{ status: string }>(data, `select status from generation_runs where document_id = '${id}'`);
      return run && run.status !== 'running' ? run.status : undefined;
    }, 'the run to end');
    expect(status).toBe('finished');
    // The job's outcome is written after the run's own end: awaited too, so the count is the whole run's.
    await server.jobs.idle();
    const sections = await queryData<{ status: string; content: string }>(data, `select status, content from sections where document_id = '${id}'`);
    expect(sections.map((s) => s.status)).toEqual(SECTIONS.map(() => 'generated'));
    return [...queries];
  }

  it('writes the run output in statements that do not grow with its sections: one update of the sections, one version read, one version insert', async () => {
    await statementsOfRun();
    const run = await statementsOfRun();
    expect(run.filter((q) => /^update "sections"/i.test(q))).toHaveLength(1);
    expect(run.filter((q) => /\bsection_versions\b/i.test(q))).toHaveLength(2);
    // The generate request's check for edited sections and the run's input load; the update
    // answers with the sections it wrote (before ADR 0782: a third read in the output transaction).
    expect(run.filter((q) => /^select \* from "sections" where/i.test(q))).toHaveLength(2);
  });

  it('reads the document and its inputs once in the worker: the manifest hashes the spec the run loaded, as GET /spec answers it', async () => {
    await statementsOfRun();
    const run = await statementsOfRun();
    const report = run.join('\n');
    const reads = (table: string) => run.filter((q) => new RegExp(`^select \\* from "${table}" where`, 'i').test(q));
    // The generate request's read and the worker's (before: two more for the manifest's spec).
    expect(reads('documents'), report).toHaveLength(2);
    // The run's input load only (before: read again for the manifest's spec).
    expect(reads('document_fields'), report).toHaveLength(1);
    expect(reads('data_needs'), report).toHaveLength(1);
    expect(reads('document_snippets'), report).toHaveLength(1);
    // The run's sealed credential comes with the run's own read (before ADR 0791: a read of its own).
    expect(
      run.filter((q) => /^select .* from "run_credentials"/i.test(q)),
      report,
    ).toEqual([]);
    const id = lastDocumentId;
    const data = { dialect, dataDir: server.dataDir, schema: server.schema };
    const [snapshot] = await queryData<{ manifest_json: string }>(data, `select manifest_json from generation_snapshots where document_id = '${id}'`);
    const spec = await server.call('GET', `/v1/documents/${id}/spec`, { token, org: 'acme' });
    expect(spec.status).toBe(200);
    const manifest = (typeof snapshot.manifest_json === 'string' ? JSON.parse(snapshot.manifest_json) : snapshot.manifest_json) as {
      template: { specHash: string };
    };
    expect(manifest.template.specHash).toBe(hashOf(await spec.json()));
  });

  it('numbers the run in its insert and reads no webhook endpoints when the organization has none', async () => {
    await statementsOfRun();
    const run = await statementsOfRun();
    const report = run.join('\n');
    // The run's number comes with its insert (before ADR 0822: a `max(run_number)` read of its own).
    expect(
      run.filter((q) => /^select max\("run_number"\)/i.test(q)),
      report,
    ).toEqual([]);
    expect(run.filter((q) => /^insert into "generation_runs"/i.test(q)).length, report).toBe(1);
    // The run's end says whether the organization has enabled endpoints; with none, no read of
    // them (before ADR 0822: every run's output transaction listed them).
    expect(
      run.filter((q) => /^select .* from "webhook_endpoints"/i.test(q)),
      report,
    ).toEqual([]);
  });

  if (dialect === 'postgres') {
    it('claims its job in one transaction and writes each batch of events in one statement: few transactions, no claim per empty queue', async () => {
      await statementsOfRun();
      const run = await statementsOfRun();
      const report = run.join('\n');
      // Claims only where one statement saw a ready job (before: a claim transaction per registered queue on every look, ~25 a run),
      // as many jobs as there are free slots at once (before ADR 0781: a second claim to find the queue empty).
      // The claim and its lease in one statement (before ADR 0792: begin, pg-boss's fetch, the lease insert, commit).
      expect(run.filter((q) => /^\s*with claimed as/i.test(q)).length, report).toBe(1);
      expect(
        run.filter((q) => /^insert into "job_leases"/i.test(q)),
        report,
      ).toEqual([]);
      // The job is sent once, in the run's transaction (before ADR 0781: sent again after the commit, meeting pg-boss's key).
      expect(run.filter((q) => /^\s*insert into \S+\.job\b/i.test(q)).length, report).toBe(1);
      // The events' counter, rows and live change in one statement (before: six statements a batch).
      expect(
        run.filter((q) => /^insert into "run_events"/i.test(q)),
        report,
      ).toEqual([]);
      // The enqueue and the output; the claim and the job's outcome are one statement each (before ADR 0711: 33; before ADR 0781: 5; before ADR 0792: 3).
      expect(run.filter((q) => /^begin/i.test(q)).length, report).toBeLessThanOrEqual(2);
      // Event writes: pipeline_started, at most one 50 ms timer flush per group of queued events
      // (the stage starts, the renders, the verify events), the rest with the terminal event
      // (before ADR 0791: six, a write per stage start and one before the terminal write).
      expect(run.filter((q) => /^\s*with counter as/i.test(q)).length, report).toBeLessThanOrEqual(5);
      // Before ADRs 0711-0713: 160-166 statements for a three-section template; before ADR 0714: 60-66; before ADRs 0781-0782: 59;
      // before ADRs 0791-0792: 44-46; before ADR 0822: 37-38 (now 35-36, the 1 s poll landing in the run or not, up to three more if the event timer fires).
      expect(run.length, report).toBeLessThanOrEqual(39);
    });
  }
});
