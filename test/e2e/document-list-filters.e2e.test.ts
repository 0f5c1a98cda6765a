/**
 * `GET /v1/documents?q=&state=` on every dialect: a title's text found whatever its letters'
 * case, `%` and `_` taken literally, a lifecycle state, both together, paging through filtered
 * results, a blank `q` filtering nothing, newest first on request, an unknown state or order
 * refused with 422, and another organization's documents never listed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { LETTER_FIELDS } from '../support/builtin-fields.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

describeEachDialect('document list filters', (dialect) => {
  let server: TestServer;
  let api: Api;
  const ids = new Map<string, string>();

  /** Titles of every page of the listing, following X-Next-Cursor. */
  async function titles(api: Api, query: string): Promise<string[]> {
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await api.get(`/v1/documents?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      all.push(...(page.body as { title: string }[]).map((document) => document.title));
      cursor = page.headers.get('x-next-cursor');
    } while (cursor !== null && all.length < 100);
    return all;
  }

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    for (const title of ['Acme engagement', 'Beta memo', 'ACME renewal', '100% done', 'under_score', 'underXscore']) {
      const created = await api.post('/v1/documents', { templateId: 'engagement-letter', title, fields: LETTER_FIELDS });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.set(title, created.body.document.id as string);
    }
    expect((await api.put(`/v1/documents/${ids.get('ACME renewal')}/state`, { state: 'under-review' })).status).toBe(200);
    // Another organization's document with a matching title.
    expect((await api.as('globex').post('/v1/documents', { templateId: 'engagement-letter', title: 'Acme at globex', fields: LETTER_FIELDS })).status).toBe(
      201,
    );
  });
  afterAll(async () => server?.close());

  it("finds a title's text whatever the case, in the list's order, and only in this organization", async () => {
    expect(await titles(api, 'q=acme')).toEqual(['Acme engagement', 'ACME renewal']);
    expect(await titles(api, 'q=%20Memo%20')).toEqual(['Beta memo']);
    expect(await titles(api.as('globex'), 'q=acme')).toEqual(['Acme at globex']);
  });

  it('takes % and _ as the characters they are, not as wildcards', async () => {
    expect(await titles(api, `q=${encodeURIComponent('%')}`)).toEqual(['100% done']);
    expect(await titles(api, 'q=r_s')).toEqual(['under_score']);
  });

  it('filters by lifecycle state, alone and with a text, and pages through the matches', async () => {
    expect(await titles(api, 'state=under-review')).toEqual(['ACME renewal']);
    expect(await titles(api, 'state=draft&q=acme')).toEqual(['Acme engagement']);
    expect(await titles(api, 'q=acme&limit=1')).toEqual(['Acme engagement', 'ACME renewal']);
    expect((await titles(api, 'q=%20%20')).length).toBe(6);
  });

  it('lists newest first with order=newest, the same across pages and with a state, oldest first by default', async () => {
    const created = ['Acme engagement', 'Beta memo', 'ACME renewal', '100% done', 'under_score', 'underXscore'];
    const newest = [...created].reverse();
    expect(await titles(api, 'order=newest')).toEqual(newest);
    expect(await titles(api, 'order=newest&limit=2')).toEqual(newest);
    expect(await titles(api, 'order=newest&state=draft&limit=1')).toEqual(newest.filter((title) => title !== 'ACME renewal'));
    expect(await titles(api, 'limit=4')).toEqual(created);
    expect(await titles(api, 'order=oldest&limit=4')).toEqual(created);
  });

  it('refuses an unknown order with 422 naming it', async () => {
    const refused = await api.get('/v1/documents?order=alphabetical');
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body.detail)).toContain('order');
  });

  it('refuses an unknown state with 422 naming it', async () => {
    const refused = await api.get('/v1/documents?state=archived');
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body.detail)).toContain('state');
  });
});
