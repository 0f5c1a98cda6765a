/**
 * `GET /documents/{id}/extracted-items` pages with `?limit=&cursor=` (docs/adr/0262): following
 * `next_cursor` yields every item once, in the order of the unpaged listing, which a client that
 * never pages still gets whole. A cursor that is not a previous page's answer is a 422 `{detail}`.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

const NOTE = [
  'Vendor: Paging Vendor',
  'Invoice number: INV-77',
  'Invoice date: 2026-03-01',
  'Total: 120.50 EUR',
  'VAT number: DE123456789',
  'IBAN: DE89370400440532013000',
].join('\n');

describeEachDialect('extracted item listing, paged', (dialect) => {
  let server: TestServer;
  let api: Api;
  let docId: string;
  let otherDocId: string;
  let all: Array<{ id: string; key: string }>;

  /** Every page at `limit`, following next_cursor (bounded: a cursor that never ends fails the test). */
  const pages = async (query: string): Promise<string[][]> => {
    const out: string[][] = [];
    let cursor: string | null = null;
    do {
      const page = await api.get(`/documents/${docId}/extracted-items?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      out.push(page.body.items.map((i: { id: string }) => i.id));
      cursor = page.body.next_cursor;
    } while (cursor !== null && out.length < 100);
    expect(cursor).toBeNull();
    return out;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    const files = [NOTE, `${NOTE}\nReference: other`].map((text, i) => ({ name: `note-${i}.txt`, bytes: Buffer.from(text), type: 'text/plain' }));
    const created = await postMultipart(server, await server.login(), 'acme', '/documents', {}, files);
    expect(created.status).toBe(201);
    [docId, otherDocId] = created.body.documents.map((d: { id: string }) => d.id);
    await server.jobs.idle();
    const whole = await api.get(`/documents/${docId}/extracted-items`);
    expect(whole.status).toBe(200);
    expect(whole.body.next_cursor).toBeNull();
    all = whole.body.items;
    expect(all.length, 'the note yields enough items for three pages').toBeGreaterThanOrEqual(5);
  });
  afterAll(async () => server?.close());

  it('yields every item once, in the unpaged order, two at a time, ending with a null cursor', async () => {
    const paged = await pages('limit=2');
    expect(paged.flat()).toEqual(all.map((i) => i.id));
    const sizes = Array.from({ length: Math.ceil(all.length / 2) }, (_, i) => Math.min(2, all.length - 2 * i));
    expect(paged.map((p) => p.length)).toEqual(sizes);
  });

  it('pages within a filter, and keeps the document-wide run and review status on every page', async () => {
    const key = all[0].key;
    const ofKey = all.filter((i) => i.key === key).map((i) => i.id);
    expect(await pages(`key=${encodeURIComponent(key)}&limit=1`)).toEqual(ofKey.map((id) => [id]));
    const first = await api.get(`/documents/${docId}/extracted-items?limit=1`);
    const whole = await api.get(`/documents/${docId}/extracted-items`);
    expect({ run_id: first.body.run_id, review_status: first.body.review_status }).toEqual({
      run_id: whole.body.run_id,
      review_status: whole.body.review_status,
    });
  });

  it('refuses a cursor that is no item of this document, and a limit out of bounds, with 422 and a detail', async () => {
    const foreign = (await api.get(`/documents/${otherDocId}/extracted-items?limit=1`)).body.next_cursor;
    expect(typeof foreign).toBe('string');
    for (const query of [`limit=2&cursor=${foreign}`, 'limit=2&cursor=itm_nothing', 'limit=0', 'limit=201']) {
      const refused = await api.get(`/documents/${docId}/extracted-items?${query}`);
      expect(refused.status, query).toBe(422);
      expect(refused.body.detail, query).toBeTruthy();
    }
  });

  it('answers 404 to another organization, cursor or not', async () => {
    const cursor = (await api.get(`/documents/${docId}/extracted-items?limit=1`)).body.next_cursor;
    const globex = await apiFor(server, 'globex');
    expect((await globex.get(`/documents/${docId}/extracted-items?limit=1&cursor=${cursor}`)).status).toBe(404);
  });
});
