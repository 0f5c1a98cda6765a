/**
 * The last lists' views on every dialect (ADR 0685): assessments take the library lists'
 * `sort=newest|oldest|updated|name` and `q` (name contains, any case); merge runs take `status`
 * and `sort=newest|oldest`; a webhook's deliveries take `status`. Walking one row per page yields
 * every matching row once in that order, another organization's rows never show, and an unknown
 * value is a 422 `{detail}`.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { type WebhookReceiver, startWebhookReceiver } from '../support/webhook-receiver.js';
import { postMultipart } from './assessments-helpers.js';
import { LETTER_ROW } from '../support/merge-runs.js';

describeEachDialect('assessment, merge run and delivery list views', (dialect) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let api: Api;
  const runs: Record<string, string> = {};
  let hookId = '';

  /** `pick` of every item of every one-item page, following the cursor (`next_cursor` or X-Next-Cursor). */
  async function walk(path: string, pick: (item: Record<string, string>) => string, as: Api = api): Promise<string[]> {
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const page = await as.get(`${path}${sep}limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      const items = (Array.isArray(page.body) ? page.body : page.body.assessments) as Record<string, string>[];
      all.push(...items.map(pick));
      cursor = Array.isArray(page.body) ? page.headers.get('x-next-cursor') : page.body.next_cursor;
    } while (cursor !== null && all.length < 50);
    return all;
  }

  const startRun = async () => {
    const started = await api.post('/v1/templates/engagement-letter/merge-runs', { rows: [LETTER_ROW] });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    return started.body.id as string;
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({ dialect, env: { TOOL_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}` } });
    api = await apiFor(server);
    const token = await server.login();
    // Created Gamma, alpha, Beta (in that order).
    for (const name of ['Gamma audit', 'alpha review', 'Beta check']) {
      const created = await postMultipart(server, token, 'acme', '/assessments', { name }, []);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    expect((await postMultipart(server, token, 'globex', '/assessments', { name: 'Globex review' }, [])).status).toBe(201);

    // Runs: first cancelled, then two finished.
    runs.cancelled = await startRun();
    expect((await api.post(`/v1/merge-runs/${runs.cancelled}/cancel`)).status).toBe(200);
    await server.jobs.idle();
    runs.second = await startRun();
    await server.jobs.idle();
    runs.third = await startRun();
    await server.jobs.idle();

    // Deliveries: a ping answered 500 (failed, pings are not retried), then one answered 200.
    const hook = await api.post('/v1/webhooks', { url: `${receiver.url}/views`, events: ['generation.finished'] });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    hookId = hook.body.id;
    receiver.secrets.set('/views', hook.body.secret);
    receiver.script.set('/views', [500]);
    expect((await api.post(`/v1/webhooks/${hookId}/ping`)).body.status).toBe('failed');
    expect((await api.post(`/v1/webhooks/${hookId}/ping`)).body.status).toBe('delivered');
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('orders assessments newest, oldest or by name and narrows by name in any case, only in the organization', async () => {
    const name = (a: Record<string, string>) => a.name;
    expect(await walk('/assessments', name)).toEqual(['Beta check', 'alpha review', 'Gamma audit']);
    expect(await walk('/assessments?sort=newest', name)).toEqual(['Beta check', 'alpha review', 'Gamma audit']);
    expect(await walk('/assessments?sort=oldest', name)).toEqual(['Gamma audit', 'alpha review', 'Beta check']);
    expect(await walk('/assessments?sort=name', name)).toEqual(['Beta check', 'Gamma audit', 'alpha review']);
    expect(await walk('/assessments?q=REVIEW', name)).toEqual(['alpha review']);
    expect(await walk('/assessments?q=e&sort=oldest', name)).toEqual(['alpha review', 'Beta check']);
    expect(await walk('/assessments?q=globex', name)).toEqual([]);
  });

  it('lists merge runs in one status, newest or oldest first', async () => {
    const id = (r: Record<string, string>) => r.id;
    expect(await walk('/v1/merge-runs', id)).toEqual([runs.third, runs.second, runs.cancelled]);
    expect(await walk('/v1/merge-runs?sort=oldest', id)).toEqual([runs.cancelled, runs.second, runs.third]);
    expect(await walk('/v1/merge-runs?status=finished', id)).toEqual([runs.third, runs.second]);
    expect(await walk('/v1/merge-runs?status=finished&sort=oldest', id)).toEqual([runs.second, runs.third]);
    expect(await walk('/v1/merge-runs?status=cancelled', id)).toEqual([runs.cancelled]);
    expect(await walk('/v1/merge-runs?status=running', id)).toEqual([]);
    expect(await walk('/v1/merge-runs', id, api.as('globex'))).toEqual([]);
  });

  it("lists a webhook's deliveries in one status", async () => {
    const status = (d: Record<string, string>) => d.status;
    expect(await walk(`/v1/webhooks/${hookId}/deliveries`, status)).toEqual(['delivered', 'failed']);
    expect(await walk(`/v1/webhooks/${hookId}/deliveries?status=failed`, status)).toEqual(['failed']);
    expect(await walk(`/v1/webhooks/${hookId}/deliveries?status=delivered`, status)).toEqual(['delivered']);
    expect(await walk(`/v1/webhooks/${hookId}/deliveries?status=pending`, status)).toEqual([]);
    expect((await api.as('globex').get(`/v1/webhooks/${hookId}/deliveries?status=failed`)).status).toBe(404);
  });

  it('refuses an unknown sort or status with a 422 {detail}', async () => {
    for (const path of [
      '/assessments?sort=sideways',
      '/v1/merge-runs?status=done',
      '/v1/merge-runs?sort=name',
      `/v1/webhooks/${hookId}/deliveries?status=lost`,
    ]) {
      const refused = await api.get(path);
      expect(refused.status, path).toBe(422);
      expect(refused.body.detail, path).toBeDefined();
    }
  });
});
