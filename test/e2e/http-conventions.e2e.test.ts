/**
 * Issue #12, API conventions: CORS (off by default, by origin list), response compression (never
 * on the progress stream, Range/ETag downloads intact), rate limiting (429 + Retry-After + detail;
 * strict on dev-login; per user; probes exempt), Prometheus /metrics, the /ready probe, and
 * dev-login's expiresIn.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const SPEC = {
  slug: 'conventions',
  title: 'Conventions',
  fields: [{ key: 'client', value: 'Acme GmbH' }],
  sections: [{ key: 'summary', title: 'Summary', render_mode: 'templated', output_type: 'markdown', output_template: 'For {{ client }}.' }],
};

describeEachDialect('HTTP conventions', (dialect) => {
  describe('with the defaults', () => {
    let server: TestServer;
    let api: Api;
    let token: string;

    beforeAll(async () => {
      server = await startTestServer({ dialect });
      api = await apiFor(server);
      token = await server.login();
      await createTemplate(api, SPEC);
    });
    afterAll(async () => server?.close());

    it('dev-login answers expiresIn, in seconds, beside the token', async () => {
      const response = await server.call('POST', '/auth/dev-login');
      expect(await response.json()).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600, token: expect.any(String) });
    });

    it('sends no CORS header when CORS_ORIGINS is unset', async () => {
      const response = await server.call('GET', '/health', { headers: { origin: 'https://app.example.com' } });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('compresses large JSON answers by Accept-Encoding, and not the progress stream', async () => {
      const compressed = await server.call('GET', '/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
      expect(compressed.headers.get('content-encoding')).toBe('gzip');
      expect(((await compressed.json()) as { openapi: string }).openapi).toBe('3.1.0');
      const plain = await server.call('GET', '/openapi.json', { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();

      const id = (await api.post('/v1/documents', { templateId: 'conventions' })).body.document.id;
      expect((await api.post(`/v1/documents/${id}/generate`, {})).body.started).toBe(true);
      await collectEvents(`${server.url}/v1/documents/${id}/progress`, token);
      const stream = await server.call('GET', `/v1/documents/${id}/progress`, { token, org: 'acme', headers: { 'accept-encoding': 'gzip, br' } });
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('content-encoding')).toBeNull();
      expect(await stream.text()).toContain('pipeline_finished');
    });

    it('keeps Range and ETag working on compressible file downloads', async () => {
      const form = new FormData();
      form.append('files', new Blob(['hello '.repeat(1000)], { type: 'text/plain' }), 'hello.txt');
      const uploaded = await fetch(`${server.url}/documents`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      expect(uploaded.status).toBeLessThan(300);
      const docId = ((await uploaded.json()) as { documents: Array<{ id: string }> }).documents[0].id;
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
      const part = await fetch(`${server.url}/documents/${docId}/content`, { headers: { ...headers, range: 'bytes=0-4' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-encoding')).toBeNull();
      expect(await part.text()).toBe('hello');
      const etag = part.headers.get('etag');
      expect(etag).toBeTruthy();
      const again = await fetch(`${server.url}/documents/${docId}/content`, { headers: { ...headers, 'if-none-match': String(etag) } });
      expect(again.status).toBe(304);
    });

    it('answers /ready 200 with the database and the job engine up, and /health stays liveness', async () => {
      const ready = await server.call('GET', '/ready');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', database: dialect, jobs: 'running' });
      expect((await server.call('GET', '/health')).status).toBe(200);
    });

    it('serves Prometheus metrics to loopback callers: HTTP by route pattern, runs, jobs, tokens', async () => {
      const id = (await api.post('/v1/documents', { templateId: 'conventions' })).body.document.id;
      expect((await api.get(`/v1/documents/${id}`)).status).toBe(200);
      expect((await api.post(`/v1/documents/${id}/generate`, {})).body.started).toBe(true);
      await collectEvents(`${server.url}/v1/documents/${id}/progress`, token);
      await server.jobs.idle();
      const response = await server.call('GET', '/metrics');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await response.text();
      expect(text).toMatch(/^quire_http_requests_total\{method="GET",route="\/v1\/documents\/:document_id",status="200"\} [1-9]/m);
      expect(text).toMatch(/^quire_http_request_duration_seconds_count\{method="POST",route="\/v1\/documents",status="201"\} [1-9]/m);
      expect(text).not.toContain(id);
      // The templated section rendered in a tenant-code worker: its heap is named beside the main thread's.
      expect(text).toMatch(/^quire_worker_heap_bytes\{pool="tenant-code\.worker"\} [1-9]/m);
      // The database's totals are not this process's: served apart, scraped once (ADR 0633).
      expect(text).not.toMatch(/^quire_(generation_runs|jobs|model_tokens|extraction_)/m);
      const database = await server.call('GET', '/metrics/database');
      expect(database.status).toBe(200);
      const totals = await database.text();
      expect(totals).toMatch(/^quire_generation_runs\{status="finished"\} [1-9]/m);
      expect(totals).toMatch(/^quire_jobs\{status="done"\} [1-9]/m);
      expect(totals).toMatch(/^quire_model_tokens\{direction="input"\} \d+/m);
      expect(totals).not.toMatch(/^quire_http_/m);
    });

    it('both metrics documents pass `promtool check metrics`', async () => {
      for (const path of ['/metrics', '/metrics/database']) {
        const text = await (await server.call('GET', path)).text();
        const checked = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
        expect({ path, status: checked.status, output: checked.stdout + checked.stderr + (checked.error?.message ?? '') }).toEqual({
          path,
          status: 0,
          output: '',
        });
      }
    });

    it('counts each answer of a route under its own status, exactly once', async () => {
      const id = (await api.post('/v1/documents', { templateId: 'conventions' })).body.document.id;
      const first = await server.call('GET', `/v1/documents/${id}`, { token, org: 'acme' });
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag') ?? '';
      const route = 'method="GET",route="/v1/documents/:document_id"';
      const countOf = async (status: number) => {
        const text = await (await server.call('GET', '/metrics')).text();
        const line = text.split('\n').find((l) => l.startsWith(`quire_http_requests_total{${route},status="${status}"} `));
        const histogram = text.split('\n').find((l) => l.startsWith(`quire_http_request_duration_seconds_count{${route},status="${status}"} `));
        return { counter: Number(line?.split(' ')[1] ?? 0), histogram: Number(histogram?.split(' ')[1] ?? 0) };
      };
      const before = { ok: await countOf(200), notModified: await countOf(304), missing: await countOf(404) };
      expect((await server.call('GET', `/v1/documents/${id}`, { token, org: 'acme' })).status).toBe(200);
      expect((await server.call('GET', `/v1/documents/${id}`, { token, org: 'acme', headers: { 'if-none-match': etag } })).status).toBe(304);
      expect((await server.call('GET', `/v1/documents/${id}`, { token, org: 'acme', headers: { 'if-none-match': etag } })).status).toBe(304);
      expect((await server.call('GET', '/v1/documents/no-such-document', { token, org: 'acme' })).status).toBe(404);
      // The answer is counted when it ends, which may be just after the client has it.
      await expect
        .poll(async () => ({ ok: await countOf(200), notModified: await countOf(304), missing: await countOf(404) }), { timeout: 10_000, interval: 20 })
        .toEqual({
          ok: { counter: before.ok.counter + 1, histogram: before.ok.histogram + 1 },
          notModified: { counter: before.notModified.counter + 2, histogram: before.notModified.histogram + 2 },
          missing: { counter: before.missing.counter + 1, histogram: before.missing.histogram + 1 },
        });
    });

    it('does not throttle the probes', async () => {
      const statuses = new Set<number>();
      for (let i = 0; i < 5; i += 1) statuses.add((await server.call('GET', '/health')).status);
      expect([...statuses]).toEqual([200]);
    });
  });

  describe('configured: CORS origins, low rate limits, a metrics token', () => {
    let server: TestServer;
    let token: string;

    beforeAll(async () => {
      server = await startTestServer({
        dialect,
        env: { CORS_ORIGINS: 'https://app.example.com', RATE_LIMIT_PER_MINUTE: '4', RATE_LIMIT_LOGIN_PER_MINUTE: '2', METRICS_TOKEN: 'scrape-secret' },
      });
      token = await server.login();
    });
    afterAll(async () => server?.close());

    it('allows the listed origin only, with the paging and retry headers exposed', async () => {
      const preflight = await server.call('OPTIONS', '/v1/documents', {
        headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.status).toBeLessThan(300);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      const simple = await server.call('GET', '/health', { headers: { origin: 'https://app.example.com' } });
      expect(simple.headers.get('access-control-expose-headers')).toContain('X-Next-Cursor');
      const other = await server.call('GET', '/health', { headers: { origin: 'https://evil.example.com' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('limits dev-login per IP: 429 with Retry-After and a detail', async () => {
      // beforeAll spent the first of the two logins a minute allows.
      const second = await server.call('POST', '/auth/dev-login');
      expect(second.status).toBe(200);
      const third = await server.call('POST', '/auth/dev-login');
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await third.json()).toEqual({ detail: expect.stringMatching(/rate limit/i) });
    });

    it('limits per user (429 + Retry-After + detail), not per IP, and never the probes', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await server.call('GET', '/v1/whoami', { token })).status);
      expect(statuses).toEqual([200, 200, 200, 200]);
      const throttled = await server.call('GET', '/v1/whoami', { token });
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await throttled.json()).toEqual({ detail: expect.stringMatching(/rate limit/i) });
      // The same IP without that user's token still has its own budget.
      expect((await server.call('GET', '/auth/jwks')).status).toBe(200);
      for (let i = 0; i < 6; i += 1) expect((await server.call('GET', '/ready')).status).toBe(200);
    });

    it('hides /metrics behind METRICS_TOKEN when it is set', async () => {
      expect((await server.call('GET', '/metrics')).status).toBe(404);
      expect((await server.call('GET', '/metrics/database')).status).toBe(404);
      expect((await server.call('GET', '/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(404);
      const scraped = await server.call('GET', '/metrics', { headers: { authorization: 'Bearer scrape-secret' } });
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('quire_http_requests_total');
    });
  });

  describe('when the database is down', () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    // The store is closed by the test; closing it again may refuse, the rest is still cleaned up.
    afterAll(async () => server?.close().catch(() => undefined));

    it('answers /ready 503 naming the database', async () => {
      // The job engine stops first: its poller would otherwise fail on the closed database.
      await server.jobs.stop();
      await server.store.close();
      const response = await server.call('GET', '/ready');
      expect(response.status).toBe(503);
      expect(((await response.json()) as { detail: string }).detail).toMatch(
        /^not ready: database \((sqlite|postgres)\) does not answer; job engine is not running$/,
      );
    });
  });
});
