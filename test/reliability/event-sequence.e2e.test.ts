/**
 * Issue #13, item 7 — "a run that fails on its own events": 200 templated sections rendered 16
 * at a time append events as fast as the database takes them. Every event's `seq` must be
 * assigned atomically per document, so the run finishes and its events are 1..N, gap-free and
 * in order, on every dialect.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const SECTIONS = 200;

describeEachDialect('event sequence under concurrent appends', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    api = await apiFor(server);
  });
  afterAll(async () => server?.close());

  it('finishes a run of 200 templated sections at render.concurrency 16 with gap-free, ordered events', { timeout: 90_000 }, async () => {
    await createTemplate(api, {
      slug: 'many-sections',
      title: 'Many sections',
      fields: [{ key: 'client', value: 'Contoso' }],
      sections: Array.from({ length: SECTIONS }, (_, i) => ({
        key: `s${i}`,
        title: `Section ${i}`,
        render_mode: 'templated',
        output_type: 'markdown',
        output_template: `Section ${i} for {{ fields.client }}.`,
      })),
    });
    const id = (await api.post('/v1/documents', { templateId: 'many-sections' })).body.document.id as string;
    const configured = await api.put(`/v1/documents/${id}/config`, { render: { concurrency: 16 } });
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);

    const started = await api.post(`/v1/documents/${id}/generate`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token, { org: 'acme', timeoutMs: 80_000 });

    expect(events.at(-1)?.event, JSON.stringify(events.at(-1))).toBe('pipeline_finished');
    expect(events.filter((e) => e.event === 'render_started')).toHaveLength(SECTIONS);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: events.length }, (_, i) => i + 1));

    // A second run continues the same sequence: no gap, no restart at 1.
    const again = await api.post(`/v1/documents/${id}/generate`, { force: true });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const second = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token, { org: 'acme', timeoutMs: 80_000 });
    expect(second.at(-1)?.event).toBe('pipeline_finished');
    expect(second.map((e) => e.seq)).toEqual(Array.from({ length: second.length }, (_, i) => events.length + i + 1));
  });
});
