/**
 * Integrity of extraction and review (issue #11) over real HTTP on every dialect.
 *
 * Reruns keep human work: generic → LLM-fields (other values) → generic again brings back every
 * validation and the correction, because the third run extracts the very values the reviewer
 * acted on two runs earlier; only a value that truly differs is a conflict.
 *
 * Routing by content: a PDF with filled AcroForm fields goes to `prc_acroform` when nobody names
 * a processor; a processor that finds nothing in a document with text says so on the run; the
 * item list always names the run its items come from, also when that run found none.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeFormPdf } from '../../src/extraction/test-support/fixtures.js';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type FakeAnswer, type FakeChatRequest, type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai-server.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

const INVOICE = [
  'Vendor: Contoso Ltd',
  'Invoice number: INV-100',
  'Invoice date: 2026-01-05',
  'Due date: 2026-02-04',
  'Subtotal: $100.00',
  'Tax: $10.00',
  'Total: $110.00',
  'Phone: +1 555 010 0200',
  'Contact billing@contoso.test for questions.',
  '',
].join('\n');
const REQUIREMENTS = [
  { key: 'vendor.name', label: 'Vendor name', occurrence: 'optional_once' },
  { key: 'invoice.number', label: 'Invoice number', occurrence: 'optional_once' },
  { key: 'invoice.total', label: 'Total', value_type: 'money', occurrence: 'optional_once' },
];
/** The model reads the vendor and the total differently, the invoice number the same. */
const MODEL_VALUES: Record<string, string> = { 'vendor.name': 'Contoso Limited', 'invoice.number': 'INV-100', 'invoice.total': '$990.00' };
const NO_ENTITIES = { people: [], organizations: [], places: [], dates: [], money: [], emails: [] };
const PRINTED = ['Supplier registration form', 'Please complete every field and sign below.'];

type Item = {
  id: string;
  key: string;
  occurrence_index: number;
  run_id: string;
  value: unknown;
  extracted: { value: unknown };
  candidates: unknown[];
  current_correction_id: string | null;
  validation: { status: string; decision_source: string | null; decided_by: string | null; blockers: Array<{ type: string }> };
};
type Run = {
  id: string;
  status: string;
  processor_id: string;
  item_count: number;
  carried_forward: { corrections: number; validations: number; conflicts: number };
  warnings: Array<{ code: string; message: string }>;
};

function answer(request: FakeChatRequest): FakeAnswer {
  if (request.schemaName !== 'extracted_facts') return { content: 'ok' };
  const schema = request.responseFormat?.json_schema as { schema: { properties: { fieldValues: { required: string[] } } } };
  const keys = schema.schema.properties.fieldValues.required;
  return { content: JSON.stringify({ entities: NO_ENTITIES, fieldValues: Object.fromEntries(keys.map((k) => [k, MODEL_VALUES[k] ?? ''])) }) };
}

const slot = (i: Pick<Item, 'key' | 'occurrence_index'>): string => `${i.key}#${i.occurrence_index}`;

describeEachDialect('assessment integrity (issue #11)', (dialect) => {
  let fake: FakeOpenAi;
  let server: TestServer;
  let api: Api;
  let token: string;

  const itemsOf = async (docId: string): Promise<{ run_id: string | null; items: Item[] }> => {
    const res = await api.get(`/documents/${docId}/extracted-items`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const latestRun = async (assessmentId: string): Promise<Run> =>
    (await api.get(`/assessments/${assessmentId}/document-processing-details`)).body.documents[0].latest_run;
  const rerun = async (assessmentId: string, docId: string, processorId: string): Promise<Run> => {
    const started = await api.post(`/assessments/${assessmentId}/documents/${docId}/rerun`, { processor_id: processorId, preserve_corrections: true });
    expect(started.status).toBe(200);
    expect(started.body.started).toBe(true);
    await server.jobs.idle();
    const run = await latestRun(assessmentId);
    expect(run).toMatchObject({ id: started.body.run_id, processor_id: processorId, status: 'succeeded' });
    return run;
  };
  const uploadOne = async (
    fields: Record<string, string>,
    file: { name: string; bytes: Buffer; type: string },
  ): Promise<{ assessmentId: string; docId: string; processorId: string }> => {
    const created = await postMultipart(server, token, 'acme', '/assessments', fields, [file]);
    expect(created.status).toBe(201);
    await server.jobs.idle();
    return { assessmentId: created.body.assessment.id, docId: created.body.documents[0].id, processorId: created.body.documents[0].processor_id };
  };

  beforeAll(async () => {
    fake = await startFakeOpenAi({ respond: answer });
    server = await startTestServer({
      dialect,
      env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-large', LLM_TIMEOUT_MS: '5000' },
    });
    token = await server.login();
    api = await apiFor(server);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('generic → LLM-fields → generic: the correction and every validation come back, with no false conflict', async () => {
    const { assessmentId, docId } = await uploadOne(
      { name: 'Three reruns', requirements: JSON.stringify(REQUIREMENTS) },
      { name: 'invoice.txt', bytes: Buffer.from(INVOICE), type: 'text/plain' },
    );
    const first = (await itemsOf(docId)).items;
    const total = first.find((i) => i.key === 'invoice.total');
    expect(total?.value).toEqual({ amount: 110, currency: 'USD' });
    const corrected = await api.post(`/extracted-items/${total?.id}/corrections`, { value: { amount: 108, currency: 'USD' }, reason: 'wrong_value' });
    expect(corrected.status).toBe(201);
    const all = await api.post(`/documents/${docId}/extracted-items/validate-all`, {});
    expect(all.status).toBe(200);
    const validatedSlots = (await itemsOf(docId)).items.filter((i) => i.validation.status === 'validated').map(slot);
    expect(validatedSlots.length).toBe(all.body.validated);
    expect(validatedSlots).toEqual(expect.arrayContaining(['vendor.name#0', 'invoice.number#0']));
    expect(validatedSlots.length).toBeGreaterThan(5);

    // Second run: the model reads other values. Only what truly differs is a conflict.
    await rerun(assessmentId, docId, 'prc_llm_fields');
    const second = (await itemsOf(docId)).items;
    const modelTotal = second.find((i) => i.key === 'invoice.total');
    expect(modelTotal).toMatchObject({
      value: { amount: 108, currency: 'USD' },
      extracted: { value: { amount: 990, currency: 'USD' } },
      current_correction_id: corrected.body.id,
      validation: { status: 'needs_review' },
    });
    expect(modelTotal?.validation.blockers.map((b) => b.type)).toContain('rerun_conflict');
    expect(second.find((i) => i.key === 'vendor.name')?.validation.blockers.map((b) => b.type)).toContain('rerun_conflict');
    expect(second.find((i) => i.key === 'invoice.number')?.validation).toMatchObject({ status: 'validated', decision_source: 'carried_forward' });

    // Third run: the generic processor extracts again exactly what the reviewer acted on.
    const third = await rerun(assessmentId, docId, 'prc_generic_fields');
    expect(third.carried_forward).toEqual({ corrections: 1, validations: validatedSlots.length, conflicts: 0 });
    const back = (await itemsOf(docId)).items;
    expect(back.map(slot).sort()).toEqual(first.map(slot).sort());
    for (const item of back) expect(item.validation.blockers.map((b) => b.type)).not.toContain('rerun_conflict');
    const backTotal = back.find((i) => i.key === 'invoice.total');
    expect(backTotal).toMatchObject({
      value: { amount: 108, currency: 'USD' },
      extracted: { value: { amount: 110, currency: 'USD' } },
      current_correction_id: corrected.body.id,
      candidates: [],
      validation: { status: 'corrected', decision_source: 'carried_forward', decided_by: 'dev@localhost' },
    });
    for (const s of validatedSlots) {
      expect({ slot: s, validation: back.find((i) => slot(i) === s)?.validation }).toMatchObject({
        slot: s,
        validation: { status: 'validated', decision_source: 'carried_forward', decided_by: 'dev@localhost' },
      });
    }
    // The correction followed the item and is still the item's active one.
    expect((await api.put(`/extracted-items/${backTotal?.id}/corrections/${corrected.body.id}`, { note: 'still right' })).status).toBe(200);
    // Carried human work still blocks an unflagged rerun.
    const blocked = await api.post(`/assessments/${assessmentId}/documents/${docId}/rerun`, {});
    expect(blocked.status).toBe(409);
    expect(blocked.body.detail.validated_item_ids.length).toBe(validatedSlots.length);

    // A forced rerun drops the human work for good: a later rerun brings nothing back.
    const forced = await api.post(`/assessments/${assessmentId}/documents/${docId}/rerun`, { processor_id: 'prc_llm_fields', force: true });
    expect(forced.status).toBe(200);
    await server.jobs.idle();
    const afterForce = await rerun(assessmentId, docId, 'prc_generic_fields');
    expect(afterForce.carried_forward).toEqual({ corrections: 0, validations: 0, conflicts: 0 });
    expect((await itemsOf(docId)).items.every((i) => i.validation.decision_source !== 'carried_forward' && i.current_correction_id === null)).toBe(true);
  });

  it('routes a PDF with filled form fields to prc_acroform; every item and the list carry the run id', async () => {
    const { assessmentId, docId, processorId } = await uploadOne(
      { name: 'Form by content' },
      { name: 'registration.pdf', bytes: await makeFormPdf({ printed: PRINTED }), type: 'application/pdf' },
    );
    expect(processorId).toBe('prc_acroform');
    const run = await latestRun(assessmentId);
    expect(run).toMatchObject({ processor_id: 'prc_acroform', status: 'succeeded', item_count: 6 });
    const listed = await itemsOf(docId);
    expect(listed.run_id).toBe(run.id);
    expect(Object.fromEntries(listed.items.map((i) => [i.key, i.value]))).toEqual({
      'form.agree': true,
      'form.country': 'DE',
      'form.notes': null,
      'form.payment': '1',
      'form.total': '110.00',
      'form.vendor_name': 'Contoso Ltd',
    });
    for (const item of listed.items) expect(item.run_id).toBe(run.id);
    expect(run.warnings.map((w) => w.code)).not.toContain('no_items_found');
  });

  it('keeps a named processor, and warns on a run that succeeds with zero items in a document with text', async () => {
    const { assessmentId, docId, processorId } = await uploadOne(
      { name: 'Form, generic by request', processor_id: 'prc_generic_fields' },
      { name: 'registration.pdf', bytes: await makeFormPdf({ printed: PRINTED }), type: 'application/pdf' },
    );
    expect(processorId).toBe('prc_generic_fields');
    const run = await latestRun(assessmentId);
    expect(run).toMatchObject({ processor_id: 'prc_generic_fields', status: 'succeeded', item_count: 0 });
    expect(run.warnings).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'no_items_found', message: expect.stringContaining('prc_generic_fields') })]),
    );
    const listed = await itemsOf(docId);
    expect(listed.items).toEqual([]);
    expect(listed.run_id).toBe(run.id);
  });

  it('leaves an empty form (nothing filled in) with the generic processor', async () => {
    const empty = await uploadOne(
      { name: 'Empty form' },
      { name: 'blank.pdf', bytes: await makeFormPdf({ printed: PRINTED, filled: false }), type: 'application/pdf' },
    );
    expect(empty.processorId).toBe('prc_generic_fields');
  });
});
