/**
 * One section whose model answer cannot be used fails alone (issue 31, row 8): a json section
 * answered with prose every time is asked again (bounded) and then failed with the reason; a
 * section whose answers are not even a readable completion fails the same way. The other
 * sections are written, the run finishes naming the failed ones, readiness shows them, and
 * finalizing refuses until they are written again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type FakeAnswer, type FakeChatRequest, type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai-server.js';
import { answerGeneration } from '../support/fake-generation-model.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const SPEC = {
  slug: 'one-bad-section',
  title: 'One bad section',
  fields: [{ key: 'company', value: 'Acme GmbH' }],
  dataNeeds: [{ output_key: 'report', kind: 'static', name: 'Annual report 2025', args_json: { value: 'Revenue grew 15% in 2025.' } }],
  config: { verify: { judge: 'deterministic' } },
  sections: [
    { key: 'intro', title: 'Introduction', render_mode: 'templated', output_template: 'About {{ company }}.' },
    { key: 'growth', title: 'Growth', prompt: 'Describe the growth of {{ company }}' },
    { key: 'figures', title: 'Key figures', output_type: 'json', prompt: 'List the key figures of {{ company }} as JSON' },
    { key: 'outlook', title: 'Outlook', prompt: 'Write the outlook for {{ company }}' },
  ],
};

/** Garbage for two sections, every time: prose where JSON is asked for, and a body that is no completion at all. */
let garbage = true;
function respond(request: FakeChatRequest): FakeAnswer {
  if (garbage && !request.schemaName && request.user.includes('Key figures')) return { content: 'Sure! Here are some thoughts about the figures, in prose.' };
  if (garbage && !request.schemaName && request.user.includes('Outlook')) return { raw: '<html>upstream proxy error' };
  if (!request.schemaName && request.user.includes('Key figures')) return { content: '{"revenue_growth": "15% [1]"}' };
  return answerGeneration(request);
}

describeEachDialect('a section whose model answer cannot be used', (dialect) => {
  let fake: FakeOpenAi;
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ respond });
    server = await startTestServer({
      dialect,
      env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-large', LLM_TIMEOUT_MS: '5000' },
    });
    api = await apiFor(server);
    token = await server.login();
    await createTemplate(api, SPEC);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('fails that section with its reason, writes the others, and blocks finalizing until it is written', async () => {
    const id = (await api.post('/v1/documents', { templateId: 'one-bad-section' })).body.document.id;
    expect((await api.post(`/v1/documents/${id}/generate`, {})).body.started).toBe(true);
    const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token);
    const finished = events.at(-1);
    expect(finished?.event, JSON.stringify(finished)).toBe('pipeline_finished');

    const sections = (await api.get(`/v1/documents/${id}/sections`)).body as Array<{ id: string; key: string; status: string; content: string | null }>;
    const byKey = new Map(sections.map((s) => [s.key, s]));
    expect(byKey.get('intro')).toMatchObject({ status: 'generated', content: 'About Acme GmbH.' });
    expect(byKey.get('growth')).toMatchObject({ status: 'generated', content: 'Revenue grew 15% in 2025 [1].' });
    expect(byKey.get('figures')?.status).toBe('failed');
    expect(byKey.get('outlook')?.status).toBe('failed');

    const failed = finished?.failed_sections as Array<{ sectionId: string; title: string; error: string }>;
    expect(failed.map((f) => f.title).sort()).toEqual(['Key figures', 'Outlook']);
    expect(failed.find((f) => f.title === 'Key figures')?.error).toMatch(/not valid JSON|holds no JSON.*after 3 attempts/);
    // The json section was asked again with its fault named, a bounded number of times.
    const figureRequests = fake.requests.filter((r) => !r.schemaName && r.user.includes('Key figures'));
    expect(figureRequests).toHaveLength(3);
    expect(figureRequests[1].user).toContain('Your previous answer could not be used');

    const readiness = (await api.get(`/v1/documents/${id}/readiness`)).body;
    const gaps = readiness.gaps.filter((g: { kind: string }) => g.kind === 'section_failed');
    expect(gaps.map((g: { key: string }) => g.key).sort()).toEqual(['figures', 'outlook']);
    expect(readiness.generation_should_proceed).toBe(true);

    const refused = await api.put(`/v1/documents/${id}/state`, { state: 'finalized' });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toContain('section_failed (figures)');

    // Answered properly, the next run writes them and finalizing goes through.
    garbage = false;
    try {
      await api.post(`/v1/documents/${id}/generate`, { force: true });
      expect((await collectEvents(`${server.url}/v1/documents/${id}/progress`, token)).at(-1)?.event).toBe('pipeline_finished');
    } finally {
      garbage = true;
    }
    const after = (await api.get(`/v1/documents/${id}/sections`)).body as Array<{ key: string; status: string; content: string }>;
    expect(after.find((s) => s.key === 'figures')).toMatchObject({ status: 'generated', content: '{"revenue_growth": "15% [1]"}' });
    expect((await api.put(`/v1/documents/${id}/state`, { state: 'finalized' })).status).toBe(200);
  });
});
