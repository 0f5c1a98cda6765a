/**
 * The assessment area's contract (issue #12): every JSON 2xx answer is a named component schema,
 * every closed set is one `enum` (and a bad value's 422 names the whole set), the four upload
 * operations describe their multipart bodies — and the wire still matches: what the service
 * sends is exactly what the schema names, and uploads still stream through.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type OpenApiDocument, closedSets, isAssessmentArea, operationsOf, successJsonSchemas } from '../../scripts/contract-analysis.js';
import { KIND_MIME_TYPES } from '../../src/extraction/kind-mime-types.js';
import { ASSESSMENT_AREA_SCHEMAS } from '../../src/modules/assessments/assessment-area.schemas.js';
import { type Api, apiFor } from '../support/api.js';
import { describeOneDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

type Schema = { $ref?: string; type?: string; enum?: unknown[]; properties?: Record<string, Schema>; items?: Schema; required?: string[]; format?: string };

const UPLOADS = [
  ['POST', '/assessments'],
  ['POST', '/assessments/{id}/documents'],
  ['POST', '/documents'],
  ['POST', '/documents/validate'],
] as const;

describeOneDialect('assessment area contract', (dialect) => {
  let server: TestServer;
  let api: Api;
  let doc: OpenApiDocument;

  const component = (name: string): Schema => doc.components?.schemas?.[name] as Schema;
  const operation = (method: string, path: string) => {
    const found = operationsOf(doc).find((o) => o.method === method && o.path === path);
    if (!found) throw new Error(`${method} ${path} is not in the document`);
    return found;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    doc = (await (await server.call('GET', '/openapi.json')).json()) as OpenApiDocument;
  });
  afterAll(async () => server?.close());

  it('answers every JSON 2xx of the assessment area with a named component schema', () => {
    const area = operationsOf(doc).filter(isAssessmentArea);
    const json = area.filter((o) => successJsonSchemas(o).length > 0 && `${o.method} ${o.path}` !== 'POST /documents/{id}/export/{exporter_name}');
    expect(json).toHaveLength(30);
    const unnamed = json.filter((o) =>
      successJsonSchemas(o).some(({ schema }) => typeof schema.$ref !== 'string' || !schema.$ref.startsWith('#/components/schemas/')),
    );
    expect(unnamed.map((o) => `${o.method} ${o.path}`)).toEqual([]);
    expect(successJsonSchemas(operation('GET', '/documents/{id}/extracted-items'))).toEqual([
      { status: '200', schema: { $ref: '#/components/schemas/ExtractedItemList' } },
    ]);
    expect(successJsonSchemas(operation('POST', '/batches/{id}/runs')).map((s) => s.schema.$ref)).toEqual([
      '#/components/schemas/BatchRunNotStarted',
      '#/components/schemas/BatchRunStarted',
    ]);
    // The binary answers declare their media types instead of a JSON body: each type a stored
    // upload can have, by name, so a client that decodes by Content-Type returns bytes; and
    // their errors stay typed JSON (docs/adr/0771-binary-answers-typed-errors.md).
    const content = operation('GET', '/documents/{id}/content').op.responses as Record<string, { content: Record<string, unknown> }>;
    expect(Object.keys(content['200'].content)).toEqual([...KIND_MIME_TYPES]);
    expect(Object.keys(content['200'].content)).not.toContain('*/*');
    expect(Object.keys(content['404'].content)).toEqual(['application/json']);
    // Every operation is described and every tag it uses is declared with a description.
    expect(area.filter((o) => typeof o.op.description !== 'string' || o.op.description === '').map((o) => o.path)).toEqual([]);
    const declared = new Map(((doc.tags as Array<{ name: string; description?: string }>) ?? []).map((t) => [t.name, t.description]));
    const used = [...new Set(area.flatMap((o) => o.op.tags as string[]))];
    expect(used).toHaveLength(7);
    expect(used.filter((t) => !declared.get(t))).toEqual([]);
  });

  it('expresses every closed set as one enum, in requests and responses', () => {
    const area = Object.fromEntries(
      operationsOf(doc)
        .filter(isAssessmentArea)
        .map((o) => [`${o.method} ${o.path}`, o.op]),
    );
    expect(closedSets(area).singleValueUnions).toEqual([]);
    const names = ASSESSMENT_AREA_SCHEMAS.map((s) => (s as { $id?: string }).$id ?? '');
    expect(names.length).toBeGreaterThan(40);
    expect(closedSets(Object.fromEntries(names.map((n) => [n, component(n)]))).singleValueUnions).toEqual([]);
    const correction = (operation('POST', '/extracted-items/{item_id}/corrections').op.requestBody as { content: Record<string, { schema: Schema }> }).content[
      'application/json'
    ].schema;
    expect(correction.properties?.value_state).toMatchObject({
      type: 'string',
      enum: ['present', 'absent', 'blank', 'not_applicable', 'unreadable', 'conflicting', 'inferred'],
    });
    expect(correction.properties?.reason.enum).toEqual(['ocr_error', 'wrong_value', 'wrong_location', 'format', 'missing_value', 'not_applicable', 'other']);
    expect(component('ExtractedItem').properties?.value_type.enum).toHaveLength(14);
    expect(component('ExtractedItem').properties?.value_state.enum).toHaveLength(7);
    expect(component('ProcessingRun').properties?.status.enum).toEqual(['queued', 'running', 'succeeded', 'partially_succeeded', 'failed', 'cancelled']);
    expect(component('BatchDocument').properties?.status.enum).toEqual(['pending', 'queued', 'processing', 'succeeded', 'failed', 'skipped', 'excluded']);
  });

  it("describes the four upload operations' multipart/form-data bodies", () => {
    for (const [method, path] of UPLOADS) {
      const body = operation(method, path).op.requestBody as { content: Record<string, { schema: Schema }> } | undefined;
      expect(body?.content['multipart/form-data']?.schema.type, `${method} ${path}`).toBe('object');
    }
    const form = (path: string) =>
      (operation('POST', path).op.requestBody as { content: Record<string, { schema: Schema }> }).content['multipart/form-data'].schema;
    expect(form('/assessments').required).toEqual(['name']);
    expect(form('/assessments').properties?.files).toMatchObject({ type: 'array', items: { type: 'string', format: 'binary' } });
    expect(form('/documents').properties?.files).toMatchObject({ type: 'array', items: { type: 'string', format: 'binary' } });
    expect(form('/assessments/{id}/documents').required).toEqual(['files']);
    expect(form('/documents/validate').properties?.file).toMatchObject({ type: 'string', format: 'binary' });
    // The metadata-only pre-check is JSON.
    expect(Object.keys((operation('POST', '/documents/validate').op.requestBody as { content: Record<string, unknown> }).content)).toEqual([
      'multipart/form-data',
      'application/json',
    ]);
  });

  it('still streams uploads, and sends exactly the keys the schemas name', async () => {
    const token = await server.login();
    const created = await postMultipart(server, token, 'acme', '/assessments', { name: 'Contract check' }, [
      { name: 'note.txt', bytes: Buffer.from('Vendor: Contoso Ltd\nInvoice number: INV-7\n'), type: 'text/plain' },
    ]);
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(['assessment', 'documents', 'rejected_files']);
    expect(Object.keys(created.body.assessment).sort()).toEqual(Object.keys(component('Assessment').properties ?? {}).sort());
    const [document] = created.body.documents as Array<Record<string, unknown>>;
    expect(Object.keys(document).sort()).toEqual(Object.keys(component('SourceDocument').properties ?? {}).sort());
    await server.jobs.idle();
    const items = await api.get(`/documents/${String(document.id)}/extracted-items`);
    expect(items.status).toBe(200);
    expect(items.body.items.length).toBeGreaterThan(0);
    expect(Object.keys(items.body.items[0]).sort()).toEqual(Object.keys(component('ExtractedItem').properties ?? {}).sort());
    const details = await api.get(`/assessments/${String(created.body.assessment.id)}/document-processing-details`);
    expect(details.status).toBe(200);
    expect(details.body.documents[0].latest_run).toMatchObject({ status: 'succeeded', trigger: 'upload' });
  });

  it('refuses a value outside a closed set with a 422 naming every allowed value, and changes nothing', async () => {
    const before = await api.get('/batches');
    const refused = await api.post('/batches/process', { scope: 'everything' });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([{ loc: ['body', 'scope'], msg: 'Input should be one of ["all","pending","failed"]', type: 'enum' }]);
    expect((await api.get('/batches')).body).toEqual(before.body);
    const query = await api.get('/documents?review_status=done');
    expect(query.status).toBe(422);
    expect(query.body.detail[0].msg).toBe('Input should be one of ["not_started","pending","in_review","validated","rejected"]');
  });
});
