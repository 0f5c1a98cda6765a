/**
 * Restoring a snapshot brings back text an earlier run wrote from earlier inputs: when those
 * inputs changed since, the restored sections read as stale (`staleBecause` naming the change)
 * on the detail and the section list, and the export prints the out-of-date notice (issue 31,
 * item 5). A section whose text the restore did not change stays fresh. Over real HTTP on every dialect.
 */
import JSZip from 'jszip';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

interface WireSection {
  key: string;
  content: string;
  staleBecause?: Array<{ cause: string; path: string }>;
}

describeEachDialect('restoring a snapshot and staleness', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  const generate = async (id: string) => {
    expect((await api.post(`/v1/documents/${id}/generate`, {})).status).toBe(200);
    const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token, { org: 'acme' });
    expect(events.at(-1)?.event).toBe('pipeline_finished');
  };
  const sectionsOf = async (id: string): Promise<Record<string, WireSection>> => {
    const sections = (await api.get(`/v1/documents/${id}/sections`)).body as WireSection[];
    return Object.fromEntries(sections.map((s) => [s.key, s]));
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    token = await server.login();
    await createTemplate(api, {
      slug: 'restorable',
      title: 'Restorable',
      fields: [{ key: 'client_name', label: 'Client name', valueType: 'string' }],
      sections: [
        { key: 'introduction', title: 'Introduction', render_mode: 'templated', output_template: 'We act for {{ client_name }}.' },
        { key: 'scope', title: 'Scope', render_mode: 'templated', output_template: 'The scope is fixed.' },
      ],
    });
  });
  afterAll(async () => server?.close());

  it('marks a restored section stale when the fields it was written from changed since, and prints the notice', async () => {
    const id: string = (await api.post('/v1/documents', { templateId: 'restorable', fields: { client_name: 'Contoso GmbH' } })).body.document.id;
    await generate(id);
    const snapshot = (await api.post(`/v1/documents/${id}/snapshots`, { label: 'Contoso' })).body;
    expect((await api.put(`/v1/documents/${id}/fields`, { fields: { client_name: 'Fabrikam AG' } })).status).toBe(200);
    await generate(id);
    expect((await sectionsOf(id)).introduction.staleBecause).toEqual([]);

    const restored = await api.post(`/v1/documents/${id}/snapshots/${snapshot.id}/restore`, {});
    expect(restored.status).toBe(200);
    const sections = await sectionsOf(id);
    expect(sections.introduction.content).toBe('We act for Contoso GmbH.');
    expect(sections.introduction.staleBecause).toEqual([expect.objectContaining({ cause: 'fields', path: 'fields.client_name' })]);
    expect(sections.scope.staleBecause).toEqual([]);
    const detail = (await api.get(`/v1/documents/${id}`)).body as { sections: WireSection[] };
    expect(detail.sections.find((s) => s.key === 'introduction')?.staleBecause).toEqual([expect.objectContaining({ path: 'fields.client_name' })]);

    const docx = await server.call('GET', `/v1/documents/${id}/export.docx`, { token, org: 'acme' });
    const body = (await (await JSZip.loadAsync(Buffer.from(await docx.arrayBuffer()))).file('word/document.xml')?.async('string')) ?? '';
    expect(body).toContain('Out of date: “Introduction” was written from inputs that have changed since.');

    // Putting the field back makes the restored text current again.
    expect((await api.put(`/v1/documents/${id}/fields`, { fields: { client_name: 'Contoso GmbH' } })).status).toBe(200);
    expect((await sectionsOf(id)).introduction.staleBecause).toEqual([]);
  }, 60_000);
});
