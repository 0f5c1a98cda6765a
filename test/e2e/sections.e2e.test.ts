/**
 * Sections over real HTTP on every dialect: create (both commands), edit, versions, and what only
 * the HTTP layer decides (the body schemas' 422s). Applying an output, reordering and deleting are
 * one use case each: their tests are the command tier's (src/modules/documents/sections/commands).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { countRows } from '../support/rows.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

describeEachDialect('sections', (dialect) => {
  let server: TestServer;
  let api: Api;
  let globex: Api;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    globex = api.as('globex');
    await createTemplate(api, {
      slug: 'sec',
      title: 'Sections',
      sections: [
        { key: 'a', title: 'A' },
        { key: 'b', title: 'B' },
      ],
    });
  });
  afterAll(async () => server?.close());

  async function newDocument(): Promise<string> {
    return (await api.post('/v1/documents', { templateId: 'sec' })).body.document.id;
  }

  it('creates a title-only section with the defaults, and a configured one with its keys', async () => {
    const id = await newDocument();
    const plain = await api.post(`/v1/documents/${id}/sections`, { title: 'Background' });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({
      title: 'Background',
      render_mode: 'synthesized',
      output_type: 'string',
      status: 'empty',
      prompt: null,
      key: 'background',
      ordinal: 2,
    });
    const full = await api.post(`/v1/documents/${id}/sections`, {
      title: 'Table',
      render_mode: 'templated',
      output_type: 'table',
      output_template: '| a |\n|---|\n| {{ x }} |',
      prompt: null,
    });
    expect(full.body).toMatchObject({ render_mode: 'templated', output_type: 'table', output_template: '| a |\n|---|\n| {{ x }} |' });
    const partial = await api.post(`/v1/documents/${id}/sections`, { title: 'Prompted', prompt: 'Explain' });
    expect(partial.body).toMatchObject({ render_mode: 'synthesized', output_type: 'string', prompt: 'Explain' });
    const listed = (await api.get(`/v1/documents/${id}/sections`)).body.map((s: { title: string }) => s.title);
    expect(listed).toEqual(['A', 'B', 'Background', 'Table', 'Prompted']);
  });

  it('refuses bad creates with 422 and foreign documents with 404, writing nothing', async () => {
    const id = await newDocument();
    const before = await countRows(server);
    for (const body of [
      {},
      { title: '' },
      { title: '  ' },
      { title: 'x', render_mode: 'magic' },
      { title: 'x', output_type: 'pdf' },
      { title: 'x', render_mode: 'templated', output_template: '{% if %}' },
      { title: 'x', bogus: 1 },
    ]) {
      expect((await api.post(`/v1/documents/${id}/sections`, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await globex.post(`/v1/documents/${id}/sections`, { title: 'x' })).status).toBe(404);
    expect((await api.post('/v1/documents/doc_missing/sections', { title: 'x' })).status).toBe(404);
    expect(await countRows(server)).toEqual(before);
  });

  it('edits only sent keys; null clears prompt and resets render_mode; {} is 422; content is a hand edit with a version', async () => {
    const id = await newDocument();
    const [section] = (await api.get(`/v1/documents/${id}/sections`)).body;
    const edited = await api.put(`/v1/documents/${id}/sections/${section.id}`, { prompt: 'Be brief', render_mode: 'templated', output_template: 'Hi' });
    expect(edited.body).toMatchObject({ prompt: 'Be brief', render_mode: 'templated', title: 'A', status: 'empty' });
    const cleared = await api.put(`/v1/documents/${id}/sections/${section.id}`, { prompt: null, render_mode: null });
    expect(cleared.body).toMatchObject({ prompt: null, render_mode: 'synthesized', output_template: 'Hi' });
    expect((await api.put(`/v1/documents/${id}/sections/${section.id}`, {})).status).toBe(422);
    expect((await api.put(`/v1/documents/${id}/sections/${section.id}/output`, {})).status).toBe(422);
    expect((await api.put(`/v1/documents/${id}/sections/${section.id}`, { status: 'done' })).status).toBe(422);
    expect((await api.put(`/v1/documents/${id}/sections/${section.id}`, { title: null })).status).toBe(422);
    const content = await api.put(`/v1/documents/${id}/sections/${section.id}`, { content: 'Written by hand' });
    expect(content.body).toMatchObject({ content: 'Written by hand', status: 'edited' });
    const versions = await api.get(`/v1/documents/${id}/sections/${section.id}/versions`);
    expect(versions.body.map((v: { version: number; content: string }) => [v.version, v.content])).toEqual([[1, 'Written by hand']]);
  });
});
