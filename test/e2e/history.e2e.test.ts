/**
 * Version history on every dialect: snapshots, section output versions, generation snapshots
 * with their manifest, reproduce (templated: byte-identical), regenerate one section, the
 * gather lane with its cache, and synthesized contexts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const SPEC = {
  slug: 'history',
  title: 'History',
  fields: [
    { key: 'client', value: 'Acme GmbH' },
    { key: 'amount', valueType: 'number', value: '1200.5' },
  ],
  dataNeeds: [
    {
      output_key: 'facts',
      kind: 'static',
      name: 'Client file',
      args_json: { value: 'Acme GmbH signed the contract on 5 January 2026. The contract value is EUR 1,200.50.' },
    },
    { output_key: 'label', kind: 'template', args_json: { expression: "client ~ ' (' ~ (amount|float|currency('EUR')) ~ ')'" } },
    { output_key: 'blurb', kind: 'llm', prompt_body: 'Introduce {{ label }} in one sentence', depends_on: ['label'] },
  ],
  config: { coordination: { computations: { doubled: '$number(fields.amount) * 2', stamp: '$now()' } } },
  sections: [
    {
      key: 'summary',
      title: 'Summary',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template: '{{ label }} — doubled {{ computed.doubled }} — on {{ today }}.\n\n{% for s in sources %}[{{ s.n }}] {{ s.title }}\n{% endfor %}',
    },
    { key: 'body', title: 'Body', prompt: 'Summarize the contract for {{ client }}' },
  ],
};

describeEachDialect('history', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    token = await server.login();
    await createTemplate(api, SPEC);
  });
  afterAll(async () => server?.close());

  async function generated(body: Record<string, unknown> = {}): Promise<string> {
    const id = (await api.post('/v1/documents', { templateId: 'history' })).body.document.id;
    await runToEnd(id, body);
    return id;
  }

  async function runToEnd(id: string, body: Record<string, unknown> = {}, path = 'generate') {
    const started = await api.post(`/v1/documents/${id}/${path}`, body);
    expect(started.body.started, JSON.stringify(started.body)).toBe(true);
    const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token);
    expect(events.at(-1)?.event, JSON.stringify(events.at(-1))).toBe('pipeline_finished');
    return events;
  }

  it('records a generation snapshot per run with its full manifest, newest first', async () => {
    const id = await generated();
    await runToEnd(id, { force: true });
    const list = (await api.get(`/v1/documents/${id}/generation-snapshots`)).body;
    expect(list.map((s: { runId: number }) => s.runId)).toEqual([2, 1]);
    const full = (await api.get(`/v1/documents/${id}/generation-snapshots/${list[1].id}`)).body;
    const manifest = full.manifest;
    expect(manifest.engineVersion).toBe('quire-pipeline/2');
    expect(manifest.template.specHash).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.fieldValues).toEqual({ client: 'Acme GmbH', amount: '1200.5' });
    expect(manifest.gathered.map((g: { outputKey: string }) => g.outputKey).sort()).toEqual(['blurb', 'facts', 'label']);
    for (const g of manifest.gathered) expect(g.payloadHash).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.computed.doubled).toBe(2401);
    expect(manifest.synthesizedContext).toBeTruthy();
    expect(manifest.models.mode).toBe('offline');
    expect(Object.keys(manifest.prompts.sections)).toHaveLength(1);
    expect(manifest.usage).toMatchObject({ inputTokens: expect.any(Number), outputTokens: expect.any(Number), cost: { currency: 'USD', amount: 0 } });
    expect(full.output.sections.map((s: { key: string }) => s.key)).toEqual(['summary', 'body']);
    expect((await api.get(`/v1/documents/${id}/generation-snapshots/gsn_missing`)).status).toBe(404);
    expect((await api.as('globex').get(`/v1/documents/${id}/generation-snapshots/${list[0].id}`)).status).toBe(404);
  });

  it('reproduces a run from its manifest alone: the templated section byte-identical, even after the document changed', async () => {
    const id = await generated();
    const [snapshot] = (await api.get(`/v1/documents/${id}/generation-snapshots`)).body;
    const pinned = (await api.get(`/v1/documents/${id}/generation-snapshots/${snapshot.id}`)).body.output.sections;
    await api.put(`/v1/documents/${id}/fields`, { fields: { client: 'Someone Else', amount: 1 } });
    const summary = (await api.get(`/v1/documents/${id}/sections`)).body[0];
    await api.put(`/v1/documents/${id}/sections/${summary.id}`, { output_template: 'changed {{ client }}' });
    const reproduced = await api.post(`/v1/documents/${id}/generation-snapshots/${snapshot.id}/reproduce`, {});
    expect(reproduced.status).toBe(200);
    const templated = reproduced.body.sections.find((s: { renderMode: string }) => s.renderMode === 'templated');
    expect(templated.identical).toBe(true);
    expect(templated.content).toBe(pinned[0].content);
    expect(reproduced.body.identical).toBe(true); // the synthesized section replays its pinned model output
  });

  it('snapshots capture the output ("Version N" when unlabeled), restore it without losing the current output, and delete', async () => {
    const id = await generated();
    const first = await api.post(`/v1/documents/${id}/snapshots`, {});
    expect(first.status).toBe(201);
    expect(first.body.label).toBe('Version 1');
    const labeled = await api.post(`/v1/documents/${id}/snapshots`, { label: 'Sent to client' });
    expect(labeled.body).toMatchObject({ label: 'Sent to client', version: 2 });
    expect((await api.get(`/v1/documents/${id}/snapshots`)).body.map((s: { label: string }) => s.label)).toEqual(['Sent to client', 'Version 1']);

    const [summary] = (await api.get(`/v1/documents/${id}/sections`)).body;
    const original = summary.content;
    await api.put(`/v1/documents/${id}/sections/${summary.id}/output`, { content: 'Rewritten by hand' });
    const restored = await api.post(`/v1/documents/${id}/snapshots/${first.body.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body.restoredSectionIds).toEqual([summary.id]);
    const after = (await api.get(`/v1/documents/${id}/sections`)).body[0];
    expect(after).toMatchObject({ content: original, status: 'generated' });
    const versions = (await api.get(`/v1/documents/${id}/sections/${summary.id}/versions`)).body as Array<{ content: string; source: string }>;
    expect(versions.map((v) => v.content)).toContain('Rewritten by hand');
    expect(versions[0]).toMatchObject({ content: original, source: 'restored' });

    expect((await api.as('globex').post(`/v1/documents/${id}/snapshots/${first.body.id}/restore`, {})).status).toBe(404);
    expect((await api.as('globex').delete(`/v1/documents/${id}/snapshots/${first.body.id}`)).status).toBe(404);
    expect((await api.delete(`/v1/documents/${id}/snapshots/${first.body.id}`)).body).toEqual({ ok: true });
    expect((await api.delete(`/v1/documents/${id}/snapshots/${first.body.id}`)).status).toBe(404);
    expect((await api.get(`/v1/documents/${id}/snapshots`)).body).toHaveLength(1);
  });

  it('restores a past section output by version number, versioning the current one first', async () => {
    const id = await generated();
    const [summary] = (await api.get(`/v1/documents/${id}/sections`)).body;
    await api.put(`/v1/documents/${id}/sections/${summary.id}/output`, { content: 'edit one' });
    await api.put(`/v1/documents/${id}/sections/${summary.id}/output`, { content: 'edit two' });
    const versions = (await api.get(`/v1/documents/${id}/sections/${summary.id}/versions`)).body as Array<{ version: number; content: string; source: string }>;
    expect(versions.map((v) => [v.version, v.source])).toEqual([
      [3, 'edited'],
      [2, 'edited'],
      [1, 'generated'],
    ]);
    const restored = await api.post(`/v1/documents/${id}/sections/${summary.id}/versions/1/restore`, {});
    expect(restored.body).toMatchObject({ content: summary.content, status: 'generated' });
    const after = (await api.get(`/v1/documents/${id}/sections/${summary.id}/versions`)).body as Array<{ version: number; content: string; source: string }>;
    expect(after[0]).toMatchObject({ version: 4, source: 'restored', content: summary.content });
    expect(after.some((v) => v.content === 'edit two')).toBe(true);
    expect((await api.post(`/v1/documents/${id}/sections/${summary.id}/versions/99/restore`, {})).status).toBe(404);
    expect((await api.post(`/v1/documents/${id}/sections/${summary.id}/versions/zero/restore`, {})).status).toBe(422);
  });

  it('regenerates one section only, with the same stages', async () => {
    const id = await generated();
    const [summary, body] = (await api.get(`/v1/documents/${id}/sections`)).body;
    await api.put(`/v1/documents/${id}/sections/${summary.id}/output`, { content: 'hand edit' });
    const events = await runToEnd(id, {}, `sections/${body.id}/regenerate`);
    expect(events.filter((e) => e.event === 'render_started').map((e) => e.sectionId)).toEqual([body.id]);
    const sections = (await api.get(`/v1/documents/${id}/sections`)).body;
    expect(sections[0]).toMatchObject({ content: 'hand edit', status: 'edited' });
    expect(sections[1].status).toBe('generated');
    expect((await api.post(`/v1/documents/${id}/sections/sec_missing/regenerate`, {})).status).toBe(404);
  });

  it('gathers the source lane alone, reuses cached rows unless refresh, and feeds GET /computed', async () => {
    const id = (await api.post('/v1/documents', { templateId: 'history' })).body.document.id;
    const first = await api.post(`/v1/documents/${id}/gather`, {});
    expect(first.status).toBe(200);
    expect(first.body.gathered.label).toBe('Acme GmbH (€1,200.50)');
    expect(typeof first.body.gathered.blurb).toBe('string');
    expect(first.body.gathered.blurb.length).toBeGreaterThan(0);
    expect(first.body.failures).toEqual([]);
    expect(first.body.needs.every((n: { cached: boolean }) => n.cached === false)).toBe(true);
    expect(first.body.sources).toEqual([expect.objectContaining({ n: 1, title: 'Client file' })]);
    const second = await api.post(`/v1/documents/${id}/gather`, {});
    expect(second.body.needs.every((n: { cached: boolean }) => n.cached === true)).toBe(true);
    const refreshed = await api.post(`/v1/documents/${id}/gather`, { refresh: true });
    expect(refreshed.body.needs.every((n: { cached: boolean }) => n.cached === false)).toBe(true);
    await api.put(`/v1/documents/${id}/fields`, { fields: { client: 'Beta AG' } });
    const changed = await api.post(`/v1/documents/${id}/gather`, {});
    expect(changed.body.needs.find((n: { outputKey: string }) => n.outputKey === 'label').cached).toBe(false);
    expect(changed.body.needs.find((n: { outputKey: string }) => n.outputKey === 'facts').cached).toBe(true);
    expect(changed.body.needs.find((n: { outputKey: string }) => n.outputKey === 'blurb').cached).toBe(false);
    const computed = (await api.get(`/v1/documents/${id}/computed`)).body;
    expect(computed.computed.doubled).toBe(2401);
    expect(computed.readiness.complete).toBe(true);
    const events = await runToEnd(id);
    expect(
      events
        .filter((e) => e.event === 'need_cached')
        .map((e) => e.outputKey)
        .sort(),
    ).toEqual(['blurb', 'facts', 'label']);
    expect((await api.as('globex').post(`/v1/documents/${id}/gather`, {})).status).toBe(404);
  });

  it('keeps a synthesized context per run: latest, and the history newest first', async () => {
    const id = (await api.post('/v1/documents', { templateId: 'history' })).body.document.id;
    expect((await api.get(`/v1/documents/${id}/synthesis`)).body).toEqual({ synthesizedContext: null });
    await runToEnd(id);
    await runToEnd(id, { force: true });
    const latest = (await api.get(`/v1/documents/${id}/synthesis`)).body.synthesizedContext;
    expect(latest).toMatchObject({ mode: 'offline', model: 'offline-composer-1', schemaPath: null });
    expect(latest.payloadJson).toBeTruthy();
    const history = (await api.get(`/v1/documents/${id}/synthesis/history`)).body.synthesizedContexts;
    expect(history).toHaveLength(2);
    expect(history[0].id).toBe(latest.id);
    expect(history[0].createdAt >= history[1].createdAt).toBe(true);
    expect((await api.as('globex').get(`/v1/documents/${id}/synthesis`)).status).toBe(404);
  });
});
