/**
 * Review over real HTTP on every dialect: validate one (checks first, stale version 409),
 * validate-all (dry run, min_confidence, needs_review untouched), corrections (type 422,
 * revisions with history, superseded 409, revert), rerun (409 on human work, preserve carries
 * corrections forward, force supersedes), completeness, processors, exporters and the bridge.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { assessmentGapsForDocument } from '../../src/modules/assessments/bridge/assessment-gaps-for-document.js';
import { validatedItemsForNeed } from '../../src/modules/assessments/bridge/validated-items-for-need.js';
import { systemContext } from '../../src/modules/system-context.js';
import { type Api, apiFor, instantiate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

// The fax number is a phone number no other rule reads the same way: with calibrated confidence
// (src/extraction/confidence-calibration.ts) it is the document's one item below the review threshold.
const INVOICE = 'Vendor: Contoso Ltd\nInvoice number: INV-100\nTotal: $110.00\nPhone: +1 555 010 0200\nFax: +1 555 010 0299\n';
type Item = {
  id: string;
  key: string;
  version: number;
  value: unknown;
  value_text: string | null;
  validation: { status: string; decided_by: string | null; decision_source: string | null };
  current_correction_id: string | null;
  extracted: { value: unknown };
  confidence: { overall: number | null };
};

describeEachDialect('assessment review', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;
  let assessmentId: string;
  let docId: string;
  let items: Item[];

  const orgIdOf = async (slug: string): Promise<string> =>
    (await server.store.db.selectFrom('organizations').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  const load = async (): Promise<Item[]> => (await api.get(`/documents/${docId}/extracted-items`)).body.items;
  const item = (key: string): Item => {
    const found = items.find((i) => i.key === key);
    if (!found) throw new Error(`no ${key} in ${items.map((i) => i.key).join(', ')}`);
    return found;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    api = await apiFor(server);
  });
  afterAll(async () => server?.close());

  beforeEach(async () => {
    const created = await postMultipart(
      server,
      token,
      'acme',
      '/assessments',
      {
        name: 'Review',
        requirements: JSON.stringify([
          { key: 'vendor.name', label: 'Vendor name' },
          { key: 'tax.id', label: 'Tax ID' },
        ]),
      },
      [{ name: 'invoice.txt', bytes: Buffer.from(INVOICE), type: 'text/plain' }],
    );
    expect(created.status).toBe(201);
    assessmentId = created.body.assessment.id;
    docId = created.body.documents[0].id;
    await server.jobs.idle();
    items = await load();
  });

  it('validates one item after its checks; a stale expected_version is 409 and changes nothing', async () => {
    const vendor = item('vendor.name');
    expect(vendor.validation.status).toBe('pending');
    expect(vendor.version).toBe(1);
    const ok = await api.post(`/documents/${docId}/extracted-items/${vendor.id}/validate`, { decision: 'confirm', expected_version: 1, note: 'looks right' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      version: 2,
      validation: { status: 'validated', decided_by: 'dev@localhost', decision_source: 'human', note: 'looks right' },
    });
    const stale = await api.post(`/documents/${docId}/extracted-items/${vendor.id}/validate`, { decision: 'reject', expected_version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toMatch(/stale version/);
    expect((await load()).find((i) => i.id === vendor.id)).toMatchObject({ version: 2, validation: { status: 'validated' } });
    const rejected = await api.post(`/documents/${docId}/extracted-items/${item('invoice.number').id}/validate`, { decision: 'reject' });
    expect(rejected.body.validation.status).toBe('rejected');
    expect((await api.post(`/documents/${docId}/extracted-items/itm_nope/validate`, {})).status).toBe(404);
    expect((await api.post(`/documents/${docId}/extracted-items/${vendor.id}/validate`, { decision: 'maybe' })).status).toBe(422);
  });

  it('corrects with type checks, keeps revisions, refuses a confirm that fails an error check, reverts', async () => {
    const total = item('invoice.total');
    const wrong = await api.post(`/extracted-items/${total.id}/corrections`, { value: 'about a hundred', reason: 'wrong_value' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toMatch(/not a valid money/);
    expect((await api.post(`/extracted-items/${total.id}/corrections`, { value: { amount: 1, currency: 'USD' }, reason: 'because' })).status).toBe(422);
    expect((await load()).find((i) => i.id === total.id)).toMatchObject({ version: 1, validation: { status: 'pending' } });

    const zero = await api.post(`/extracted-items/${total.id}/corrections`, {
      value: { amount: 0, currency: 'USD' },
      reason: 'ocr_error',
      note: 'first try',
      expected_version: 1,
      time_spent_ms: 1200,
    });
    expect(zero.status).toBe(201);
    expect(zero.body).toMatchObject({
      revision: 1,
      status: 'active',
      reason: 'ocr_error',
      note: 'first try',
      created_by: 'dev@localhost',
      previous: { value: { amount: 110, currency: 'USD' }, item_version: 1 },
      corrected: { value: { amount: 0, currency: 'USD' }, reanchored: false },
      history: [],
    });
    expect(zero.body.id).toMatch(/^cor_/);
    let current = (await load()).find((i) => i.id === total.id);
    expect(current).toMatchObject({
      value: { amount: 0, currency: 'USD' },
      value_text: '0.00 USD',
      extracted: { value: { amount: 110, currency: 'USD' } },
      current_correction_id: zero.body.id,
      version: 2,
      validation: { status: 'corrected' },
    });

    const refused = await api.post(`/documents/${docId}/extracted-items/${total.id}/validate`, { decision: 'confirm' });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/total_positive/);

    const stale = await api.put(`/extracted-items/${total.id}/corrections/${zero.body.id}`, { value: { amount: 108, currency: 'USD' }, expected_version: 1 });
    expect(stale.status).toBe(409);
    const revised = await api.put(`/extracted-items/${total.id}/corrections/${zero.body.id}`, {
      value: { amount: 108, currency: 'USD' },
      note: '8 misread as 0',
    });
    expect(revised.status).toBe(200);
    expect(revised.body).toMatchObject({ revision: 2, status: 'active', corrected: { value: { amount: 108, currency: 'USD' } }, note: '8 misread as 0' });
    expect(revised.body.history).toEqual([
      expect.objectContaining({ revision: 1, corrected: expect.objectContaining({ value: { amount: 0, currency: 'USD' } }), note: 'first try' }),
    ]);
    expect((await api.post(`/documents/${docId}/extracted-items/${total.id}/validate`, { decision: 'confirm' })).body.validation.status).toBe('corrected');

    // A newer correction supersedes the older one, which can no longer be edited.
    const newer = await api.post(`/extracted-items/${total.id}/corrections`, { value: { amount: 109, currency: 'USD' }, reason: 'wrong_value' });
    expect(newer.status).toBe(201);
    const old = await api.put(`/extracted-items/${total.id}/corrections/${zero.body.id}`, { note: 'again' });
    expect(old.status).toBe(409);
    expect(old.body.detail).toBe('correction superseded');

    const reverted = await api.put(`/extracted-items/${total.id}/corrections/${newer.body.id}`, { status: 'reverted' });
    expect(reverted.body).toMatchObject({ status: 'reverted', revision: 2 });
    current = (await load()).find((i) => i.id === total.id);
    expect(current).toMatchObject({
      value: { amount: 110, currency: 'USD' },
      value_text: '110.00 USD',
      current_correction_id: null,
      validation: { status: 'pending' },
    });
    expect((await api.put(`/extracted-items/${total.id}/corrections/cor_nope`, { note: 'x' })).status).toBe(404);
  });

  it('validate-all: dry run writes nothing; min_confidence skips; needs_review is never confirmed by default', async () => {
    const dry = await api.post(`/documents/${docId}/extracted-items/validate-all`, { dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body.dry_run).toBe(true);
    expect(dry.body.validated).toBeGreaterThan(0);
    expect((await load()).every((i) => i.validation.status !== 'validated')).toBe(true);
    const needsReview = items.filter((i) => i.validation.status === 'needs_review').map((i) => i.id);
    expect(needsReview.length).toBeGreaterThan(0);
    // Calibrated confidences stop at 0.999 (confidence-calibration.ts): nothing reaches 0.9999.
    const strict = await api.post(`/documents/${docId}/extracted-items/validate-all`, { min_confidence: 0.9999 });
    expect(strict.body.validated).toBe(0);
    expect(strict.body.skipped.filter((s: { reason: string }) => s.reason === 'low_confidence').length).toBeGreaterThan(0);
    const all = await api.post(`/documents/${docId}/extracted-items/validate-all`, {});
    expect(all.body.validated).toBe(items.filter((i) => i.validation.status === 'pending').length);
    const after = await load();
    for (const id of needsReview) expect(after.find((i) => i.id === id)?.validation.status).toBe('needs_review');
    expect(after.filter((i) => i.validation.status === 'validated').length).toBe(all.body.validated);
  });

  it('rerun: 409 on human work; preserve_corrections carries corrections forward; force supersedes them', async () => {
    const vendor = item('vendor.name');
    const correction = await api.post(`/extracted-items/${vendor.id}/corrections`, { value: 'Contoso Limited', reason: 'format' });
    expect(correction.status).toBe(201);
    const validated = await api.post(`/documents/${docId}/extracted-items/${item('invoice.number').id}/validate`, {});
    expect(validated.status).toBe(200);
    const path = `/assessments/${assessmentId}/documents/${docId}/rerun`;
    const blocked = await api.post(path, {});
    expect(blocked.status).toBe(409);
    expect(blocked.body.detail).toEqual({ blocked_human_work: true, corrected_item_ids: [vendor.id], validated_item_ids: [item('invoice.number').id] });

    const started = await api.post(path, { preserve_corrections: true, reason: 'new processor version' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ started: true, already_running: false, document_id: docId });
    await server.jobs.idle();
    const after = await load();
    const carried = after.find((i) => i.key === 'vendor.name');
    expect(carried?.id).not.toBe(vendor.id);
    expect(carried).toMatchObject({
      value: 'Contoso Limited',
      current_correction_id: correction.body.id,
      validation: { status: 'corrected', decision_source: 'carried_forward' },
      extracted: { value: 'Contoso Ltd' },
    });
    expect(after.find((i) => i.key === 'invoice.number')?.validation).toMatchObject({ status: 'validated', decision_source: 'carried_forward' });
    const details = await api.get(`/assessments/${assessmentId}/document-processing-details`);
    expect(details.body.documents[0].latest_run).toMatchObject({
      id: started.body.run_id,
      trigger: 'rerun',
      preserve_corrections: true,
      carried_forward: { corrections: 1, validations: 1, conflicts: 0 },
    });
    expect(details.body.documents[0].run_history).toHaveLength(2);
    const everything = await api.get(`/documents/${docId}/extracted-items?run=all`);
    expect(everything.body.items.length).toBe(after.length * 2);
    // The correction followed its item and can still be revised there.
    expect((await api.put(`/extracted-items/${carried?.id}/corrections/${correction.body.id}`, { note: 'still right' })).status).toBe(200);

    const forced = await api.post(path, { force: true });
    expect(forced.body.started).toBe(true);
    await server.jobs.idle();
    const fresh = (await load()).find((i) => i.key === 'vendor.name');
    expect(fresh).toMatchObject({ value: 'Contoso Ltd', current_correction_id: null, validation: { status: 'pending' } });
    expect((await api.put(`/extracted-items/${carried?.id}/corrections/${correction.body.id}`, { note: 'x' })).status).toBe(409);
    expect((await api.post(`/assessments/${assessmentId}/documents/sdoc_nope/rerun`, {})).status).toBe(404);
  });

  it('completeness follows requirements: missing, needs_validation, satisfied', async () => {
    const before = await api.get(`/assessments/${assessmentId}/completeness`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ assessment_id: assessmentId, complete: false, status: 'incomplete', score: 0, ui_state: 'needs_input' });
    const byKey = Object.fromEntries(before.body.requirements.map((r: { key: string; status: string }) => [r.key, r.status]));
    expect(byKey).toEqual({ 'vendor.name': 'needs_validation', 'tax.id': 'missing' });
    expect(before.body.gaps).toEqual(expect.arrayContaining([expect.objectContaining({ requirement_key: 'tax.id', reason: 'missing' })]));
    await api.post(`/documents/${docId}/extracted-items/${item('vendor.name').id}/validate`, {});
    const after = await api.get(`/assessments/${assessmentId}/completeness`);
    expect(after.body.score).toBe(0.5);
    expect(after.body.requirements.find((r: { key: string }) => r.key === 'vendor.name')).toMatchObject({
      status: 'satisfied',
      item_ids: [item('vendor.name').id],
      document_ids: [docId],
    });
    const listed = await api.get('/assessments?limit=200');
    expect(listed.body.assessments.find((a: { id: string }) => a.id === assessmentId)).toMatchObject({
      status: 'in_review',
      completeness: { status: 'incomplete', score: 0.5 },
    });
  });

  it('auto-validates only when the assessment opts in (automation "confident") and the item is confident', async () => {
    const csv = Buffer.from('name,amount\nAlice,12.50\n');
    const auto = await postMultipart(server, token, 'acme', '/assessments', { name: 'Auto', automation: 'confident' }, [
      { name: 'a.csv', bytes: csv, type: 'text/csv' },
    ]);
    const manual = await postMultipart(server, token, 'acme', '/assessments', { name: 'Manual' }, [{ name: 'a.csv', bytes: csv, type: 'text/csv' }]);
    expect(auto.body.assessment.automation).toBe('confident');
    await server.jobs.idle();
    const autoItems: Item[] = (await api.get(`/documents/${auto.body.documents[0].id}/extracted-items`)).body.items;
    expect(autoItems.map((i) => [i.key, i.validation.status, i.validation.decision_source])).toEqual([
      ['row[0].name', 'auto_validated', 'automation'],
      ['row[0].amount', 'auto_validated', 'automation'],
    ]);
    const manualItems: Item[] = (await api.get(`/documents/${manual.body.documents[0].id}/extracted-items`)).body.items;
    expect(manualItems.every((i) => i.validation.status === 'pending')).toBe(true);
    expect((await api.get(`/documents/${auto.body.documents[0].id}`)).body.review_status).toBe('validated');
  });

  it('lists the processor catalog; an unknown processor is 404', async () => {
    const list = await api.get('/processors');
    expect(list.body.processors.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining(['prc_generic_fields', 'prc_acroform', 'prc_table_rows']));
    const one = await api.get('/processors/prc_generic_fields');
    expect(one.body).toMatchObject({ id: 'prc_generic_fields', state: 'enabled', version: '1.0.0' });
    expect(one.body.item_types.find((t: { key: string }) => t.key === 'invoice.total').checks[0].id).toBe('total_positive');
    expect((await api.get('/processors/prc_nope')).status).toBe(404);
  });

  it('exports json, csv, xlsx, corrections; nothing validated is an empty 200; unknown exporter is 404', async () => {
    const exporters = await api.get('/exporters');
    expect(exporters.body.exporters.map((e: { name: string }) => e.name)).toEqual(['json', 'flat-json', 'csv', 'xlsx', 'corrections', 'data-needs']);
    const empty = await api.post(`/documents/${docId}/export/json`, {});
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ items: [], item_count: 0, left_out: items.length });
    expect(empty.headers.get('x-export-item-count')).toBe('0');

    await api.post(`/documents/${docId}/extracted-items/${item('vendor.name').id}/validate`, {});
    await api.post(`/extracted-items/${item('invoice.total').id}/corrections`, { value: { amount: 108, currency: 'USD' }, reason: 'ocr_error' });
    const json = await api.post(`/documents/${docId}/export/json`, {});
    expect(json.headers.get('x-export-item-count')).toBe('2');
    expect(json.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(json.body.items.map((i: { key: string }) => i.key).sort()).toEqual(['invoice.total', 'vendor.name']);
    const all = await api.post(`/documents/${docId}/export/json?policy=all`, {});
    expect(all.body.item_count).toBe(items.length);

    const csv = await fetch(`${server.url}/documents/${docId}/export/csv`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(csv.status, await csv.clone().text()).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="invoice.items.csv"/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('key,value_text,raw_text,value_state,confidence_overall,level,validation_status,corrected,page_number,quote');
    expect(lines.some((l) => l.startsWith('invoice.total,108.00 USD,'))).toBe(true);

    const xlsx = await fetch(`${server.url}/documents/${docId}/export/xlsx`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['items', 'provenance', 'corrections']);
    expect(wb.getWorksheet('items')?.rowCount).toBe(3);
    expect(wb.getWorksheet('corrections')?.rowCount).toBe(2);

    const pairs = await api.post(`/documents/${docId}/export/corrections`, {});
    expect(pairs.body.pairs).toEqual([
      expect.objectContaining({
        key: 'invoice.total',
        extracted: { amount: 110, currency: 'USD' },
        corrected: { amount: 108, currency: 'USD' },
        reason: 'ocr_error',
      }),
    ]);
    const unknown = await api.post(`/documents/${docId}/export/pdf`, {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('exporter not found');
  });

  it('data-needs exporter and bridge: validated values reach the linked /v1 document with citations; completeness gaps become readiness gaps', async () => {
    const v1 = await instantiate(api, 'vendor-security-memo');
    const linkedId = v1.document.id;
    const created = await postMultipart(
      server,
      token,
      'acme',
      '/assessments',
      { name: 'Linked', linked_document_id: linkedId, requirements: JSON.stringify([{ key: 'vendor.name' }]) },
      [{ name: 'invoice.txt', bytes: Buffer.from(INVOICE), type: 'text/plain' }],
    );
    expect(created.status).toBe(201);
    expect(created.body.assessment.linked_document_id).toBe(linkedId);
    await server.jobs.idle();
    const doc = created.body.documents[0].id;
    const linkedItems: Item[] = (await api.get(`/documents/${doc}/extracted-items`)).body.items;
    const vendor = linkedItems.find((i) => i.key === 'vendor.name');
    if (!vendor) throw new Error('no vendor.name');
    expect((await api.post(`/documents/${doc}/export/data-needs`, {})).status).toBe(409);

    const orgId = await orgIdOf('acme');
    const ctx = systemContext(server.store.db, orgId);
    const gapsBefore = await assessmentGapsForDocument(ctx, linkedId);
    expect(gapsBefore).toEqual([
      expect.objectContaining({
        kind: 'assessment_incomplete',
        subjectType: 'assessment',
        subjectId: created.body.assessment.id,
        key: 'vendor.name',
        blocking: true,
        needsInput: true,
      }),
    ]);
    expect(await validatedItemsForNeed(ctx, { assessment_id: created.body.assessment.id, item_key: 'vendor.name' })).toEqual({
      value_text: null,
      citations: [],
    });

    await api.post(`/documents/${doc}/extracted-items/${vendor.id}/validate`, {});
    const pushed = await api.post(`/documents/${doc}/export/data-needs`, {});
    expect(pushed.status).toBe(200);
    expect(pushed.body).toMatchObject({ document_id: linkedId, fields_set: ['vendor_name'] });
    expect(pushed.body.citations[0]).toMatchObject({ item_id: vendor.id, document_id: doc, filename: 'invoice.txt', quote: 'Contoso Ltd' });
    const fields = await api.get(`/v1/documents/${linkedId}/fields`);
    expect(JSON.stringify(fields.body)).toContain('Contoso Ltd');

    const need = await validatedItemsForNeed(ctx, { assessment_id: created.body.assessment.id, item_key: 'vendor.name' });
    expect(need).toEqual({
      value_text: 'Contoso Ltd',
      citations: [
        {
          document_id: doc,
          filename: 'invoice.txt',
          page_number: null,
          locator: null,
          quote: 'Contoso Ltd',
          text: 'Contoso Ltd',
          item_id: vendor.id,
          correction_id: null,
        },
      ],
    });
    const map = await validatedItemsForNeed(ctx, { assessment_id: created.body.assessment.id, policy: 'best_available' });
    expect(map.value_text).toMatchObject({ 'vendor.name': 'Contoso Ltd', 'invoice.total': '110.00 USD' });
    expect(await assessmentGapsForDocument(ctx, linkedId)).toEqual([]);
    const otherOrg = await orgIdOf('globex');
    await expect(validatedItemsForNeed(systemContext(server.store.db, otherOrg), { assessment_id: created.body.assessment.id })).rejects.toThrow(/not found/);
    expect(await assessmentGapsForDocument(systemContext(server.store.db, otherOrg), linkedId)).toEqual([]);
  });
});
