/**
 * Issue 28, row 1: checking a tenant's template never stalls the service. A template of deeply
 * nested blocks (the attacker's `'{% if x %}' * N + '{% endif %}' * N`) is refused at once with a
 * 422 naming the nesting budget wherever a template is checked — tidy, section create and save,
 * template create, PUT config — and nothing changes; a template that is slow to check (a long run of
 * whitespace, which the Jinja tokenizer scans in quadratic time) is checked in the tenant-code
 * pool, so `/health` keeps answering while it is checked and the check answers 422 naming its budget.
 * The same holds for a computation (JSONata, whose parser is super-linear): a legal 10,000-character
 * `a.b.%.%…` is checked in the pool when a config or a template spec is saved.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeOneDialect } from '../support/dialects.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

/** Nested `if` blocks, `depth` deep: 21 characters per level (9,000 levels: 189 KB, under the 200,000-character limit). */
const nestedIfs = (depth: number) => '{% if x %}'.repeat(depth) + '{% endif %}'.repeat(depth);
const HOSTILE = nestedIfs(9_000);
/** A computation at the 10,000-character size budget that JSONata takes seconds of CPU to parse (docs/adr/0201); checks are remembered by text, so each case has its own. */
// The pool remembers a computation's check by its text, and both dialects' servers run in this
// process: each run gets a text of its own (a path head naming the dialect), or the second run is
// answered from memory and never reaches the pool.
const slowComputation = (head: string) => `${head}${'.%'.repeat(5_000)}`.slice(0, 10_000);

describeOneDialect('hostile templates', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    // A CPU budget the quadratic template below needs far more than.
    server = await startTestServer({ dialect, env: { TENANT_CODE_TIMEOUT_MS: '500' } });
    token = await server.login();
    api = await apiFor(server);
    await createTemplate(api, {
      slug: 'one-section',
      title: 'One section',
      sections: [{ key: 'intro', title: 'Intro', render_mode: 'templated', output_template: 'Hello' }],
    });
  });
  afterAll(async () => server?.close());

  const expectNestingRefusal = (response: { status: number; body: unknown }) => {
    expect(response.status).toBe(422);
    expect(JSON.stringify(response.body)).toMatch(/nest(ed|ing)[^"]*budget/);
    expect(JSON.stringify(response.body).length).toBeLessThan(2_000);
  };

  it('tidy refuses deeply nested blocks with a 422 naming the nesting budget and the line', async () => {
    const refused = await api.post('/v1/jinja/tidy', { template: `intro\n${HOSTILE}` });
    expectNestingRefusal(refused);
    expect(refused.body.detail).toContain('line 2');
    const tidied = await api.post('/v1/jinja/tidy', { template: nestedIfs(20) });
    expect(tidied.status).toBe(200);
  });

  it('section create and save refuse deeply nested blocks, and the section keeps its template', async () => {
    const created = await api.post('/v1/documents', { templateId: 'one-section' });
    expect(created.status).toBe(201);
    const id: string = created.body.document.id;
    const [section] = (await api.get(`/v1/documents/${id}`)).body.sections as Array<{ id: string }>;
    expectNestingRefusal(await api.post(`/v1/documents/${id}/sections`, { title: 'Bomb', render_mode: 'templated', output_template: HOSTILE }));
    expectNestingRefusal(await api.put(`/v1/documents/${id}/sections/${section.id}`, { output_template: HOSTILE }));
    const after = await api.get(`/v1/documents/${id}`);
    expect(after.body.sections.map((s: { title: string; output_template: string }) => [s.title, s.output_template])).toEqual([['Intro', 'Hello']]);
  });

  it('PUT config refuses a section template of deeply nested blocks, and readiness reports a stored one too slow to check as a gap naming the budget', async () => {
    const created = await api.post('/v1/documents', { templateId: 'one-section' });
    const id: string = created.body.document.id;
    expectNestingRefusal(await api.put(`/v1/documents/${id}/config`, { sections: { intro: { output_template: HOSTILE } } }));
    expect((await api.get(`/v1/documents/${id}`)).body.sections[0].output_template).toBe('Hello');
    // Stored before this check existed: written straight into the database.
    await server.store.db
      .updateTable('sections')
      .set({ output_template: `${' '.repeat(150_000)}{{ x }}` })
      .where('document_id', '=', id)
      .execute();
    const readiness = await api.get(`/v1/documents/${id}/readiness`);
    expect(readiness.status).toBe(200);
    const gap = (readiness.body.gaps as Array<{ kind: string; message: string }>).find((g) => g.kind === 'template_syntax_error');
    expect(gap?.message).toMatch(/time budget/);
  });

  it('template create refuses deeply nested blocks with the section path, and creates nothing', async () => {
    const refused = await api.post('/v1/templates', {
      slug: 'bomb',
      title: 'Bomb',
      sections: [{ key: 'b', title: 'B', render_mode: 'templated', output_template: HOSTILE }],
    });
    expectNestingRefusal(refused);
    expect(JSON.stringify(refused.body)).toContain('/sections/0/output_template');
    expect((await api.get('/v1/templates/bomb')).status).toBe(404);
  });

  /** Sends /health one after another until `request` settles: how many answered (200) meanwhile, and the request's answer. */
  async function healthAnswersDuring<T>(request: Promise<T>): Promise<{ answer: T; answeredMeanwhile: number }> {
    let settled = false;
    const watched = request.finally(() => {
      settled = true;
    });
    let answeredMeanwhile = 0;
    while (!settled) {
      const health = await server.call('GET', '/health');
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      if (!settled) answeredMeanwhile += 1;
    }
    return { answer: await watched, answeredMeanwhile };
  }

  it('keeps answering /health while a template that is slow to check is checked, and the check answers 422 naming its time budget', async () => {
    const { answer, answeredMeanwhile } = await healthAnswersDuring(api.post('/v1/jinja/tidy', { template: `${' '.repeat(150_000)}{{ x }}` }));
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toMatch(/time budget/);
    // Each /health is a round trip of a few ms; the check takes its whole budget in a worker.
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(20);
  });

  it('keeps answering /health while PUT config checks a computation that is slow to parse, and stores it only when it answers 200', async () => {
    const created = await api.post('/v1/documents', { templateId: 'one-section' });
    const id: string = created.body.document.id;
    const { answer, answeredMeanwhile } = await healthAnswersDuring(
      api.put(`/v1/documents/${id}/config`, { coordination: { computations: { slow: slowComputation(`a_${dialect}.b`) } } }),
    );
    expect([200, 422]).toContain(answer.status);
    const stored = (await api.get(`/v1/documents/${id}/config`)).body.coordination?.computations?.slow;
    expect(stored ?? null).toBe(answer.status === 200 ? slowComputation(`a_${dialect}.b`) : null);
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(20);
  });

  it('keeps answering /health while POST /v1/templates checks a computation that is slow to parse', async () => {
    const spec = { slug: 'slow-computation', title: 'Slow', config: { coordination: { computations: { slow: slowComputation(`c_${dialect}.d`) } } } };
    const { answer, answeredMeanwhile } = await healthAnswersDuring(api.post('/v1/templates', spec));
    expect([201, 422]).toContain(answer.status);
    expect((await api.get('/v1/templates/slow-computation')).status).toBe(answer.status === 201 ? 200 : 404);
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(20);
  });
  // A Jinja expression of 40,000 spaces: ~5 s of CPU for the Jinja tokenizer (quadratic on whitespace), 10× the budget here.
  const slowExpression = `${' '.repeat(40_000)}x`;

  // What is checked here is the tenant-code pool's, the same on both databases: run once.
  it.skipIf(dialect !== 'sqlite')(
    'keeps answering /health while a data-need expression that is slow to parse is checked, answers 422 naming its budget, and stores nothing',
    async () => {
      const created = await api.post('/v1/documents', { templateId: 'one-section' });
      const id: string = created.body.document.id;
      const { answer, answeredMeanwhile } = await healthAnswersDuring(
        api.post(`/v1/documents/${id}/data-needs`, { kind: 'template', output_key: 'slow', args_json: { expression: slowExpression } }),
      );
      expect(answer.status).toBe(422);
      expect(answer.body.detail).toMatch(/time budget/);
      expect((await api.get(`/v1/documents/${id}/data-needs`)).body).toEqual([]);
      expect(answeredMeanwhile).toBeGreaterThanOrEqual(20);
    },
  );

  it.skipIf(dialect !== 'sqlite')('keeps answering /health while a run gathers with a prompt that is slow to parse, and the run ends', async () => {
    const created = await api.post('/v1/documents', { templateId: 'one-section' });
    const id: string = created.body.document.id;
    // A prompt is not checked when it is saved: the gather stage is the first to read it.
    const need = await api.post(`/v1/documents/${id}/data-needs`, { kind: 'llm', output_key: 'summary', prompt_body: `{{ ${slowExpression} }}` });
    expect(need.status).toBe(201);
    expect((await api.post(`/v1/documents/${id}/generate`, {})).status).toBe(200);
    const { answer: events, answeredMeanwhile } = await healthAnswersDuring(collectEvents(`${server.url}/v1/documents/${id}/progress`, token, { org: 'acme' }));
    expect(['pipeline_finished', 'pipeline_failed']).toContain(events.at(-1)?.event);
    expect(events.some((e) => e.event === 'need_failed' && /budget/.test(JSON.stringify(e)))).toBe(true);
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(20);
  });
});
