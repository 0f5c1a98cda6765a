/**
 * Security headers on a sample of answers (JSON, errors of every origin, the docs page, health)
 * and secrets recognized by value in tool configuration, on SQLite.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOneDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

describeOneDialect('security headers and secrets by value', (dialect) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
  });
  afterAll(async () => server?.close());

  function expectSecurityHeaders(response: Response, label: string) {
    expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
    expect(response.headers.get('x-frame-options'), label).toBe('DENY');
    expect(response.headers.get('referrer-policy'), label).toBe('no-referrer');
    expect(response.headers.get('content-security-policy'), label).toContain("frame-ancestors 'none'");
  }

  it('sends the headers on every kind of answer, no-store on authenticated ones', async () => {
    const samples: Array<[string, string, Response]> = [
      ['authenticated JSON', 'no-store', await server.call('GET', '/v1/whoami', { token })],
      ['authenticated list', 'no-store', await server.call('GET', '/v1/documents', { token })],
      ['authenticated 404', 'no-store', await server.call('GET', '/v1/documents/doc_missing', { token })],
      ['authenticated 422', 'no-store', await server.call('POST', '/v1/documents', { token, body: { title: 1 } })],
      ['dev-login token', 'no-store', await server.call('POST', '/auth/dev-login')],
      ['401', '', await server.call('GET', '/v1/whoami')],
      ['unknown route', '', await server.call('GET', '/nowhere')],
      ['bad percent-encoding', '', await server.call('GET', '/v1/texts/%ff')],
      ['health', '', await server.call('GET', '/health')],
      ['openapi', '', await server.call('GET', '/openapi.json')],
    ];
    for (const [label, cacheControl, response] of samples) {
      await response.arrayBuffer();
      expectSecurityHeaders(response, label);
      // no-store exactly where a token was used (or handed out); public answers stay cacheable by their own rules.
      expect(response.headers.get('cache-control') === 'no-store', label).toBe(cacheControl === 'no-store');
    }
    // The API answers JSON only: nothing may load from its answers.
    const json = await server.call('GET', '/v1/whoami', { token });
    expect(json.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('keeps a Cache-Control the route sets itself on an authenticated answer', async () => {
    const created = await server.call('POST', '/v1/documents', { token, body: { templateId: 'gdpr-dpia', title: 'Exported' } });
    const id = ((await created.json()) as { document: { id: string } }).document.id;
    const exported = await server.call('GET', `/v1/documents/${id}/export.docx`, { token });
    await exported.arrayBuffer();
    expect(exported.status).toBe(200);
    expectSecurityHeaders(exported, 'export');
    expect(exported.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('sends them on the progress stream too (a hijacked reply)', async () => {
    const created = await server.call('POST', '/v1/documents', { token, body: { templateId: 'gdpr-dpia', title: 'Streamed' } });
    const id = ((await created.json()) as { document: { id: string } }).document.id;
    const abort = new AbortController();
    const stream = await fetch(`${server.url}/v1/documents/${id}/progress`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'stream-request-1' },
      signal: abort.signal,
    });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expectSecurityHeaders(stream, 'progress stream');
    // The stream's own head: its request id, and its cache rule over the authenticated default.
    expect(stream.headers.get('x-request-id')).toBe('stream-request-1');
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
    abort.abort();
  });

  it('gives the docs page a CSP that allows only this server', async () => {
    const docs = await server.call('GET', '/docs');
    expect(docs.status).toBe(200);
    expectSecurityHeaders(docs, 'docs');
    const csp = docs.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/https?:|\*/);
  });

  it('refuses a credential under a harmless key, recognized by its value, and stores nothing', async () => {
    const before = await (await server.call('GET', '/v1/tool-registrations', { token })).text();
    const secrets = {
      'Bearer token': 'Bearer abcdefghijklmnop0123456789',
      JWT: token,
      'sk- key': 'sk-live-0123456789abcdefghij',
      'GitHub token': 'ghp_0123456789abcdefghijklmnopqrstuvwxyz',
      'AWS key id': 'AKIAIOSFODNN7EXAMPLE',
    };
    for (const [label, secret] of Object.entries(secrets)) {
      const response = await server.call('POST', '/v1/tool-registrations', {
        token,
        body: {
          name: `leaky ${label}`,
          category: 'vendors',
          classPath: 'http.json',
          configJson: { url: 'https://api.example/v1', headers: { 'X-Custom': secret } },
        },
      });
      const text = await response.text();
      expect(response.status, label).toBe(422);
      expect(text, label).toContain('configJson.headers.X-Custom');
      expect(text, label).not.toContain(secret);
    }
    const basicAuthUrl = await server.call('POST', '/v1/tool-registrations', {
      token,
      body: { name: 'leaky url', category: 'vendors', classPath: 'http.json', configJson: { url: 'https://user:hunter2@api.example/v1' } },
    });
    expect(basicAuthUrl.status).toBe(422);
    expect(await (await server.call('GET', '/v1/tool-registrations', { token })).text()).toBe(before);
  });
});
