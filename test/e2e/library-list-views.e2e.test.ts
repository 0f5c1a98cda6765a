/**
 * The library lists' view on every dialect (ADR 0681): `sort=newest|oldest|updated|name` pages
 * every row once in that order, `q` narrows by name whatever the case with `%` and `_` taken
 * literally, another organization's rows never show, an unknown sort is a 422 `{detail}`; and the
 * template catalog's `q` and `order=newest` (ADR 0682).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

describeEachDialect('library list views', (dialect) => {
  let server: TestServer;
  let api: Api;

  /** `key` (or `pick`) of every item of every page, one per page, following X-Next-Cursor. */
  async function walk(api: Api, path: string, pick = (item: Record<string, string>) => item.key): Promise<string[]> {
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const page = await api.get(`${path}${sep}limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      const items = Array.isArray(page.body) ? page.body : page.body.riskBlocks;
      all.push(...(items as Record<string, string>[]).map(pick));
      cursor = page.headers.get('x-next-cursor');
    } while (cursor !== null && all.length < 50);
    return all;
  }

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    // Created beta, delta, alpha; beta changed last.
    const names: Record<string, string> = { beta: 'Fifty 50% off', delta: 'Under_score', alpha: 'UnderXscore' };
    for (const key of ['beta', 'delta', 'alpha']) {
      const created = await api.post('/v1/texts', { key, value: key, name: names[key] });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const beta = (await api.get('/v1/texts?q=beta')).body[0];
    expect((await api.patch(`/v1/texts/${beta.id}`, { value: 'changed' })).status).toBe(200);
    expect((await api.as('globex').post('/v1/texts', { key: 'alpha_globex', value: 'x' })).status).toBe(201);
    for (const name of ['Zeta voice', 'Eta voice']) expect((await api.post('/v1/voices', { name, samples: ['One sample.'] })).status).toBe(201);
    for (const slug of ['older-catalog', 'newer-catalog']) await createTemplate(api, { slug, title: slug.replace('-', ' '), fields: [], sections: [] });
  });
  afterAll(async () => server?.close());

  it('orders a list newest, oldest, recently updated or by name, the same across pages; the default is unchanged', async () => {
    expect(await walk(api, '/v1/texts')).toEqual(['alpha', 'beta', 'delta']);
    expect(await walk(api, '/v1/texts?sort=newest')).toEqual(['alpha', 'delta', 'beta']);
    expect(await walk(api, '/v1/texts?sort=oldest')).toEqual(['beta', 'delta', 'alpha']);
    expect(await walk(api, '/v1/texts?sort=updated')).toEqual(['beta', 'alpha', 'delta']);
    expect(await walk(api, '/v1/texts?sort=name')).toEqual(['alpha', 'beta', 'delta']);
    expect(await walk(api, '/v1/voices?sort=newest', (v) => v.name)).toEqual(['Eta voice', 'Zeta voice']);
    expect(await walk(api, '/v1/voices?sort=name', (v) => v.name)).toEqual(['Eta voice', 'Zeta voice']);
  });

  it('narrows by name in any case, % and _ literally, and only in the organization', async () => {
    expect(await walk(api, '/v1/texts?q=ELT')).toEqual(['delta']);
    expect(await walk(api, `/v1/texts?q=${encodeURIComponent('%')}&sort=newest`)).toEqual(['beta']);
    expect(await walk(api, '/v1/texts?q=r_s')).toEqual(['delta']);
    expect(await walk(api, '/v1/texts?q=under&sort=newest')).toEqual(['alpha', 'delta']);
    expect(await walk(api, '/v1/texts?q=%20%20')).toEqual(['alpha', 'beta', 'delta']);
    expect(await walk(api, '/v1/texts?q=globex')).toEqual([]);
    expect(await walk(api.as('globex'), '/v1/texts?q=alpha')).toEqual(['alpha_globex']);
    expect(await walk(api, '/v1/voices?q=zeta', (v) => v.name)).toEqual(['Zeta voice']);
  });

  it('refuses an unknown sort with a 422 {detail}', async () => {
    const refused = await api.get('/v1/texts?sort=sideways');
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBeDefined();
    expect((await api.get('/v1/webhooks?sort=created')).status).toBe(422);
  });

  it('the template catalog searches titles and lists newest first on request', async () => {
    const titles = (body: { title: string }[]) => body.map((t) => t.title).filter((t) => t.endsWith('catalog'));
    expect(titles((await api.get('/v1/templates?order=newest&limit=200')).body)).toEqual(['newer catalog', 'older catalog']);
    expect(titles((await api.get('/v1/templates?limit=200')).body)).toEqual(['older catalog', 'newer catalog']);
    expect(titles((await api.get('/v1/templates?q=NEWER')).body)).toEqual(['newer catalog']);
    expect((await api.get('/v1/templates?order=sideways')).status).toBe(422);
  });
});
