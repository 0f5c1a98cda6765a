/**
 * Issue 34 item 2, one way to page: every list operation the contract declares with a `cursor`
 * (in `/v1` and in the assessment area, bare arrays and named wrappers alike) is walked to its
 * end by the client package's one generic walker, which reads only `X-Next-Cursor`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkPages } from '../../packages/client/src/pages.js';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

interface PagedOperation {
  path: string;
}

/** Paths of every GET with a `cursor` query parameter in the served contract. */
async function pagedOperations(server: TestServer): Promise<PagedOperation[]> {
  const document: { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>> } = JSON.parse(
    await (await fetch(`${server.url}/openapi.json`)).text(),
  );
  const paged: PagedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (item.get?.parameters?.some((p) => p.in === 'query' && p.name === 'cursor')) paged.push({ path });
  }
  return paged;
}

// Paging is the same on every dialect (the stores' keyset paging has its own tests): one server.
describe('one generic walker pages every list', () => {
  let server: TestServer;
  let api: Api;
  let token: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ dialect: 'sqlite', env: { TOOL_ALLOWED_HOSTS: '127.0.0.1:7699' } });
    token = await server.login();
    api = await apiFor(server);
    for (const key of ['w1', 'w2', 'w3']) expect((await api.post('/v1/texts', { key, value: key })).status).toBe(201);
    await createTemplate(api, {
      slug: 'walked',
      title: 'Walked',
      fields: [
        { key: 'client', value: 'Ada' },
        { key: 'city', value: 'Delft' },
      ],
      sections: [{ key: 'intro', title: 'Intro', render_mode: 'templated', output_type: 'markdown', output_template: '{{ client }}' }],
    });
    for (const title of ['one', 'two']) {
      const created = await api.post('/v1/documents', { templateId: 'walked', title });
      expect(created.status).toBe(201);
      ids.document_id = created.body.document.id;
      ids.section_id = created.body.sections[0].id;
    }
    const webhook = await api.post('/v1/webhooks', { url: 'http://127.0.0.1:7699/hook', events: ['generation.finished'] });
    expect(webhook.status).toBe(201);
    ids.webhook_id = webhook.body.id;
    const merge = await api.post('/v1/templates/walked/merge-runs', { rows: [{ client: 'A' }, { client: 'B' }] });
    expect(merge.status).toBe(202);
    ids.merge_run_id = merge.body.id;
    for (const name of ['first', 'second']) {
      const uploaded = await postMultipart(server, token, 'acme', '/assessments', { name }, [
        { name: `${name}.txt`, bytes: Buffer.from(`Invoice ${name}\nTotal: 10 EUR\n`), type: 'text/plain' },
      ]);
      expect(uploaded.status).toBe(201);
    }
    const sourceDocuments = await api.get('/documents');
    ids.id = sourceDocuments.body.documents[0].id;
  });
  afterAll(async () => server?.close());

  /** One page of `path` (its `{params}` filled from the seeded ids), one item per page. */
  const pageOf = (path: string) => async (cursor: string | undefined) => {
    const url = new URL(
      path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? `missing-${name}`),
      server.url,
    );
    url.searchParams.set('limit', '1');
    if (cursor !== undefined) url.searchParams.set('cursor', cursor);
    const response = await server.call('GET', `${url.pathname}${url.search}`, { token, org: 'acme' });
    const body: unknown = await response.json();
    return response.status === 200 ? { data: body, response } : { error: body, response };
  };

  it('walks every paged list operation to its end, following X-Next-Cursor only', async () => {
    const operations = await pagedOperations(server);
    expect(operations.length).toBeGreaterThanOrEqual(20);
    const pages: Record<string, number> = {};
    for (const { path } of operations) {
      pages[path] = 0;
      for await (const _page of walkPages(pageOf(path))) pages[path] += 1;
    }
    // Every operation answered at least its first page; the seeded lists took more than one.
    expect(Object.entries(pages).filter(([, count]) => count < 1)).toEqual([]);
    expect({
      texts: pages['/v1/texts'] >= 3,
      documents: pages['/v1/documents'] >= 2,
      fields: pages['/v1/documents/{document_id}/fields'] >= 2,
      assessments: pages['/assessments'] >= 2,
      sourceDocuments: pages['/documents'] >= 2,
      mergeRows: pages['/v1/merge-runs/{merge_run_id}/rows'] >= 2,
    }).toEqual({ texts: true, documents: true, fields: true, assessments: true, sourceDocuments: true, mergeRows: true });
  });

  it('a named wrapper keeps its body key and names the same next page in the headers', async () => {
    const first = await api.get('/assessments?limit=1');
    expect(first.status).toBe(200);
    expect(first.body.assessments).toHaveLength(1);
    expect(first.headers.get('x-next-cursor')).toBe(first.body.next_cursor);
    expect(first.headers.get('link')).toBe(`</assessments?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}>; rel="next"`);
    const fields = await api.get(`/v1/documents/${ids.document_id}/fields?limit=1`);
    expect(fields.headers.get('x-next-cursor')).toBe(fields.body.nextCursor);
  });
});
