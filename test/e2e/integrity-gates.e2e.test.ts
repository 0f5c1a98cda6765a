/**
 * Issue #11, symptom 7 ("gates that do not gate") over real HTTP on every dialect:
 * - finalizing a document with a draft risk block bound (or any blocking readiness gap) is 422
 *   naming the blockers and changes nothing; the export of a finalized document never shows a
 *   draft block (a block demoted after finalization makes the export refuse);
 * - a field value that can never be valid for its type is refused (422 naming the field, and the
 *   allowed values of an enum) by PUT fields, instantiation and config `fields`; nothing of the
 *   request is stored; an empty value stays allowed;
 * - field rows carry `options` for enum fields, and the OpenAPI `FieldModel` says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { created, uniqueKey } from '../support/library.js';
import { countRows } from '../support/rows.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const TYPED_SPEC = {
  slug: 'typed-fields',
  title: 'Typed fields',
  fields: [
    { key: 'client', label: 'Client', isRequired: true },
    { key: 'fee_basis', label: 'Fee basis', valueType: 'enum', options: ['fixed', 'monthly', 'hourly'], value: 'fixed' },
    { key: 'hours', valueType: 'number' },
    { key: 'seats', valueType: 'integer' },
    { key: 'start', valueType: 'date' },
    { key: 'signed', valueType: 'boolean' },
    { key: 'contact', valueType: 'email' },
  ],
  sections: [{ key: 'body', title: 'Body', prompt: 'Write' }],
};

type FieldRow = { id: string; key: string; value: string; valueType: string; options?: string[] };

describeEachDialect('integrity gates (issue #11)', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    token = await server.login();
    await createTemplate(api, TYPED_SPEC);
  });
  afterAll(async () => server?.close());

  const newDocument = async (fields: Record<string, unknown> = { client: 'Acme GmbH' }): Promise<string> => {
    const response = await api.post('/v1/documents', { templateId: 'typed-fields', fields });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.document.id;
  };
  const fieldsOf = async (id: string): Promise<Record<string, string>> =>
    Object.fromEntries(((await api.get(`/v1/documents/${id}/fields`)).body.fields as FieldRow[]).map((f) => [f.key, f.value]));
  const stateOf = async (id: string) => (await api.get(`/v1/documents/${id}`)).body.document as { state: string; updatedAt: string };
  const exportText = async (id: string) => {
    const response = await server.call('GET', `/v1/documents/${id}/export.docx`, { token, org: 'acme' });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, bytes, text: bytes.toString('latin1') };
  };

  /** A risk block (draft unless told) in a snippet bound to the document. */
  async function bindRiskBlock(documentId: string, status = 'draft') {
    const block = await created(api, '/v1/risk-blocks', { key: uniqueKey('rb'), heading: 'Risk: offshore hosting', template: 'Data leaves the EEA.', status });
    const snippet = await created(api, '/v1/snippets', { key: uniqueKey('snip') });
    expect((await api.put(`/v1/snippets/${snippet.id}/items`, { items: [{ itemType: 'risk_block', itemKey: block.key }] })).status).toBe(200);
    await created(api, `/v1/documents/${documentId}/snippets`, { snippetId: snippet.id });
    return block as { id: string; key: string };
  }

  describe('finalizing', () => {
    it('refuses (422, naming the block) a document with a draft risk block bound, and changes nothing; approved, it finalizes', async () => {
      const id = await newDocument();
      const block = await bindRiskBlock(id);
      const before = await stateOf(id);
      const refused = await api.put(`/v1/documents/${id}/state`, { state: 'finalized' });
      expect(refused.status).toBe(422);
      expect(typeof refused.body.detail).toBe('string');
      expect(refused.body.detail).toContain('risk_block_draft');
      expect(refused.body.detail).toContain(block.key);
      expect(await stateOf(id)).toEqual(before);

      expect((await api.patch(`/v1/risk-blocks/${block.id}`, { status: 'approved' })).status).toBe(200);
      const finalized = await api.put(`/v1/documents/${id}/state`, { state: 'finalized' });
      expect(finalized.status).toBe(200);
      expect(finalized.body.document.state).toBe('finalized');
    });

    it('refuses any blocking gap (a required field left empty), naming it; other states stay free', async () => {
      const id = await newDocument({});
      const refused = await api.put(`/v1/documents/${id}/state`, { state: 'finalized' });
      expect(refused.status).toBe(422);
      expect(refused.body.detail).toContain('required_field_missing');
      expect(refused.body.detail).toContain('Client');
      expect((await stateOf(id)).state).toBe('draft');
      expect((await api.put(`/v1/documents/${id}/state`, { state: 'under-review' })).status).toBe(200);
      await api.put(`/v1/documents/${id}/fields`, { fields: { client: 'Filled Ltd' } });
      expect((await api.put(`/v1/documents/${id}/state`, { state: 'finalized' })).status).toBe(200);
    });

    it('never exports a draft block from a finalized document: a block demoted after finalization makes the export refuse', async () => {
      const id = await newDocument();
      const block = await bindRiskBlock(id, 'approved');
      expect((await api.put(`/v1/documents/${id}/state`, { state: 'finalized' })).status).toBe(200);
      const approved = await exportText(id);
      expect(approved.status).toBe(200);

      // The block is the organization's: editing it elsewhere puts it back to draft.
      expect((await api.patch(`/v1/risk-blocks/${block.id}`, { heading: 'Risk: offshore hosting (revised)' })).body.status).toBe('draft');
      const refused = await exportText(id);
      expect(refused.status).toBe(422);
      const detail = JSON.parse(refused.bytes.toString('utf8')).detail as string;
      expect(detail).toContain(block.key);
      expect(refused.text).not.toContain('(draft)');

      // Back in draft the export shows the block, marked as a draft.
      expect((await api.put(`/v1/documents/${id}/state`, { state: 'draft' })).status).toBe(200);
      expect((await exportText(id)).status).toBe(200);
    });
  });

  describe('field values', () => {
    const IMPOSSIBLE: Array<[string, unknown, RegExp]> = [
      ['fee_basis', 'weekly', /fee_basis.*weekly.*fixed, monthly, hourly/],
      ['hours', 'twelve', /hours.*twelve/],
      ['seats', 2.5, /seats.*2\.5/],
      ['start', 'next monday', /start.*next monday/],
      ['signed', 'maybe', /signed.*maybe/],
      ['contact', 'not-an-address', /contact.*not-an-address/],
    ];

    it('PUT fields refuses a value that can never be valid for its type (422 naming the field), storing nothing of the request', async () => {
      const id = await newDocument();
      const before = await fieldsOf(id);
      for (const [key, value, message] of IMPOSSIBLE) {
        const response = await api.put(`/v1/documents/${id}/fields`, { fields: { client: 'Changed', [key]: value } });
        expect(response.status, key).toBe(422);
        expect(typeof response.body.detail).toBe('string');
        expect(response.body.detail).toMatch(message);
      }
      expect(await fieldsOf(id)).toEqual(before);
    });

    it('PUT fields accepts valid values and empty ones (missing, not invalid)', async () => {
      const id = await newDocument();
      const ok = await api.put(`/v1/documents/${id}/fields`, {
        fields: { fee_basis: 'hourly', hours: 12.5, seats: '3', start: '2026-03-01', signed: true, contact: 'ada@example.com' },
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const cleared = await api.put(`/v1/documents/${id}/fields`, { fields: { fee_basis: '', hours: null, start: '' } });
      expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
      expect(await fieldsOf(id)).toMatchObject({ fee_basis: '', hours: '', seats: '3', start: '', signed: 'true', contact: 'ada@example.com' });
    });

    it('instantiation refuses an impossible value with 422 and creates nothing', async () => {
      const before = await countRows(server);
      const response = await api.post('/v1/documents', { templateId: 'typed-fields', fields: { client: 'Acme', fee_basis: 'weekly' } });
      expect(response.status).toBe(422);
      expect(response.body.detail).toMatch(/fee_basis.*weekly.*fixed, monthly, hourly/);
      expect(await countRows(server)).toEqual(before);
    });

    it('config `fields` entries refuse an impossible value (checked against the type sent with it) and change nothing', async () => {
      const id = await newDocument();
      const before = (await api.get(`/v1/documents/${id}/config`)).body;
      const bad = await api.put(`/v1/documents/${id}/config`, { brief: { text: 'memo' }, fields: { hours: { value: 'twelve' } } });
      expect(bad.status).toBe(422);
      expect(bad.body.detail).toMatch(/hours.*twelve/);
      const badWithType = await api.put(`/v1/documents/${id}/config`, { fields: { client: { valueType: 'date', value: 'next monday' } } });
      expect(badWithType.status).toBe(422);
      expect(badWithType.body.detail).toMatch(/client.*next monday/);
      expect((await api.get(`/v1/documents/${id}/config`)).body).toEqual(before);
      const good = await api.put(`/v1/documents/${id}/config`, {
        fields: { fee_basis: { value: 'monthly' }, tier: { valueType: 'enum', options: ['gold', 'silver'], value: 'gold' } },
      });
      expect(good.status, JSON.stringify(good.body)).toBe(200);
      expect(good.body.fields.tier).toMatchObject({ value: 'gold', options: ['gold', 'silver'] });
    });
  });

  describe('field rows', () => {
    it('carry the allowed values of enum fields in GET fields, the document detail and the PUT fields answer', async () => {
      const id = await newDocument();
      const listed = (await api.get(`/v1/documents/${id}/fields`)).body.fields as FieldRow[];
      expect(listed.find((f) => f.key === 'fee_basis')).toMatchObject({ valueType: 'enum', options: ['fixed', 'monthly', 'hourly'] });
      expect(listed.find((f) => f.key === 'hours')).not.toHaveProperty('options');
      const detail = (await api.get(`/v1/documents/${id}`)).body.fields as FieldRow[];
      expect(detail.find((f) => f.key === 'fee_basis')?.options).toEqual(['fixed', 'monthly', 'hourly']);
      const put = (await api.put(`/v1/documents/${id}/fields`, { fields: { fee_basis: 'monthly' } })).body.fields as FieldRow[];
      expect(put.find((f) => f.key === 'fee_basis')).toMatchObject({ value: 'monthly', options: ['fixed', 'monthly', 'hourly'] });
    });

    it('FieldModel in both OpenAPI documents declares options', async () => {
      for (const path of ['/openapi.json', '/v1/openapi.json']) {
        const doc = (await server.call('GET', path)).json() as Promise<{ components: { schemas: Record<string, { properties: Record<string, unknown> }> } }>;
        const fieldModel = (await doc).components.schemas.FieldModel;
        expect(fieldModel.properties.options, path).toMatchObject({ type: 'array', items: { type: 'string' } });
      }
    });
  });
});
