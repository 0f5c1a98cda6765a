/**
 * Staleness from each kind of input the derivation record covers besides fields (issue #11),
 * over real HTTP with a live model protocol (a fake OpenAI-compatible server) on every dialect:
 * a voice change marks the synthesized section stale and not the templated ones; a risk block
 * change, the sections reading the bound snippets; a section definition change, that section; a
 * tool registration's config, the section reading the tool's value; and a change of the gather
 * model marks the section reading an `llm` data-need stale and makes the next run ask the model
 * again (not `need_cached`), while a change of the synthesis model leaves that row cached.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningTestServer, startJsonApiServer } from '../../src/adapters/tools/test-support/tool-test-servers.js';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type FakeChatRequest, type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai-server.js';
import { created } from '../support/library.js';
import { type ProgressEvent, collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

function answer(request: FakeChatRequest) {
  if (request.schemaName === 'synthesized_context')
    return { content: JSON.stringify({ summary: 'A vendor review.', key_facts: [], parties: [], dates: [], amounts: [], open_questions: [] }) };
  if (request.schemaName) return { content: JSON.stringify({}) };
  if (request.user.includes('Angle')) return { content: `An angle from ${request.model}.` };
  return { content: 'A careful summary.' };
}

const SPEC = {
  slug: 'staleness-inputs',
  title: 'Staleness inputs',
  fields: [
    { key: 'client', value: 'Globex' },
    { key: 'vendor_name', value: 'Initech' },
  ],
  dataNeeds: [{ output_key: 'angle', kind: 'llm', prompt_body: 'Angle for {{ client }}' }],
  config: { verify: { judge: 'deterministic' }, voice: { voiceName: 'Plain' }, synthesis: { enabled: false } },
  sections: [
    { key: 'intro', title: 'Intro', render_mode: 'templated', output_template: 'For {{ client }}.' },
    { key: 'angle', title: 'Angle', render_mode: 'templated', output_template: 'Angle: {{ angle }}' },
    { key: 'vendor', title: 'Vendor', render_mode: 'templated', output_template: 'Vendor {{ vendor_info.vendor }}.' },
    {
      key: 'risks',
      title: 'Risks',
      render_mode: 'templated',
      output_template: '{% for s in snippets %}{% for i in s.items %}{{ i.riskBlock.heading }}{% endfor %}{% endfor %}',
    },
    { key: 'summary', title: 'Summary', prompt: 'Summarize' },
  ],
};

interface WireSection {
  id: string;
  key: string;
  staleBecause?: Array<{ cause: string; path: string; via?: string }>;
}

describeEachDialect('staleness from voices, the library, definitions, tools and models', (dialect) => {
  let fake: FakeOpenAi;
  let jsonApi: RunningTestServer;
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ respond: answer });
    jsonApi = await startJsonApiServer();
    server = await startTestServer({
      dialect,
      env: {
        LLM_PROVIDER: 'openai-compatible',
        LLM_BASE_URL: fake.baseUrl,
        LLM_MODEL: 'fake-large',
        LLM_TIMEOUT_MS: '5000',
        TOOL_ALLOWED_HOSTS: `127.0.0.1:${jsonApi.port}`,
      },
    });
    api = await apiFor(server);
    token = await server.login();
    await created(api, '/v1/voices', { name: 'Plain', description: 'Short sentences.', samples: ['We checked it.'] });
    await createTemplate(api, SPEC);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
    await jsonApi?.close();
  });

  async function generate(id: string): Promise<ProgressEvent[]> {
    const started = await api.post(`/v1/documents/${id}/generate`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token, { org: 'acme' });
    expect(events.at(-1)?.event, JSON.stringify(events.at(-1))).toBe('pipeline_finished');
    return events;
  }

  /** Section key → `cause:path` of each stale section (current ones left out). */
  async function stale(id: string): Promise<Record<string, string[]>> {
    const detail = await api.get(`/v1/documents/${id}`);
    expect(detail.status).toBe(200);
    const sections = detail.body.sections as WireSection[];
    for (const s of sections) expect(Array.isArray(s.staleBecause), `${s.key} carries staleBecause`).toBe(true);
    return Object.fromEntries(
      sections.filter((s) => (s.staleBecause ?? []).length > 0).map((s) => [s.key, (s.staleBecause ?? []).map((c) => `${c.cause}:${c.path}`).sort()]),
    );
  }

  /** A generated document of the template with a tool data-need and a bound snippet holding a risk block. */
  async function generatedDocument(): Promise<{ id: string; blockId: string; toolName: string }> {
    const id = (await created(api, '/v1/documents', { templateId: SPEC.slug })).document.id as string;
    const toolName = `vendors-${id}`;
    await created(api, '/v1/tool-registrations', {
      name: toolName,
      category: 'vendors',
      classPath: 'http.json',
      configJson: { url: `${jsonApi.url}/vendors`, resultPath: 'data' },
    });
    await created(api, `/v1/documents/${id}/data-needs`, {
      kind: 'tool',
      output_key: 'vendor_info',
      tool_ref: toolName,
      args_json: { vendor: '{{ vendor_name }}' },
    });
    const block = await created(api, '/v1/risk-blocks', {
      key: `transfer-${id}`,
      heading: 'Transfers abroad',
      template: 'Data leaves the EU.',
      status: 'approved',
    });
    const snippet = await created(api, '/v1/snippets', { key: `risks-${id}` });
    expect((await api.put(`/v1/snippets/${snippet.id}/items`, { items: [{ itemType: 'risk_block', itemKey: block.key }] })).status).toBe(200);
    await created(api, `/v1/documents/${id}/snippets`, { snippetId: snippet.id });
    await generate(id);
    expect(await stale(id)).toEqual({});
    return { id, blockId: block.id, toolName };
  }

  it('every response that returns the document detail carries the same staleBecause as GET', async () => {
    const { id } = await generatedDocument();
    const causes = (sections: WireSection[]) => Object.fromEntries(sections.map((s) => [s.key, s.staleBecause]));
    const fromGet = async () => causes((await api.get(`/v1/documents/${id}`)).body.sections);
    const patched = await api.patch(`/v1/documents/${id}`, { title: 'Renamed review' });
    expect(patched.status).toBe(200);
    expect(causes(patched.body.sections)).toEqual(await fromGet());
    const put = await api.put(`/v1/documents/${id}/fields`, { fields: { client: 'Initech' } });
    expect(put.status).toBe(200);
    expect(causes(put.body.sections)).toMatchObject({ intro: [{ cause: 'fields', path: 'fields.client' }], vendor: [] });
    expect(causes(put.body.sections)).toEqual(await fromGet());
    const state = await api.put(`/v1/documents/${id}/state`, { state: 'under-review' });
    expect(state.status).toBe(200);
    expect(causes(state.body.sections)).toEqual(await fromGet());
  });

  it('a voice change marks the synthesized section stale, naming the voice, and no templated one', async () => {
    const { id } = await generatedDocument();
    const [voice] = ((await api.get('/v1/voices')).body as Array<{ id: string; name: string }>).filter((v) => v.name === 'Plain');
    expect((await api.patch(`/v1/voices/${voice.id}`, { description: 'Long, formal sentences.' })).status).toBe(200);
    expect(await stale(id)).toEqual({ summary: ['voice:voice'] });
    expect((await api.patch(`/v1/voices/${voice.id}`, { description: 'Short sentences.' })).status).toBe(200);
    expect(await stale(id)).toEqual({});
  });

  it('a risk block change marks the sections reading the bound snippets stale, naming the snippet', async () => {
    const { id, blockId } = await generatedDocument();
    expect((await api.patch(`/v1/risk-blocks/${blockId}`, { heading: 'Transfers to third countries' })).status).toBe(200);
    expect(await stale(id)).toEqual({ risks: [`library:snippets.risks-${id}`] });
    await generate(id);
    expect(await stale(id)).toEqual({});
  });

  it('a section definition change marks that section stale, naming the attribute', async () => {
    const { id } = await generatedDocument();
    const intro = ((await api.get(`/v1/documents/${id}/sections`)).body as WireSection[]).find((s) => s.key === 'intro');
    const edited = await api.put(`/v1/documents/${id}/sections/${intro?.id}`, { output_template: 'Prepared for {{ client }}.' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await stale(id)).toEqual({ intro: ['template:definition.outputTemplate'] });
  });

  it('a tool registration registered again with another config marks the section reading its value stale, and the next run calls it again', async () => {
    const { id, toolName } = await generatedDocument();
    const [registration] = ((await api.get('/v1/tool-registrations')).body as Array<{ id: string; name: string }>).filter((t) => t.name === toolName);
    expect((await api.delete(`/v1/tool-registrations/${registration.id}`)).status).toBe(200);
    await created(api, '/v1/tool-registrations', {
      name: toolName,
      category: 'vendors',
      classPath: 'http.json',
      configJson: { url: `${jsonApi.url}/vendors`, resultPath: 'data', query: { region: 'eu' } },
    });
    expect(await stale(id)).toEqual({ vendor: [`tool:tool.${toolName}`], summary: [`tool:tool.${toolName}`] });
    const events = await generate(id);
    expect(events.filter((e) => e.outputKey === 'vendor_info' && e.event.startsWith('need_')).map((e) => e.event)).toEqual(['need_started', 'need_finished']);
    expect(await stale(id)).toEqual({});
  });

  it('another gather model makes the llm data-need stale and re-asked; another synthesis model leaves it cached', async () => {
    const { id } = await generatedDocument();
    const needEvents = (events: ProgressEvent[]) => events.filter((e) => e.outputKey === 'angle' && e.event.startsWith('need_')).map((e) => e.event);

    expect((await api.put(`/v1/documents/${id}/config`, { models: { synthesis: 'fake-writer' } })).status).toBe(200);
    expect(await stale(id)).toEqual({ summary: ['model:models'] });
    expect(needEvents(await generate(id))).toEqual(['need_cached']);

    expect((await api.put(`/v1/documents/${id}/config`, { models: { gather: 'fake-small' } })).status).toBe(200);
    expect(await stale(id)).toEqual({ angle: ['model:models.gather'], summary: ['model:models', 'model:models.gather'] });
    const asked = fake.requests.length;
    expect(needEvents(await generate(id))).toEqual(['need_started', 'need_finished']);
    expect(
      fake.requests
        .slice(asked)
        .filter((r) => r.user.includes('Angle'))
        .map((r) => r.model),
    ).toEqual(['fake-small']);
    const angle = ((await api.get(`/v1/documents/${id}/sections`)).body as Array<{ key: string; content: string }>).find((s) => s.key === 'angle');
    expect(angle?.content).toBe('Angle: An angle from fake-small.');
    expect(await stale(id)).toEqual({});
  });
});
