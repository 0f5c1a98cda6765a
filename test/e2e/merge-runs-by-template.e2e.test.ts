/**
 * `GET /v1/merge-runs?template=<slug>` on every dialect (ADR 0786): a template's runs are found
 * however many runs of other templates came after them (the console's merge-runs card asked for
 * the organization's latest 50 and filtered them in the page, so a template whose runs were older
 * showed none). The filter combines with `status`, `sort` and the cursor; an unknown slug and
 * another organization's template are an empty page.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { LETTER_ROW, insertMergeRuns } from '../support/merge-runs.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

/** More runs of another template than the console's one page of 50. */
const OTHER_RUNS = 60;

describeEachDialect('merge runs of one template', (dialect) => {
  let server: TestServer;
  let api: Api;
  const letter: Record<string, string> = {};
  let memos: string[] = [];

  /** Every id of every page of `limit` runs, following X-Next-Cursor. */
  async function walk(query: string, limit = 1): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await api.get(`/v1/merge-runs?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      ids.push(...(page.body as Array<{ id: string }>).map((run) => run.id));
      cursor = page.headers.get('x-next-cursor');
    } while (cursor !== null && ids.length <= OTHER_RUNS + 3);
    return ids;
  }

  const startLetter = async () => {
    const started = await api.post('/v1/templates/engagement-letter/merge-runs', { rows: [LETTER_ROW] });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    return started.body.id as string;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    // The letter's runs: one cancelled an hour ago (written to the store), then one made through the API.
    [letter.cancelled] = await insertMergeRuns(server, 'acme', 'engagement-letter', { count: 1, status: 'cancelled', fromMs: -3_600_000 });
    letter.finished = await startLetter();
    await server.jobs.idle();
    expect((await api.get(`/v1/merge-runs/${letter.finished}`)).body.status).toBe('finished');

    // Then more runs of another template than a page, written straight to the store (rendering them would only slow the test).
    memos = await insertMergeRuns(server, 'acme', 'vendor-security-memo', { count: OTHER_RUNS });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("finds a template's runs behind more than a page of another template's", async () => {
    const latest = await api.get('/v1/merge-runs?limit=50');
    expect((latest.body as Array<{ templateSlug: string }>).map((run) => run.templateSlug)).not.toContain('engagement-letter');

    const mine = await api.get('/v1/merge-runs?template=engagement-letter&limit=50');
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.map((run: { id: string; templateSlug: string }) => [run.id, run.templateSlug])).toEqual([
      [letter.finished, 'engagement-letter'],
      [letter.cancelled, 'engagement-letter'],
    ]);
    expect(mine.headers.get('x-next-cursor')).toBeNull();
  });

  it('combines the template with status, sort and the cursor, one run per page', async () => {
    expect(await walk('template=engagement-letter')).toEqual([letter.finished, letter.cancelled]);
    expect(await walk('template=engagement-letter&sort=oldest')).toEqual([letter.cancelled, letter.finished]);
    expect(await walk('template=engagement-letter&status=cancelled')).toEqual([letter.cancelled]);
    expect(await walk('template=engagement-letter&status=finished&sort=oldest')).toEqual([letter.finished]);
    expect(await walk('template=engagement-letter&status=running')).toEqual([]);
    expect(await walk('template=vendor-security-memo&status=finished', 7)).toEqual(memos);
  });

  it("answers an empty page for an unknown slug and for another organization's template", async () => {
    expect(await walk('template=no-such-template')).toEqual([]);
    const elsewhere = await api.as('globex').get('/v1/merge-runs?template=engagement-letter');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toEqual([]);
  });

  it('refuses an empty template with a 422 {detail}', async () => {
    const refused = await api.get('/v1/merge-runs?template=');
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([expect.objectContaining({ loc: ['query', 'template'], type: 'string_too_short' })]);
  });
});
