/**
 * Data-needs over real HTTP on every dialect: create of each kind, list and get, and the refusals
 * with their 422s. Updating and deleting are one use case each: their tests are the command tier's
 * (src/modules/documents/data-needs/commands).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { countRows } from '../support/rows.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

describeEachDialect('data-needs', (dialect) => {
  let server: TestServer;
  let api: Api;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    await createTemplate(api, { slug: 'needs', title: 'Needs', fields: [{ key: 'client' }] });
  });
  afterAll(async () => server?.close());

  const newDocument = async (): Promise<string> => (await api.post('/v1/documents', { templateId: 'needs' })).body.document.id;

  it('creates needs of each kind (201), lists them in ordinal order, gets one', async () => {
    const id = await newDocument();
    const bodies = [
      { kind: 'field', output_key: 'client_name', args_json: { field: 'client' } },
      { kind: 'static', output_key: 'rate', args_json: { value: 0.2 } },
      { kind: 'template', output_key: 'label', args_json: { expression: "client_name ~ ' Ltd'" }, depends_on: ['client_name'] },
      { kind: 'tool', output_key: 'fx', tool_ref: 'currency' },
      { kind: 'llm', output_key: 'summary', prompt_body: 'Summarize {{ label }}', depends_on: ['label'], tools_available: ['fx'] },
      { kind: 'assessment', output_key: 'facts', args_json: { assessment_id: 'asm_1' } },
    ];
    const ids: string[] = [];
    for (const body of bodies) {
      const created = await api.post(`/v1/documents/${id}/data-needs`, body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({ kind: body.kind, output_key: body.output_key });
      ids.push(created.body.id);
    }
    const list = await api.get(`/v1/documents/${id}/data-needs`);
    expect(list.body.map((n: { output_key: string }) => n.output_key)).toEqual(bodies.map((b) => b.output_key));
    expect(list.body.map((n: { ordinal: number }) => n.ordinal)).toEqual([0, 1, 2, 3, 4, 5]);
    const one = await api.get(`/v1/documents/${id}/data-needs/${ids[4]}`);
    expect(one.body).toMatchObject({ prompt_body: 'Summarize {{ label }}', depends_on: ['label'], tools_available: ['fx'], name: null });
  });

  it('refuses unknown kinds, missing kind arguments, unknown dependencies and cycles with 422, writing nothing', async () => {
    const id = await newDocument();
    await api.post(`/v1/documents/${id}/data-needs`, { kind: 'static', output_key: 'a', args_json: { value: 1 } });
    const b = (await api.post(`/v1/documents/${id}/data-needs`, { kind: 'static', output_key: 'b', args_json: { value: 2 }, depends_on: ['a'] })).body;
    const before = await countRows(server);
    const refused = [
      { kind: 'magic', output_key: 'x' },
      { kind: 'static', output_key: 'x' },
      { kind: 'tool', output_key: 'x' },
      { kind: 'llm', output_key: 'x' },
      { kind: 'template', output_key: 'x', args_json: { expression: '{{' } },
      { kind: 'static', output_key: 'has space', args_json: { value: 1 } },
      { kind: 'static', output_key: 'a', args_json: { value: 1 } },
      { kind: 'static', output_key: 'x', args_json: { value: 1 }, depends_on: ['ghost'] },
      { output_key: 'x' },
    ];
    for (const body of refused) expect((await api.post(`/v1/documents/${id}/data-needs`, body)).status, JSON.stringify(body)).toBe(422);
    const unknown = await api.post(`/v1/documents/${id}/data-needs`, { kind: 'static', output_key: 'x', args_json: { value: 1 }, depends_on: ['ghost'] });
    expect(unknown.body.detail).toMatch(/"x" depends on "ghost"/);
    const cycle = await api.patch(`/v1/documents/${id}/data-needs/${(await api.get(`/v1/documents/${id}/data-needs`)).body[0].id}`, { depends_on: ['b'] });
    expect(cycle.status).toBe(422);
    expect(cycle.body.detail).toMatch(/cycle: (a → b → a|b → a → b)/);
    expect(await countRows(server)).toEqual(before);
    expect((await api.get(`/v1/documents/${id}/data-needs/${b.id}`)).body.depends_on).toEqual(['a']);
  });
});
