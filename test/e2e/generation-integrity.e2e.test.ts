/**
 * Integrity of generation snapshots (issue #11) against a fake OpenAI-compatible server:
 * reproduce replays the pinned manifest offline (no model call, every section byte-identical,
 * even with the model down), a live re-run is an explicit option, and the diff of two
 * snapshots names per section whether and why the output changed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type FakeChatRequest, type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai-server.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

function answer(request: FakeChatRequest) {
  if (request.schemaName === 'synthesized_context')
    return { content: JSON.stringify({ summary: 'Acme grew 15% in 2025.', key_facts: [], parties: [], dates: [], amounts: [], open_questions: [] }) };
  if (request.schemaName) return { content: JSON.stringify({}) };
  return { content: 'Revenue grew 15% in 2025 [1].' };
}

const SPEC = {
  slug: 'integrity',
  title: 'Integrity',
  fields: [
    { key: 'company', value: 'Acme GmbH' },
    { key: 'year', value: '2025' },
  ],
  dataNeeds: [{ output_key: 'report', kind: 'static', name: 'Annual report 2025', args_json: { value: 'Revenue grew 15% in 2025.' } }],
  config: { verify: { judge: 'deterministic' } },
  sections: [
    { key: 'intro', title: 'Introduction', render_mode: 'templated', output_template: 'About {{ company }}.' },
    { key: 'period', title: 'Period', render_mode: 'templated', output_template: 'Fiscal year {{ fields.year }}.' },
    { key: 'growth', title: 'Growth', prompt: 'Describe the growth of {{ company }}' },
  ],
};

interface SectionResult {
  sectionId: string;
  key: string;
  renderMode: string;
  identical: boolean;
  outcome: string;
  content: string | null;
}

interface SectionDiff {
  key: string;
  changed: boolean;
  causes: Array<{ kind: string; keys: string[] }>;
}

describeEachDialect('generation snapshot integrity', (dialect) => {
  let fake: FakeOpenAi;
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ respond: answer });
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

  async function generate(id: string, body: Record<string, unknown> = {}) {
    expect((await api.post(`/v1/documents/${id}/generate`, body)).body.started).toBe(true);
    const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token);
    expect(events.at(-1)?.event, JSON.stringify(events.at(-1))).toBe('pipeline_finished');
  }

  async function latestSnapshotId(id: string): Promise<string> {
    return (await api.get(`/v1/documents/${id}/generation-snapshots`)).body[0].id;
  }

  it('reproduces offline by default: every section byte-identical and not one model request, with the model refusing', async () => {
    const id = (await api.post('/v1/documents', { templateId: 'integrity' })).body.document.id;
    await generate(id);
    const snapshotId = await latestSnapshotId(id);
    const pinned = (await api.get(`/v1/documents/${id}/generation-snapshots/${snapshotId}`)).body.output.sections as Array<{
      sectionId: string;
      content: string;
    }>;
    const seen = fake.requests.length;
    fake.failWith({ status: 503, headers: { 'retry-after-ms': '1' } });
    try {
      const reproduced = await api.post(`/v1/documents/${id}/generation-snapshots/${snapshotId}/reproduce`, {});
      expect(reproduced.status, JSON.stringify(reproduced.body)).toBe(200);
      expect(fake.requests.length).toBe(seen);
      expect(reproduced.body).toMatchObject({ generationSnapshotId: snapshotId, runId: 1, identical: true, mode: 'offline', modelCalls: 0 });
      const sections = reproduced.body.sections as SectionResult[];
      expect(sections.map((s) => s.key)).toEqual(['intro', 'period', 'growth']);
      for (const section of sections) {
        expect(section).toMatchObject({ identical: true, outcome: 'identical' });
        expect(section.content).toBe(pinned.find((p) => p.sectionId === section.sectionId)?.content);
      }
      expect(sections.find((s) => s.key === 'growth')?.content).toBe('Revenue grew 15% in 2025 [1].');
      // Without a body at all, too.
      const bare = await server.call('POST', `/v1/documents/${id}/generation-snapshots/${snapshotId}/reproduce`, { token, org: 'acme' });
      expect(bare.status).toBe(200);
      expect(fake.requests.length).toBe(seen);

      // A live re-run is explicit: it goes to the model, which is down.
      const live = await api.post(`/v1/documents/${id}/generation-snapshots/${snapshotId}/reproduce`, { mode: 'live' });
      expect(live.status).toBe(502);
      expect(fake.requests.length).toBeGreaterThan(seen);
    } finally {
      fake.failWith(null);
    }
    const live = await api.post(`/v1/documents/${id}/generation-snapshots/${snapshotId}/reproduce`, { mode: 'live' });
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ mode: 'live', identical: true });
    expect(live.body.modelCalls).toBeGreaterThan(0);
    expect((await api.post(`/v1/documents/${id}/generation-snapshots/${snapshotId}/reproduce`, { mode: 'sideways' })).status).toBe(422);
    expect((await api.as('globex').post(`/v1/documents/${id}/generation-snapshots/${snapshotId}/reproduce`, {})).status).toBe(404);
  });

  it('diffs two snapshots: a changed field names the templated section that read it, an untouched section is unchanged', async () => {
    const id = (await api.post('/v1/documents', { templateId: 'integrity' })).body.document.id;
    await generate(id);
    const first = await latestSnapshotId(id);
    await api.put(`/v1/documents/${id}/fields`, { fields: { company: 'Beta AG', year: '2025' } });
    await generate(id, { force: true });
    const second = await latestSnapshotId(id);
    expect(second).not.toBe(first);

    const diff = await api.get(`/v1/documents/${id}/generation-snapshots/${first}/diff/${second}`);
    expect(diff.status, JSON.stringify(diff.body)).toBe(200);
    expect(diff.body).toMatchObject({ documentId: id, from: { id: first, runId: 1 }, to: { id: second, runId: 2 }, identical: false });
    const sections = diff.body.sections as SectionDiff[];
    const intro = sections.find((s) => s.key === 'intro');
    expect(intro?.changed).toBe(true);
    expect(intro?.causes).toContainEqual(expect.objectContaining({ kind: 'fields', keys: ['company'] }));
    expect(intro?.causes.map((c) => c.kind)).toEqual(['fields']);
    const period = sections.find((s) => s.key === 'period');
    expect(period).toMatchObject({ changed: false, causes: [] });
    // The synthesized section's prompt read the field: its inputs changed even though the canned answer did not.
    const growth = sections.find((s) => s.key === 'growth');
    expect(growth?.changed).toBe(false);
    expect(growth?.causes.map((c) => c.kind)).toEqual(expect.arrayContaining(['fields', 'prompt']));

    const same = await api.get(`/v1/documents/${id}/generation-snapshots/${first}/diff/${first}`);
    expect(same.body.identical).toBe(true);
    expect((same.body.sections as SectionDiff[]).every((s) => !s.changed && s.causes.length === 0)).toBe(true);

    expect((await api.get(`/v1/documents/${id}/generation-snapshots/${first}/diff/gsn_missing`)).status).toBe(404);
    expect((await api.get(`/v1/documents/${id}/generation-snapshots/gsn_missing/diff/${second}`)).status).toBe(404);
    expect((await api.as('globex').get(`/v1/documents/${id}/generation-snapshots/${first}/diff/${second}`)).status).toBe(404);
    const other = (await api.post('/v1/documents', { templateId: 'integrity' })).body.document.id;
    expect((await api.get(`/v1/documents/${other}/generation-snapshots/${first}/diff/${second}`)).status).toBe(404);
  });
});
