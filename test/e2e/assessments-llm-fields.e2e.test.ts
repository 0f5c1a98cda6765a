/**
 * `prc_llm_fields` and `observed_accuracy` over real HTTP on every dialect. The live half runs
 * the real AI SDK provider against the fake OpenAI-compatible server on 127.0.0.1: the request
 * it receives carries the document text and the requirement keys; its canned answer becomes
 * items with verbatim quotes, UTF-16 `text_span` anchors, null confidence and the model in the
 * run's engine versions. The offline half shows the processor disabled and a request for it
 * refused with nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type FakeAnswer, type FakeChatRequest, type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai-server.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { assessmentRowCounts, postMultipart, storedBlobs } from './assessments-helpers.js';

// A character outside the BMP first, so UTF-16 offsets differ from code-point offsets.
const CONTRACT = '📄 Supply agreement\nSupplier: Contoso Ltd\nAmount due: $1,250.00\nQuantity: 12 crates\nSigned in Berlin.\n';
const REQUIREMENTS = [
  { key: 'vendor.name', label: 'Vendor name' },
  { key: 'invoice.total', label: 'Total', value_type: 'money' },
  { key: 'order.quantity', label: 'Quantity', value_type: 'integer' },
  { key: 'contract.start', label: 'Contract start', value_type: 'date' },
  { key: 'notes.summary', label: 'Summary', occurrence: 'optional_once' },
];
/** What the fake model answers: one value in other case, one typed, one unfilled, one not in the text. */
const FIELD_VALUES: Record<string, string> = {
  'vendor.name': 'CONTOSO LTD',
  'invoice.total': '$1,250.00',
  'order.quantity': '12',
  'contract.start': '',
  'notes.summary': 'A reliable supplier',
};
const NO_ENTITIES = { people: [], organizations: [], places: [], dates: [], money: [], emails: [] };

type Anchor = { kind: string; start: number; end: number; unit: string; text_ref: string };
type Item = {
  id: string;
  key: string;
  run_id: string;
  version: number;
  value_type: string;
  value_state: string;
  value: unknown;
  raw_text: string | null;
  confidence: Record<string, unknown>;
  provenance: { quote: string; text_source: string; anchors: Anchor[] };
  validation: { status: string; blockers: Array<{ type: string }> };
};

function answer(request: FakeChatRequest): FakeAnswer {
  if (request.schemaName !== 'extracted_facts') return { content: 'ok' };
  // Only the hinted keys, as the strict schema demands.
  const schema = request.responseFormat?.json_schema as { schema: { properties: { fieldValues: { required: string[] } } } };
  const keys = schema.schema.properties.fieldValues.required;
  const fieldValues = Object.fromEntries(keys.map((k) => [k, FIELD_VALUES[k] ?? '']));
  return { content: JSON.stringify({ entities: NO_ENTITIES, fieldValues }) };
}

const factRequests = (fake: FakeOpenAi): FakeChatRequest[] => fake.requests.filter((r) => r.schemaName === 'extracted_facts');

describeEachDialect('llm-fields with a live model', (dialect) => {
  let fake: FakeOpenAi;
  let server: TestServer;
  let api: Api;
  let token: string;

  const upload = async (
    org: string,
    name: string,
    text: string,
    requirements: unknown[] = REQUIREMENTS,
  ): Promise<{ assessmentId: string; docId: string; items: Item[] }> => {
    const created = await postMultipart(
      server,
      token,
      org,
      '/assessments',
      { name, processor_id: 'prc_llm_fields', requirements: JSON.stringify(requirements) },
      [{ name: 'contract.txt', bytes: Buffer.from(text, 'utf8'), type: 'text/plain' }],
    );
    expect(created.status).toBe(201);
    const docId: string = created.body.documents[0].id;
    await server.jobs.idle();
    const listed = await api.as(org).get(`/documents/${docId}/extracted-items`);
    expect(listed.status).toBe(200);
    return { assessmentId: created.body.assessment.id, docId, items: listed.body.items };
  };
  const itemOf = (items: Item[], key: string): Item => {
    const found = items.find((i) => i.key === key);
    if (!found) throw new Error(`no ${key} in ${items.map((i) => i.key).join(', ')}`);
    return found;
  };
  const accuracyOf = async (org: string, key: string): Promise<unknown> => {
    const one = await api.as(org).get('/processors/prc_llm_fields');
    expect(one.status).toBe(200);
    return one.body.item_types.find((t: { key: string }) => t.key === key)?.observed_accuracy;
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

  it('lists prc_llm_fields as enabled with the model in its engine', async () => {
    const list = await api.get('/processors');
    const entry = list.body.processors.find((p: { id: string }) => p.id === 'prc_llm_fields');
    expect(entry).toMatchObject({
      name: 'llm-fields',
      state: 'enabled',
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      supported_kinds: ['pdf', 'docx', 'text', 'csv', 'xlsx'],
      engine: { model: 'fake-large' },
    });
    expect(entry.item_types.find((t: { key: string }) => t.key === '*')).toMatchObject({ value_type: 'string' });
  });

  it('extracts the requirements through the model: typed values, verbatim quotes, UTF-16 anchors, null confidence, absent items', async () => {
    const before = factRequests(fake).length;
    const { assessmentId, items } = await upload('acme', 'Supply contract', CONTRACT);

    const sent = factRequests(fake).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].user).toContain('Supplier: Contoso Ltd');
    for (const r of REQUIREMENTS) expect(sent[0].system).toContain(r.key);
    expect(sent[0].model).toBe('fake-large');

    expect(items.map((i) => i.key)).toEqual(REQUIREMENTS.map((r) => r.key));
    for (const item of items) expect(item.confidence).toEqual({ overall: null, ocr: null, extraction: null, level: null, method: 'llm', calibrated: false });

    const vendor = itemOf(items, 'vendor.name');
    expect(vendor).toMatchObject({
      value_state: 'present',
      value_type: 'string',
      value: 'CONTOSO LTD',
      raw_text: 'Contoso Ltd',
      provenance: { quote: 'Contoso Ltd', text_source: 'native' },
    });
    expect(vendor.provenance.anchors).toEqual([
      {
        kind: 'text_span',
        start: CONTRACT.indexOf('Contoso Ltd'),
        end: CONTRACT.indexOf('Contoso Ltd') + 11,
        unit: 'utf16',
        text_ref: `${vendor.run_id}/text`,
      },
    ]);
    const [span] = vendor.provenance.anchors;
    expect(CONTRACT.slice(span.start, span.end)).toBe('Contoso Ltd');
    // The emoji is two UTF-16 units: a code-point offset would be one less.
    expect(span.start).toBe([...CONTRACT.slice(0, span.start)].length + 1);

    const total = itemOf(items, 'invoice.total');
    expect(total).toMatchObject({ value_state: 'present', value_type: 'money', value: { amount: 1250, currency: 'USD' }, provenance: { quote: '$1,250.00' } });
    expect(CONTRACT.slice(total.provenance.anchors[0].start, total.provenance.anchors[0].end)).toBe('$1,250.00');
    expect(itemOf(items, 'order.quantity')).toMatchObject({ value_state: 'present', value_type: 'integer', value: 12 });

    const start = itemOf(items, 'contract.start');
    expect(start).toMatchObject({
      value_state: 'absent',
      value_type: 'date',
      value: null,
      provenance: { anchors: [] },
      validation: { status: 'needs_review' },
    });
    expect(start.validation.blockers.map((b) => b.type)).toContain('absent_required');

    const summary = itemOf(items, 'notes.summary');
    expect(summary).toMatchObject({ value_state: 'present', value: 'A reliable supplier', provenance: { quote: 'A reliable supplier', anchors: [] } });

    const details = await api.get(`/assessments/${assessmentId}/document-processing-details`);
    const run = details.body.documents[0].latest_run;
    expect(run).toMatchObject({
      processor_id: 'prc_llm_fields',
      processor_version: '1.0.0',
      status: 'succeeded',
      item_count: 5,
      engine_versions: { model: 'fake-large' },
    });
    expect(run.warnings).toEqual([expect.objectContaining({ code: 'quote_not_found', message: expect.stringContaining('notes.summary') })]);
  });

  it('asks for the default fields without requirements, and a failed model call fails the run with a categorised error', async () => {
    const before = factRequests(fake).length;
    const { items } = await upload('acme', 'No requirements', CONTRACT, []);
    const sent = factRequests(fake).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].system).toContain('vendor.name');
    expect(sent[0].system).toContain('invoice.total');
    // Only what the model filled: no absent items for fields nobody asked for.
    expect(items.map((i) => i.key).sort()).toEqual(['invoice.total', 'vendor.name']);

    fake.failWith({ status: 400, body: { error: { message: 'context too long', type: 'invalid_request_error' } } });
    try {
      const failed = await upload('acme', 'Model down', CONTRACT);
      expect(failed.items).toEqual([]);
      const details = await api.get(`/assessments/${failed.assessmentId}/document-processing-details`);
      expect(details.body.documents[0]).toMatchObject({
        processing_status: 'failed',
        errors: [{ code: 'model_failed', category: 'inference_failure', component: 'llm' }],
      });
    } finally {
      fake.failWith(null);
    }
  });

  it("measures observed_accuracy per item type from this organization's own decisions only", async () => {
    expect(await accuracyOf('acme', 'vendor.name')).toEqual({ sample_size: 0, accepted_without_correction: null, correction_reasons: {} });
    const first = await upload('acme', 'Accuracy one', CONTRACT);
    const second = await upload('acme', 'Accuracy two', CONTRACT);
    const validated = await api.post(`/documents/${first.docId}/extracted-items/${itemOf(first.items, 'vendor.name').id}/validate`, { decision: 'confirm' });
    expect(validated.status).toBe(200);
    const corrected = await api.post(`/extracted-items/${itemOf(second.items, 'vendor.name').id}/corrections`, { value: 'Contoso Limited', reason: 'format' });
    expect(corrected.status).toBe(201);
    const third = await upload('acme', 'Accuracy three', CONTRACT);
    const misread = await api.post(`/extracted-items/${itemOf(third.items, 'vendor.name').id}/corrections`, { value: 'Contoso Ltd.', reason: 'ocr_error' });
    expect(misread.status).toBe(201);
    // A requirement key without a catalog type of its own counts under `*`.
    expect((await api.post(`/documents/${first.docId}/extracted-items/${itemOf(first.items, 'order.quantity').id}/validate`, {})).status).toBe(200);

    // Another organization's decisions, and its attempt at acme's item, change nothing for acme.
    const globex = await upload('globex', 'Globex contract', CONTRACT);
    expect((await api.as('globex').post(`/documents/${globex.docId}/extracted-items/${itemOf(globex.items, 'vendor.name').id}/validate`, {})).status).toBe(200);
    const acmeTotal = itemOf(second.items, 'invoice.total');
    expect((await api.as('globex').post(`/documents/${second.docId}/extracted-items/${acmeTotal.id}/validate`, {})).status).toBe(404);
    expect(
      (await api.as('globex').post(`/extracted-items/${acmeTotal.id}/corrections`, { value: { amount: 1, currency: 'USD' }, reason: 'wrong_value' })).status,
    ).toBe(404);
    const unchanged = (await api.get(`/documents/${second.docId}/extracted-items`)).body.items.find((i: Item) => i.id === acmeTotal.id);
    expect(unchanged).toMatchObject({ version: 1, validation: { status: 'pending' } });

    expect(await accuracyOf('acme', 'vendor.name')).toEqual({
      sample_size: 3,
      accepted_without_correction: 0.3333,
      correction_reasons: { format: 1, ocr_error: 1 },
    });
    expect(await accuracyOf('acme', '*')).toEqual({ sample_size: 1, accepted_without_correction: 1, correction_reasons: {} });
    expect(await accuracyOf('acme', 'invoice.total')).toEqual({ sample_size: 0, accepted_without_correction: null, correction_reasons: {} });
    expect(await accuracyOf('globex', 'vendor.name')).toEqual({ sample_size: 1, accepted_without_correction: 1, correction_reasons: {} });
    // The list shows the same numbers as the single entry.
    const listed = (await api.get('/processors')).body.processors.find((p: { id: string }) => p.id === 'prc_llm_fields');
    expect(listed.item_types.find((t: { key: string }) => t.key === 'vendor.name').observed_accuracy).toEqual({
      sample_size: 3,
      accepted_without_correction: 0.3333,
      correction_reasons: { format: 1, ocr_error: 1 },
    });
  });
});

describeEachDialect('llm-fields without a model (offline)', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    api = await apiFor(server);
  });
  afterAll(async () => server?.close());

  it('shows prc_llm_fields disabled with a reason; other processors report an empty observed_accuracy', async () => {
    const entry = (await api.get('/processors/prc_llm_fields')).body;
    expect(entry).toMatchObject({ id: 'prc_llm_fields', state: 'disabled', description: expect.stringMatching(/no language model is configured/) });
    expect(entry.engine.model).toBeUndefined();
    const generic = (await api.get('/processors')).body.processors.find((p: { id: string }) => p.id === 'prc_generic_fields');
    expect(generic.state).toBe('enabled');
    expect(generic.item_types.find((t: { key: string }) => t.key === 'invoice.total').observed_accuracy).toEqual({
      sample_size: 0,
      accepted_without_correction: null,
      correction_reasons: {},
    });
  });

  describe('choosing the disabled processor', () => {
    it('is 422 with a clear detail on every entry point, and nothing is stored', async () => {
      const file = { name: 'contract.txt', bytes: Buffer.from(CONTRACT, 'utf8'), type: 'text/plain' };
      const rows = await assessmentRowCounts(server);
      const blobs = await storedBlobs(server);

      const created = await postMultipart(
        server,
        token,
        'acme',
        '/assessments',
        { name: 'Offline', processor_id: 'prc_llm_fields', requirements: JSON.stringify(REQUIREMENTS) },
        [file],
      );
      expect(created.status).toBe(422);
      expect(created.body.detail).toMatch(/prc_llm_fields is disabled: no language model is configured/);
      const uploaded = await postMultipart(server, token, 'acme', '/documents', { processor_id: 'prc_llm_fields' }, [file]);
      expect(uploaded.status).toBe(422);
      expect(uploaded.body.detail).toMatch(/disabled/);
      expect(await assessmentRowCounts(server)).toEqual(rows);
      expect(await storedBlobs(server)).toEqual(blobs);

      // A rerun asking for it is refused too, before any run is queued.
      const plain = await postMultipart(server, token, 'acme', '/assessments', { name: 'Plain' }, [file]);
      expect(plain.status).toBe(201);
      await server.jobs.idle();
      const after = await assessmentRowCounts(server);
      const rerun = await api.post(`/assessments/${plain.body.assessment.id}/documents/${plain.body.documents[0].id}/rerun`, {
        processor_id: 'prc_llm_fields',
      });
      expect(rerun.status).toBe(422);
      expect(rerun.body.detail).toMatch(/disabled/);
      const batch = await api.post('/batches', { name: 'Offline batch', processor_id: 'prc_llm_fields', document_ids: [plain.body.documents[0].id] });
      expect(batch.status).toBe(422);
      expect(await assessmentRowCounts(server)).toEqual(after);
    });
  });
});
