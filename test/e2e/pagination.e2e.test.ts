/**
 * Issue #12, API conventions: cursor pagination on the /v1 lists. Bare arrays stay bare arrays
 * with the next cursor in `X-Next-Cursor` and `Link: <…>; rel="next"`; the named wrappers gain
 * `nextCursor`. Cursors are opaque, stable under inserts, scoped by organization; a malformed
 * cursor or a limit above 200 is a 422.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const SPEC = {
  slug: 'paged',
  title: 'Paged',
  fields: ['a', 'b', 'c', 'd', 'e'].map((key) => ({ key, value: key.toUpperCase() })),
  sections: [{ key: 'summary', title: 'Summary', render_mode: 'templated', output_type: 'markdown', output_template: '{{ a }}{{ b }}' }],
};

/** Follows `Link: <…>; rel="next"` from `first` to the end; returns every page's body. */
async function walkLinks(api: Api, first: string): Promise<Array<Array<{ key: string }>>> {
  const pages: Array<Array<{ key: string }>> = [];
  let path: string | null = first;
  while (path !== null) {
    const response = await api.get(path);
    expect(response.status).toBe(200);
    pages.push(response.body);
    const link = response.headers.get('link');
    path = link === null ? null : (/^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? 'unparsable link');
  }
  return pages;
}

describeEachDialect('cursor pagination', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    token = await server.login();
    for (const key of ['t1', 't3', 't5', 't7', 't9']) expect((await api.post('/v1/texts', { key, value: `text ${key}` })).status).toBe(201);
    await createTemplate(api, SPEC);
  });
  afterAll(async () => server?.close());

  it('pages a bare array with X-Next-Cursor and an RFC 8288 Link, and the last page has neither', async () => {
    const first = await api.get('/v1/texts?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.map((t: { key: string }) => t.key)).toEqual(['t1', 't3']);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(first.headers.get('link')).toBe(`</v1/texts?limit=2&cursor=${cursor}>; rel="next"`);
    const pages = await walkLinks(api, '/v1/texts?limit=2');
    expect(pages.map((p) => p.map((t) => t.key))).toEqual([['t1', 't3'], ['t5', 't7'], ['t9']]);
    const all = await api.get('/v1/texts');
    expect(all.body).toHaveLength(5);
    expect(all.headers.get('x-next-cursor')).toBeNull();
    expect(all.headers.get('link')).toBeNull();
  });

  it('is stable under inserts: rows added before the cursor do not shift the next page', async () => {
    const first = await api.get('/v1/texts?limit=2');
    const cursor = String(first.headers.get('x-next-cursor'));
    expect((await api.post('/v1/texts', { key: 't0', value: 'inserted before the cursor' })).status).toBe(201);
    expect((await api.post('/v1/texts', { key: 't4', value: 'inserted after the cursor' })).status).toBe(201);
    const next = await api.get(`/v1/texts?limit=2&cursor=${cursor}`);
    expect(next.body.map((t: { key: string }) => t.key)).toEqual(['t4', 't5']);
  });

  it('refuses a limit above 200 or below 1 and a malformed cursor with 422, changing nothing', async () => {
    for (const query of ['limit=201', 'limit=0', 'cursor=%25%25%25', `cursor=${Buffer.from('["a"]').toString('base64url')}`]) {
      const response = await api.get(`/v1/texts?${query}`);
      expect(response.status, query).toBe(422);
      expect(response.body.detail, query).toBeTruthy();
    }
    expect((await api.get('/v1/texts?limit=200')).status).toBe(200);
    const id = (await api.post('/v1/documents', { templateId: 'paged' })).body.document.id;
    // A cursor of the right shape but the wrong key type for this list (snapshots sort by number).
    const wrongType = Buffer.from(JSON.stringify(['text', 'snp_x'])).toString('base64url');
    const snapshots = await api.get(`/v1/documents/${id}/snapshots?cursor=${wrongType}`);
    expect(snapshots.status).toBe(422);
  });

  it('scopes cursors by organization: a cursor from acme used in globex never shows acme rows', async () => {
    const cursor = String((await api.get('/v1/texts?limit=1')).headers.get('x-next-cursor'));
    expect((await api.as('globex').post('/v1/texts', { key: 't8', value: 'globex wording' })).status).toBe(201);
    const foreign = await api.as('globex').get(`/v1/texts?cursor=${cursor}`);
    expect(foreign.status).toBe(200);
    expect(foreign.body.map((t: { value: string }) => t.value)).toEqual(['globex wording']);
  });

  it('gives the named wrappers a nextCursor beside their list (fields, riskBlocks, synthesizedContexts)', async () => {
    const id = (await api.post('/v1/documents', { templateId: 'paged' })).body.document.id;
    const fields = await api.get(`/v1/documents/${id}/fields?limit=3`);
    expect(fields.body.fields.map((f: { key: string }) => f.key)).toEqual(['a', 'b', 'c']);
    const rest = await api.get(`/v1/documents/${id}/fields?limit=3&cursor=${fields.body.nextCursor}`);
    expect(rest.body).toMatchObject({ nextCursor: null });
    expect(rest.body.fields.map((f: { key: string }) => f.key)).toEqual(['d', 'e']);

    for (const key of ['rb1', 'rb2', 'rb3']) expect((await api.post('/v1/risk-blocks', { key, heading: key, template: 'x' })).status).toBe(201);
    const blocks = await api.get('/v1/risk-blocks?limit=2');
    expect(blocks.body.riskBlocks.map((b: { key: string }) => b.key)).toEqual(['rb1', 'rb2']);
    const lastBlocks = await api.get(`/v1/risk-blocks?limit=2&cursor=${blocks.body.nextCursor}`);
    expect(lastBlocks.body).toMatchObject({ riskBlocks: [{ key: 'rb3' }], nextCursor: null });

    const history = await api.get(`/v1/documents/${id}/synthesis/history`);
    expect(history.body).toEqual({ synthesizedContexts: [], nextCursor: null });
  });

  it('pages document children newest first (snapshots, section versions with integer run ids, generation snapshots)', async () => {
    const id = (await api.post('/v1/documents', { templateId: 'paged' })).body.document.id;
    for (const label of ['one', 'two', 'three']) expect((await api.post(`/v1/documents/${id}/snapshots`, { label })).status).toBe(201);
    const snapshots = await api.get(`/v1/documents/${id}/snapshots?limit=2`);
    expect(snapshots.body.map((s: { label: string }) => s.label)).toEqual(['three', 'two']);
    const older = await api.get(`/v1/documents/${id}/snapshots?limit=2&cursor=${snapshots.headers.get('x-next-cursor')}`);
    expect(older.body.map((s: { label: string }) => s.label)).toEqual(['one']);

    for (const force of [false, true]) {
      expect((await api.post(`/v1/documents/${id}/generate`, { force })).body.started).toBe(true);
      const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token);
      expect(events.at(-1)?.event).toBe('pipeline_finished');
    }
    const runs = await api.get(`/v1/documents/${id}/generation-snapshots?limit=1`);
    expect(runs.body.map((s: { runId: number }) => s.runId)).toEqual([2]);
    const firstRun = await api.get(`/v1/documents/${id}/generation-snapshots?limit=1&cursor=${runs.headers.get('x-next-cursor')}`);
    expect(firstRun.body.map((s: { runId: number }) => s.runId)).toEqual([1]);

    const sections = (await api.get(`/v1/documents/${id}/sections`)).body as Array<{ id: string }>;
    const versions = await api.get(`/v1/documents/${id}/sections/${sections[0].id}/versions?limit=1`);
    // One id form per run: the run number of progress events, not an internal `run_…` string.
    expect(versions.body).toMatchObject([{ version: 2, runId: 2 }]);
    const olderVersion = await api.get(`/v1/documents/${id}/sections/${sections[0].id}/versions?cursor=${versions.headers.get('x-next-cursor')}`);
    expect(olderVersion.body).toMatchObject([{ version: 1, runId: 1 }]);
  });

  it('pages the other organization lists: documents, templates, voices, entities, snippets, data-needs, bindings, tool registrations', async () => {
    for (const path of ['/v1/documents', '/v1/templates', '/v1/voices', '/v1/entities', '/v1/snippets', '/v1/tool-registrations']) {
      const response = await api.get(`${path}?limit=1`);
      expect(response.status, path).toBe(200);
      expect(response.body.length, path).toBeLessThanOrEqual(1);
    }
    expect((await api.post('/v1/voices', { name: 'Plain', samples: [] })).status).toBe(201);
    expect((await api.post('/v1/voices', { name: 'Formal', samples: [] })).status).toBe(201);
    const voices = await api.get('/v1/voices?limit=1');
    expect(voices.body.map((v: { name: string }) => v.name)).toEqual(['Formal']);
    const nextVoices = await api.get(`/v1/voices?limit=1&cursor=${voices.headers.get('x-next-cursor')}`);
    expect(nextVoices.body.map((v: { name: string }) => v.name)).toEqual(['Plain']);
    const templates = await api.get('/v1/templates?limit=1');
    expect(templates.headers.get('x-next-cursor')).toBeTruthy();
    const documents = await walkLinks(api, '/v1/documents?limit=1');
    expect(documents.length).toBeGreaterThanOrEqual(2);
    expect(documents.every((page) => page.length === 1)).toBe(true);
  });

  it('declares limit and cursor, and the paging headers of bare arrays, in OpenAPI', async () => {
    const doc = (await (await server.call('GET', '/v1/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: Array<{ name: string; in: string; schema: { maximum?: number } }>; responses: Record<string, { headers?: Record<string, unknown> }> }
        >
      >;
    };
    const listTexts = doc.paths['/v1/texts'].get;
    expect(listTexts.parameters?.find((p) => p.name === 'limit')).toMatchObject({ in: 'query', schema: { maximum: 200 } });
    expect(listTexts.parameters?.find((p) => p.name === 'cursor')).toMatchObject({ in: 'query' });
    expect(Object.keys(listTexts.responses['200'].headers ?? {}).sort()).toEqual(['Link', 'X-Next-Cursor']);
    expect(doc.paths['/v1/documents/{document_id}/snapshots'].get.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['limit', 'cursor']));
  });
});
