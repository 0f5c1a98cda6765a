/**
 * `GET /documents?review_status=…` pages by a status derived from item counts: following
 * `next_cursor` from page to page yields every matching document once, newest first, however
 * sparse the matches are among the rows read.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

describeEachDialect('document list filtered by review status', (dialect) => {
  let server: TestServer;
  let api: Api;
  let ids: string[];

  /** Every page of a listing, following next_cursor. */
  const allPages = async (query: string): Promise<string[][]> => {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const page = await api.get(`/documents?${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      pages.push(page.body.documents.map((d: { id: string }) => d.id));
      cursor = page.body.next_cursor;
    } while (cursor !== null && pages.length < 50);
    return pages;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    const files = Array.from({ length: 14 }, (_, i) => ({
      name: `note-${i}.txt`,
      bytes: Buffer.from(`Vendor: Vendor ${i}\nInvoice number: INV-${i}\n`),
      type: 'text/plain',
    }));
    const created = await postMultipart(server, await server.login(), 'acme', '/assessments', { name: 'Many notes' }, files);
    expect(created.status).toBe(201);
    await server.jobs.idle();
    // Newest first, as the listing orders them.
    ids = (await api.get('/documents?limit=200')).body.documents.map((d: { id: string }) => d.id);
    expect(ids).toHaveLength(14);
    // The newest and the oldest are reviewed; the twelve between them are not.
    for (const id of [ids[0], ids[13]]) {
      const all = await api.post(`/documents/${id}/extracted-items/validate-all`, { include_needs_review: true });
      expect(all.status).toBe(200);
    }
  });
  afterAll(async () => server?.close());

  it('finds matches that lie beyond the first rows read, one page at a time', async () => {
    expect(await allPages('review_status=validated&limit=1')).toEqual([[ids[0]], [ids[13]]]);
  });

  it('pages the other status in order and ends with a null cursor', async () => {
    const pages = await allPages('review_status=pending&limit=5');
    expect(pages.map((p) => p.length)).toEqual([5, 5, 2]);
    expect(pages.flat()).toEqual(ids.slice(1, 13));
  });

  it('answers an empty page with a null cursor when nothing matches', async () => {
    const page = await api.get('/documents?review_status=rejected&limit=3');
    expect(page.body).toEqual({ documents: [], next_cursor: null });
  });

  it('refuses a review status that does not exist with 422', async () => {
    const refused = await api.get('/documents?review_status=approved');
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual(expect.any(Array));
  });
});
