/**
 * Issue #13 — "deleting never waits on work": deleting a source document, or its assessment,
 * while its extraction runs (here: waiting on a slow model) cancels the run and deletes at once,
 * answering 200; the cancelled run leaves nothing behind (no items, runs, blob, job rows), and
 * later uploads still process normally.
 *
 * "At once" is shown by the outcome, not by a stopwatch: the model never answers within the test's
 * timeout (nor does the service give up on it), so a delete that waited for the run would time out.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai-server.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { until } from '../support/until.js';
import { assessmentRowCounts, postMultipart, storedBlobs } from '../e2e/assessments-helpers.js';

/** Far beyond the tests' 60 s timeout: the run can only end by being cancelled. */
const MODEL_LATENCY_MS = 600_000;
const TEXT = 'Supply agreement\nSupplier: Contoso Ltd\n';

describeEachDialect('deleting while extraction runs', (dialect) => {
  let fake: FakeOpenAi;
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi({
      latencyMs: MODEL_LATENCY_MS,
      respond: () => ({
        content: JSON.stringify({
          entities: { people: [], organizations: [], places: [], dates: [], money: [], emails: [] },
          fieldValues: { 'vendor.name': 'Contoso Ltd' },
        }),
      }),
    });
    server = await startTestServer({
      dialect,
      env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_TIMEOUT_MS: String(MODEL_LATENCY_MS * 2) },
    });
    token = await server.login();
    api = await apiFor(server);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  /** Uploads one text file into a new assessment and waits until its extraction calls the model. */
  async function uploadAndWaitForModel(): Promise<{ assessmentId: string; docId: string; runId: string }> {
    const before = fake.requests.length;
    const created = await postMultipart(
      server,
      token,
      'acme',
      '/assessments',
      { name: 'Slow', processor_id: 'prc_llm_fields', requirements: JSON.stringify([{ key: 'vendor.name' }]) },
      [{ name: 'contract.txt', bytes: Buffer.from(TEXT, 'utf8'), type: 'text/plain' }],
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const docId: string = created.body.documents[0].id;
    await until(async () => (fake.requests.length > before ? true : undefined), 'the extraction calling the model');
    const doc = await api.get(`/documents/${docId}`);
    expect(doc.body.processing_status).toBe('processing');
    const runs = await server.store.db.selectFrom('processing_runs').select('id').where('document_id', '=', docId).execute();
    expect(runs).toHaveLength(1);
    return { assessmentId: created.body.assessment.id, docId, runId: runs[0].id };
  }

  async function expectNothingLeft(docId: string, runId: string): Promise<void> {
    const counts = await assessmentRowCounts(server);
    expect(counts.source_documents).toBe(0);
    expect(counts.processing_runs).toBe(0);
    expect(counts.extracted_items).toBe(0);
    const jobs = await server.store.db
      .selectFrom('jobs')
      .select('id')
      .where(sql<boolean>`id like ${`%${runId}%`}`)
      .execute();
    expect(jobs).toEqual([]);
    expect(await storedBlobs(server)).toEqual({ keys: [], partial: 0 });
    expect((await api.get(`/documents/${docId}`)).status).toBe(404);
  }

  it('DELETE /documents/{id} cancels the running extraction and deletes at once', { timeout: 60_000 }, async () => {
    const { docId, runId } = await uploadAndWaitForModel();
    const deleted = await api.delete(`/documents/${docId}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await expectNothingLeft(docId, runId);
  });

  it('DELETE /assessments/{id} cancels its running extraction and deletes at once', { timeout: 60_000 }, async () => {
    const { assessmentId, docId, runId } = await uploadAndWaitForModel();
    const deleted = await api.delete(`/assessments/${assessmentId}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await expectNothingLeft(docId, runId);
    expect((await api.get(`/assessments/${assessmentId}`)).status).toBe(404);
  });
});
