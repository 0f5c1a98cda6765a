/**
 * `GET /v1/documents?q=` as a search on every dialect (docs/adr/0251-document-title-search.md):
 * one or two letters find titles with a word that starts with them (as someone types), three or
 * more find the text anywhere in a title; the best matches come first and paging keeps that
 * order; whatever the user types is text, never search syntax; another organization's titles are
 * never found; and the index follows every create, rename and delete.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { LETTER_FIELDS } from '../support/builtin-fields.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

/** Oldest first; the list's order without a search. */
const TITLES = ['Convention notes', 'Annual vendor review', 'Vendor security memo', 'Supplier review', 'Vendor', 'Q&A: "NEAR" -draft* (v2)', 'Privacy memo'];

describeEachDialect('document search', (dialect) => {
  let server: TestServer;
  let api: Api;

  /** Titles of every page of the search, following X-Next-Cursor. */
  async function search(api: Api, q: string, limit = 50): Promise<string[]> {
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await api.get(`/v1/documents?q=${encodeURIComponent(q)}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      all.push(...(page.body as { title: string }[]).map((document) => document.title));
      cursor = page.headers.get('x-next-cursor');
    } while (cursor !== null && all.length < 100);
    return all;
  }

  async function create(api: Api, title: string): Promise<string> {
    const created = await api.post('/v1/documents', { templateId: 'engagement-letter', title, fields: LETTER_FIELDS });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.document.id as string;
  }

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    for (const title of TITLES) await create(api, title);
    await create(api.as('globex'), 'Vendor at globex');
  });
  afterAll(async () => server?.close());

  it('finds titles by the start of a word as someone types, and by any part of a title from three characters', async () => {
    // "(v2)" is a word that starts with v, though not after a space: it ranks as inside a word.
    expect(await search(api, 'v')).toEqual(['Vendor security memo', 'Vendor', 'Annual vendor review', 'Q&A: "NEAR" -draft* (v2)']);
    expect(await search(api, 'VE')).toEqual(['Vendor security memo', 'Vendor', 'Annual vendor review']);
    expect(await search(api, 'ven')).toEqual(['Vendor security memo', 'Vendor', 'Annual vendor review', 'Convention notes']);
    expect(await search(api, 'vendo')).toEqual(['Vendor security memo', 'Vendor', 'Annual vendor review']);
    expect(await search(api, 'view')).toEqual(['Annual vendor review', 'Supplier review']);
    expect(await search(api, 'zqxw')).toEqual([]);
  });

  it('ranks the title that is the text, then titles starting with it, then a word, then inside a word; oldest first within each', async () => {
    expect(await search(api, 'vendor')).toEqual(['Vendor', 'Vendor security memo', 'Annual vendor review']);
    expect(await search(api, 'memo')).toEqual(['Vendor security memo', 'Privacy memo']);
    expect(await search(api, 'nt')).toEqual([]);
    expect(await search(api, 'ent')).toEqual(['Convention notes']);
  });

  it('keeps the ranked order from page to page', async () => {
    expect(await search(api, 'ven', 1)).toEqual(['Vendor security memo', 'Vendor', 'Annual vendor review', 'Convention notes']);
    expect(await search(api, 'vendor', 1)).toEqual(['Vendor', 'Vendor security memo', 'Annual vendor review']);
    expect(await search(api, 're', 2)).toEqual(['Annual vendor review', 'Supplier review']);
  });

  it('takes search syntax as the text it is: no error, the title that holds it or nothing', async () => {
    for (const q of ['"NEAR"', '-draft*', '(v2)', '"', '*', '&', 'Q&A: "NEAR" -draft* (v2)'])
      expect(await search(api, q), q).toEqual(['Q&A: "NEAR" -draft* (v2)']);
    for (const q of [
      'vendor OR memo',
      'NEAR(vendor memo)',
      'vendor AND memo',
      'title:vendor',
      '{title}:memo',
      '^vendor',
      've*',
      'memo -vendor',
      "'",
      '\\',
      '""',
    ]) {
      expect(await search(api, q), q).toEqual([]);
    }
  });

  it("never finds another organization's titles, whatever the length of the text", async () => {
    for (const q of ['v', 'ven', 'globex', 'Vendor at globex']) expect(await search(api, q), q).not.toContain('Vendor at globex');
    expect(await search(api.as('globex'), 'v')).toEqual(['Vendor at globex']);
    expect(await search(api.as('globex'), 'memo')).toEqual([]);
  });

  it('follows a create, a rename and a delete', async () => {
    expect(await search(api, 'osp')).toEqual([]);
    const id = await create(api, 'Osprey nesting plan');
    expect(await search(api, 'osp')).toEqual(['Osprey nesting plan']);
    expect(await search(api, 'pl')).toEqual(['Osprey nesting plan']);
    expect((await api.patch(`/v1/documents/${id}`, { title: 'Heron survey' })).status).toBe(200);
    expect(await search(api, 'osp')).toEqual([]);
    expect(await search(api, 'pl')).toEqual([]);
    expect(await search(api, 'he')).toEqual(['Heron survey']);
    expect(await search(api, 'urve')).toEqual(['Heron survey']);
    expect((await api.delete(`/v1/documents/${id}`)).status).toBe(200);
    expect(await search(api, 'he')).toEqual([]);
    expect(await search(api, 'urve')).toEqual([]);
  });
});
