/**
 * The run comparison (`GET …/generation-snapshots/{a}/diff/{b}`) shows, for each changed
 * section, every changed input with its before and after value and a word-level diff of the
 * text (issue 31, item 5). Over real HTTP on every dialect.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

interface WireDiffSection {
  key: string;
  status: string;
  inputs: Array<{ path: string; before: unknown; after: unknown }>;
  textDiff: Array<{ op: string; text: string }>;
}

describeEachDialect('run comparison: values and text diff', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  const generate = async (id: string) => {
    expect((await api.post(`/v1/documents/${id}/generate`, {})).status).toBe(200);
    const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token, { org: 'acme' });
    expect(events.at(-1)?.event).toBe('pipeline_finished');
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    token = await server.login();
    await createTemplate(api, {
      slug: 'compared',
      title: 'Compared',
      fields: [
        { key: 'client_name', label: 'Client name', valueType: 'string' },
        { key: 'fee', label: 'Fee', valueType: 'string' },
      ],
      sections: [
        { key: 'introduction', title: 'Introduction', render_mode: 'templated', output_template: 'We act for {{ client_name }} from 1 December.' },
        { key: 'fees', title: 'Fees', render_mode: 'templated', output_template: 'Our fee is {{ fee }}.' },
      ],
    });
  });
  afterAll(async () => server?.close());

  it('names each changed input with its two values and marks the changed words', async () => {
    const id: string = (await api.post('/v1/documents', { templateId: 'compared', fields: { client_name: 'Contoso GmbH', fee: '£1,000' } })).body.document.id;
    await generate(id);
    expect((await api.put(`/v1/documents/${id}/fields`, { fields: { client_name: 'Fabrikam AG' } })).status).toBe(200);
    await generate(id);
    const [to, from] = (await api.get(`/v1/documents/${id}/generation-snapshots`)).body as Array<{ id: string }>;
    const diff = await api.get(`/v1/documents/${id}/generation-snapshots/${from.id}/diff/${to.id}`);
    expect(diff.status).toBe(200);
    const byKey = Object.fromEntries((diff.body.sections as WireDiffSection[]).map((s) => [s.key, s]));

    expect(byKey.introduction.status).toBe('changed');
    expect(byKey.introduction.inputs).toEqual([{ path: 'fields.client_name', before: 'Contoso GmbH', after: 'Fabrikam AG' }]);
    const marked = (op: string) => byKey.introduction.textDiff.filter((p) => p.op === op).map((p) => p.text);
    expect(marked('delete')).toEqual(['Contoso', 'GmbH']);
    expect(marked('insert')).toEqual(['Fabrikam', 'AG']);
    expect(marked('equal').join('')).toBe('We act for   from 1 December.');

    expect(byKey.fees.status).toBe('unchanged');
    expect(byKey.fees.inputs).toEqual([]);
    expect(byKey.fees.textDiff).toEqual([]);
  }, 60_000);
});
