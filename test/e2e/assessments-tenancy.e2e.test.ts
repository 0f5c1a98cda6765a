/**
 * Tenancy and batches over real HTTP on every dialect: another organization's assessment,
 * document, item, correction and batch are 404 everywhere (also inside a batch body) and stay
 * unchanged; batches run in the background with per-document rows, one active run per batch,
 * `scope: failed` retries, include/exclude and removal.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { assessmentRowCounts, postMultipart } from './assessments-helpers.js';

const TEXT = Buffer.from('Vendor: Contoso Ltd\nInvoice number: INV-7\nTotal: $10.00\n');

describeEachDialect('assessment tenancy and batches', (dialect) => {
  let server: TestServer;
  let acme: Api;
  let globex: Api;
  let token: string;
  let assessmentId: string;
  let docId: string;
  let itemId: string;
  let correctionId: string;
  let batchId: string;
  let batchDocId: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    acme = await apiFor(server);
    globex = acme.as('globex');
    const created = await postMultipart(server, token, 'acme', '/assessments', { name: 'Acme only' }, [{ name: 'a.txt', bytes: TEXT, type: 'text/plain' }]);
    assessmentId = created.body.assessment.id;
    docId = created.body.documents[0].id;
    await server.jobs.idle();
    itemId = (await acme.get(`/documents/${docId}/extracted-items`)).body.items[0].id;
    correctionId = (await acme.post(`/extracted-items/${itemId}/corrections`, { value: 'Contoso Limited', reason: 'format' })).body.id;
    const batch = await acme.post('/batches', { name: 'Acme batch', document_ids: [docId] });
    batchId = batch.body.batch.id;
    batchDocId = batch.body.batch_documents[0].id;
  });
  afterAll(async () => server?.close());

  it('answers 404 to another organization for every assessment-area id, and changes nothing', async () => {
    const rows = await assessmentRowCounts(server);
    const before = (await acme.get(`/documents/${docId}/extracted-items`)).body;
    const attempts: Array<Promise<{ status: number }>> = [
      globex.get(`/assessments/${assessmentId}`),
      globex.delete(`/assessments/${assessmentId}`),
      globex.get(`/assessments/${assessmentId}/completeness`),
      globex.get(`/assessments/${assessmentId}/document-processing-details`),
      globex.post(`/assessments/${assessmentId}/documents/${docId}/rerun`, { force: true }),
      globex.get(`/documents/${docId}`),
      globex.delete(`/documents/${docId}`),
      globex.get(`/documents/${docId}/content`),
      globex.get(`/documents/${docId}/extracted-items`),
      globex.post(`/documents/${docId}/extracted-items/${itemId}/validate`, { decision: 'reject' }),
      globex.post(`/documents/${docId}/extracted-items/validate-all`, {}),
      globex.post(`/documents/${docId}/export/json`, {}),
      globex.post(`/extracted-items/${itemId}/corrections`, { value: 'Globex', reason: 'wrong_value' }),
      globex.put(`/extracted-items/${itemId}/corrections/${correctionId}`, { status: 'reverted' }),
      globex.post(`/batches/${batchId}/runs`, {}),
      globex.put(`/batch-documents/${batchDocId}`, { included: false }),
      globex.delete(`/batch-documents/${batchDocId}`),
      globex.post('/batches/process', { batch_ids: [batchId] }),
      globex.post('/batches', { name: 'steal', assessment_id: assessmentId, document_ids: [] }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    const upload = await postMultipart(server, token, 'globex', `/assessments/${assessmentId}/documents`, {}, [
      { name: 'x.txt', bytes: TEXT, type: 'text/plain' },
    ]);
    expect(upload.status).toBe(404);
    const upload2 = await postMultipart(server, token, 'globex', '/documents', { assessment_id: assessmentId }, [
      { name: 'x.txt', bytes: TEXT, type: 'text/plain' },
    ]);
    expect(upload2.status).toBe(404);
    // Lists never show another organization's rows.
    expect((await globex.get('/assessments')).body.assessments).toEqual([]);
    expect((await globex.get('/documents')).body.documents).toEqual([]);
    expect((await globex.get('/batches')).body.batches).toEqual([]);
    expect((await globex.get(`/batch-documents?batch_id=${batchId}`)).body.batch_documents).toEqual([]);
    await server.jobs.idle();
    expect(await assessmentRowCounts(server)).toEqual(rows);
    expect((await acme.get(`/documents/${docId}/extracted-items`)).body).toEqual(before);
    expect((await acme.get(`/batch-documents/?batch_id=${batchId}`)).body.batch_documents[0]).toMatchObject({ included: true, status: 'pending' });
  });

  it("creates a batch only from the organization's own documents: foreign and unknown ids are rejected as not_found", async () => {
    const foreign = await postMultipart(server, token, 'globex', '/documents', {}, [{ name: 'g.txt', bytes: TEXT, type: 'text/plain' }]);
    const foreignId = foreign.body.documents[0].id;
    await server.jobs.idle();
    const rows = await assessmentRowCounts(server);
    const created = await acme.post('/batches', { name: 'Mixed', document_ids: [docId, foreignId, 'sdoc_unknown', docId] });
    expect(created.status).toBe(201);
    expect(created.body.batch_documents.map((r: { document_id: string }) => r.document_id)).toEqual([docId]);
    expect(created.body.rejected).toEqual([
      { document_id: foreignId, reason: 'not_found' },
      { document_id: 'sdoc_unknown', reason: 'not_found' },
    ]);
    const stored = await server.store.db.selectFrom('batch_documents').select('document_id').where('batch_id', '=', created.body.batch.id).execute();
    expect(stored.map((r) => r.document_id)).toEqual([docId]);
    expect((await assessmentRowCounts(server)).batch_documents).toBe(rows.batch_documents + 1);
    expect((await acme.post('/batches', { name: 'x', document_ids: [], extra: 1 })).status).toBe(422);
    expect((await acme.post('/batches', { name: '  ', document_ids: [] })).status).toBe(422);
  });

  it('runs a batch in the background: per-document rows, one active run, failed-only retries, exclude/include, delete', async () => {
    const up = await postMultipart(server, token, 'acme', '/documents', {}, [
      { name: 'one.txt', bytes: Buffer.from('Vendor: One Ltd\n'), type: 'text/plain' },
      { name: 'two.txt', bytes: Buffer.from('Vendor: Two Ltd\n'), type: 'text/plain' },
    ]);
    await server.jobs.idle();
    const [one, two] = up.body.documents.map((d: { id: string }) => d.id);
    const created = await acme.post('/batches', { name: 'January', document_ids: [one, two, docId], options: { preserve_corrections: false } });
    expect(created.body.batch).toMatchObject({ status: 'draft', counts: { total: 3, pending: 3 } });
    const id = created.body.batch.id;

    const started = await acme.post(`/batches/${id}/runs`, { scope: 'all' });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ started: true, run: { run_number: 1, scope: 'all', status: 'queued', counts: { targeted: 3 } } });
    const again = await acme.post(`/batches/${id}/runs`, {});
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ started: false, already_running: true, run_id: started.body.run.id });
    await server.jobs.idle();

    // docId carries a human correction and the batch does not preserve it: that row fails, the others succeed.
    const rows = (await acme.get(`/batch-documents?batch_id=${id}`)).body.batch_documents;
    const byDoc = Object.fromEntries(rows.map((r: { document_id: string }) => [r.document_id, r]));
    // The row's count is the run's: the items now listed for that document (its vendor, and what a page says about itself).
    const listed = (await acme.get(`/documents/${one}/extracted-items`)).body.items as Array<{ key: string }>;
    expect(listed.map((i) => i.key)).toContain('vendor.name');
    expect(byDoc[one]).toMatchObject({ status: 'succeeded', attempts: 1, last_error: null, result: { item_count: listed.length } });
    expect(byDoc[one].last_run_id).toMatch(/^run_/);
    expect(byDoc[docId]).toMatchObject({ status: 'failed', last_error: { code: 'blocked_human_work', category: 'policy' } });
    const list = (await acme.get('/batches')).body.batches.find((b: { id: string }) => b.id === id);
    expect(list).toMatchObject({ status: 'completed_with_errors', counts: { succeeded: 2, failed: 1 }, latest_run_id: started.body.run.id });

    const retry = await acme.post(`/batches/${id}/runs`, { scope: 'failed', preserve_corrections: true });
    expect(retry.body.run).toMatchObject({ run_number: 2, scope: 'failed', counts: { targeted: 1 } });
    await server.jobs.idle();
    const retried = (await acme.get(`/batch-documents?batch_id=${id}&document_id=${docId}`)).body.batch_documents[0];
    expect(retried).toMatchObject({ status: 'succeeded', attempts: 1 });
    const carried = (await acme.get(`/documents/${docId}/extracted-items`)).body.items.find((i: { key: string }) => i.key === 'vendor.name');
    expect(carried).toMatchObject({ value: 'Contoso Limited', current_correction_id: correctionId });
    expect((await acme.get('/batches')).body.batches.find((b: { id: string }) => b.id === id).status).toBe('completed');

    const excluded = await acme.put(`/batch-documents/${byDoc[two].id}`, { included: false });
    expect(excluded.body).toMatchObject({ included: false, status: 'excluded' });
    const process = await acme.post('/batches/process', { batch_ids: [id], scope: 'all' });
    expect(process.status).toBe(202);
    expect(process.body.runs[0].counts.targeted).toBe(2);
    await server.jobs.idle();
    expect((await acme.get(`/batch-documents?batch_id=${id}&status=excluded`)).body.batch_documents.map((r: { id: string }) => r.id)).toEqual([byDoc[two].id]);
    const nothing = await acme.post('/batches/process', { batch_ids: [id], scope: 'pending' });
    expect(nothing.body).toEqual({ runs: [], skipped: [{ batch_id: id, reason: 'nothing_to_do' }] });
    expect((await acme.put(`/batch-documents/${byDoc[two].id}`, { included: true })).body.status).toBe('pending');
    expect((await acme.put(`/batch-documents/${byDoc[two].id}`, {})).status).toBe(422);

    expect((await acme.delete(`/batch-documents/${byDoc[two].id}`)).body).toEqual({ ok: true });
    expect((await acme.get(`/documents/${two}`)).status).toBe(200);
    expect((await acme.get(`/batch-documents?batch_id=${id}`)).body.batch_documents).toHaveLength(2);
    expect((await acme.delete(`/batch-documents/${byDoc[two].id}`)).status).toBe(404);
  });
});
