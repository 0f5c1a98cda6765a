/**
 * Generation over real HTTP with a real SSE client, on every dialect and in offline mode:
 * event order and keys, one terminal event and a closed stream, replay without duplicates,
 * one run per document under concurrency, the 409/force/preserveEdited table, the built-in
 * templates, verify, history and reproduce.
 */
import { randomBytes } from 'node:crypto';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { DPIA_FIELDS, LETTER_FIELDS, MEMO_FIELDS } from '../support/builtin-fields.js';
import { describeEachDialect } from '../support/dialects.js';
import { type ProgressEvent, collectEvents, framesOf, readRawStream } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

describeEachDialect('generation', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    api = await apiFor(server);
  });
  afterAll(async () => server?.close());

  const progressUrl = (id: string, query = '') => `${server.url}/v1/documents/${id}/progress${query}`;

  async function newDocument(slug: string, fields: Record<string, unknown>): Promise<string> {
    const created = await api.post('/v1/documents', { templateId: slug, fields });
    expect(created.status).toBe(201);
    return created.body.document.id;
  }

  async function generate(id: string, body: Record<string, unknown> = {}): Promise<ProgressEvent[]> {
    const started = await api.post(`/v1/documents/${id}/generate`, body);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ started: true, alreadyRunning: false, documentId: id, progressUrl: `/v1/documents/${id}/progress` });
    return collectEvents(progressUrl(id), token, { org: 'acme' });
  }

  it("streams the run's events in lifecycle order with seq, runId and ts, ending with one terminal event", async () => {
    const id = await newDocument('engagement-letter', LETTER_FIELDS);
    const events = await generate(id);
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('pipeline_started');
    expect(names.at(-1)).toBe('pipeline_finished');
    expect(names.filter((n) => ['pipeline_finished', 'pipeline_failed', 'pipeline_blocked'].includes(n))).toHaveLength(1);
    const order = ['pipeline_started', 'gather_started', 'synthesize_started', 'render_started', 'verify_started', 'pipeline_finished'];
    const positions = order.map((name) => names.indexOf(name));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const [i, event] of events.entries()) {
      expect(event.seq).toBe(events[0].seq + i);
      expect(event.runId).toBe(events[0].runId);
      expect(typeof event.ts).toBe('number');
    }
    const needEvents = events.filter((e) => e.event.startsWith('need_'));
    expect(needEvents.length).toBeGreaterThan(0);
    for (const e of needEvents) expect(e).toMatchObject({ dataNeedId: expect.any(String), outputKey: expect.any(String), kind: expect.any(String) });
    const finishedNeeds = events.filter((x) => x.event === 'need_finished');
    expect(finishedNeeds.length).toBeGreaterThan(0);
    for (const e of finishedNeeds) expect(typeof e.elapsedMs).toBe('number');
    const sections = (await api.get(`/v1/documents/${id}/sections`)).body;
    expect(sections.length).toBeGreaterThan(0);
    expect(
      events
        .filter((e) => e.event === 'render_started')
        .map((e) => e.sectionId)
        .sort(),
    ).toEqual(sections.map((s: { id: string }) => s.id).sort());
    const finished = events.at(-1) as ProgressEvent;
    expect(finished).toHaveProperty('readiness');
    expect(finished).toHaveProperty('unsupported_sections');
    for (const section of sections) {
      expect(section.status).toBe('generated');
      expect(section.content.length).toBeGreaterThan(0);
    }
  });

  it('closes the stream after the terminal event, and replays after a reconnect without repeating a seq', async () => {
    const id = await newDocument('engagement-letter', LETTER_FIELDS);
    const events = await generate(id);
    const headers = { authorization: `Bearer ${token}` };
    const raw = await readRawStream(progressUrl(id), headers);
    expect(raw.status).toBe(200);
    expect(raw.contentType).toMatch(/^text\/event-stream/);
    const frames = framesOf(raw.text);
    expect(frames.map((f) => f.seq)).toEqual(events.map((e) => e.seq));
    expect(raw.text).toMatch(/^data: \{/m);

    const middle = events[Math.floor(events.length / 2)];
    const resumed = await collectEvents(progressUrl(id), token, { lastEventId: String(middle.seq) });
    expect(resumed[0].seq).toBe(middle.seq + 1);
    expect(resumed.map((e) => e.seq)).toEqual(events.filter((e) => e.seq > middle.seq).map((e) => e.seq));
    const viaQuery = framesOf((await readRawStream(progressUrl(id, `?after=${middle.seq}`), headers)).text);
    expect(viaQuery.map((e) => e.seq)).toEqual(resumed.map((e) => e.seq));

    const second = await generate(id, { force: true });
    expect(second[0].runId).toBe(events[0].runId + 1);
    expect(second[0].seq).toBeGreaterThan(events.at(-1)?.seq ?? 0);
  });

  it('starts exactly one run for 20 concurrent generate requests, across two server processes', async () => {
    // Two API nodes on one database, without workers, so the run stays active during the burst:
    // the database index alone decides which request starts it.
    const env = { ROLE: 'api', QUIRE_SECRET_KEY: randomBytes(32).toString('base64') };
    const first = await startTestServer({ dialect, env });
    const second = await startTestServer({ dialect, dataDir: first.dataDir, schema: first.schema, env });
    try {
      const apis = [await apiFor(first), await apiFor(second)];
      const id = (await apis[0].post('/v1/documents', { templateId: 'engagement-letter', fields: LETTER_FIELDS })).body.document.id;
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => apis[i % 2].post(`/v1/documents/${id}/generate`, {})));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(answers.filter((a) => a.body.started === true)).toHaveLength(1);
      expect(answers.filter((a) => a.body.alreadyRunning === true)).toHaveLength(19);
      const runs = await first.store.db.selectFrom('generation_runs').select(['status']).where('document_id', '=', id).execute();
      expect(runs).toEqual([{ status: 'running' }]);
    } finally {
      await second.stop();
      await first.close();
    }
  });

  describe('hand-edited sections', () => {
    it('answers 409 with the edited titles unless force or preserveEdited is sent', async () => {
      const id = await newDocument('engagement-letter', LETTER_FIELDS);
      await generate(id);
      const sections = (await api.get(`/v1/documents/${id}/sections`)).body;
      const [first, second] = sections;
      await api.put(`/v1/documents/${id}/sections/${first.id}/output`, { content: 'My own introduction.' });

      const blocked = await api.post(`/v1/documents/${id}/generate`, {});
      expect(blocked.status).toBe(409);
      expect(blocked.body).toEqual({ detail: { blockedEdited: true, editedSectionTitles: [first.title] } });

      await generate(id, { preserveEdited: true });
      const preserved = (await api.get(`/v1/documents/${id}/sections`)).body;
      expect(preserved[0]).toMatchObject({ content: 'My own introduction.', status: 'edited' });
      expect(preserved[1]).toMatchObject({ status: 'generated', content: second.content });

      const events = await generate(id, { force: true });
      expect(events.filter((e) => e.event === 'render_started').map((e) => e.sectionId)).toContain(first.id);
      const forced = (await api.get(`/v1/documents/${id}/sections`)).body;
      expect(forced[0].status).toBe('generated');
      expect(forced[0].content).not.toBe('My own introduction.');
    });
  });

  it('blocks a document whose readiness gate fails with one pipeline_blocked and no other terminal event', async () => {
    const id = await newDocument('engagement-letter', {});
    const events = await generate(id);
    expect(events.map((e) => e.event)).toEqual(['pipeline_started', 'pipeline_blocked']);
    const blocked = events[1] as ProgressEvent & { readiness: { generation_should_proceed: boolean; gaps: unknown[] } };
    expect(blocked.readiness.generation_should_proceed).toBe(false);
    expect(blocked.readiness.gaps.length).toBeGreaterThan(0);
    expect((await api.get(`/v1/documents/${id}/sections`)).body.every((s: { status: string }) => s.status === 'empty')).toBe(true);
  });

  it('generates each built-in template offline to pipeline_finished with non-empty sections', async () => {
    for (const [slug, fields] of [
      ['gdpr-dpia', DPIA_FIELDS],
      ['vendor-security-memo', MEMO_FIELDS],
      ['engagement-letter', LETTER_FIELDS],
    ] as const) {
      const id = await newDocument(slug, fields);
      const events = await generate(id);
      expect(events.at(-1)?.event, `${slug}: ${JSON.stringify(events.at(-1))}`).toBe('pipeline_finished');
      const sections = (await api.get(`/v1/documents/${id}/sections`)).body;
      expect(sections.length, slug).toBeGreaterThan(0);
      for (const section of sections) expect(section.content.trim().length, `${slug}/${section.title}`).toBeGreaterThan(0);
      expect(JSON.stringify(sections)).not.toContain('[[missing:');
    }
  });

  it('cites gathered sources in synthesized sections and verify flags a cited number that is not in its source', async () => {
    await createTemplate(api, {
      slug: 'verify-me',
      title: 'Verify me',
      fields: [{ key: 'company', value: 'Acme' }],
      dataNeeds: [
        {
          output_key: 'report',
          kind: 'static',
          name: 'Annual report 2025',
          args_json: { value: 'Revenue grew 15% in 2025. The company employs 120 people in Berlin.' },
        },
      ],
      sections: [
        { key: 'wrong', title: 'Wrong number', render_mode: 'templated', output_type: 'markdown', output_template: 'Revenue grew 12% in 2025 [1].' },
        { key: 'right', title: 'Right number', render_mode: 'templated', output_type: 'markdown', output_template: 'Revenue grew 15% in 2025 [1].' },
        { key: 'written', title: 'Growth', prompt: 'Describe revenue growth and staff' },
      ],
    });
    const id = (await api.post('/v1/documents', { templateId: 'verify-me' })).body.document.id;
    const events = await generate(id);
    const sections = (await api.get(`/v1/documents/${id}/sections`)).body as Array<{ id: string; key: string; content: string }>;
    const byKey = Object.fromEntries(sections.map((s) => [s.key, s]));
    const finished = events.at(-1) as ProgressEvent & { unsupported_sections: Array<{ sectionId: string; claims: Array<{ missing: string[] }> }> };
    expect(finished.unsupported_sections.map((u) => u.sectionId)).toEqual([byKey.wrong.id]);
    expect(finished.unsupported_sections[0].claims[0].missing).toContain('12%');
    expect(byKey.written.content).toMatch(/\[1\]/);
    const verified = events.filter((e) => e.event === 'verify_section_started').map((e) => e.sectionId);
    expect(verified).toEqual(expect.arrayContaining([byKey.wrong.id, byKey.right.id, byKey.written.id]));
    const detail = (await api.get(`/v1/documents/${id}`)).body;
    expect(detail.sources).toEqual([expect.objectContaining({ n: 1, title: 'Annual report 2025', outputKey: 'report' })]);

    // The export marks the unsupported claim with a Word comment — until someone edits the section.
    const exportDocx = async () => {
      const response = await server.call('GET', `/v1/documents/${id}/export.docx`, { token });
      expect(response.status).toBe(200);
      const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
      return (await zip.file('word/comments.xml')?.async('string')) ?? '';
    };
    const comments = await exportDocx();
    expect(comments).toContain('Revenue grew 12%');
    await api.put(`/v1/documents/${id}/sections/${byKey.wrong.id}/output`, { content: 'Revenue grew 15% in 2025 [1].' });
    expect(await exportDocx()).not.toContain('Revenue grew 12%');
  });

  it('orchestrates intake text first when a run is given variables.source_text', async () => {
    const id = await newDocument('engagement-letter', { ...LETTER_FIELDS, client_email: '' });
    const events = await generate(id, { variables: { source_text: 'Please send the engagement letter to our contact at ada@contoso.example by next week.' } });
    expect(events.slice(0, 2).map((e) => e.event)).toEqual(['pipeline_started', 'orchestrate_started']);
    expect(events.filter((e) => e.event === 'pipeline_started')).toHaveLength(1);
    expect(events.at(-1)?.event).toBe('pipeline_finished');
    const fields = (await api.get(`/v1/documents/${id}/fields`)).body.fields as Array<{ key: string; value: string }>;
    expect(fields.find((f) => f.key === 'client_email')?.value).toBe('ada@contoso.example');
  });

  it('refuses generation of a finalized document (422) and of a foreign one (404)', async () => {
    const id = await newDocument('engagement-letter', LETTER_FIELDS);
    await api.put(`/v1/documents/${id}/state`, { state: 'finalized' });
    expect((await api.post(`/v1/documents/${id}/generate`, {})).status).toBe(422);
    expect((await api.as('globex').post(`/v1/documents/${id}/generate`, {})).status).toBe(404);
    expect((await api.as('globex').get(`/v1/documents/${id}/progress`)).status).toBe(404);
    expect((await api.post('/v1/documents/doc_missing/generate', {})).status).toBe(404);
  });
});
