/**
 * Issue #28, row 8: with `CORS_ORIGINS` set, a browser app on another origin can use every
 * method the API has, not only GET, HEAD and POST. A real Chromium page, served by a second
 * HTTP server (another origin), calls the API with fetch: PUT, PATCH and DELETE pass the
 * preflight and do what they say; an origin not listed is still refused by the browser.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchConsoleBrowser } from '../support/console-browser.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

interface Origin {
  url: string;
  close(): Promise<void>;
}

/** A server on 127.0.0.1 answering an empty HTML page for every path: the browser app's origin. */
async function serveAppOrigin(host: string): Promise<Origin> {
  const server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://${host}:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

interface Answer {
  status: number | 'blocked by the browser';
  body?: unknown;
}

/** One fetch from inside the page; a CORS refusal is a TypeError in the page, reported as such. */
async function fetchFromPage(page: Page, request: { url: string; method: string; token: string; body?: unknown }): Promise<Answer> {
  return page.evaluate(async ({ url, method, token, body }) => {
    try {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
    } catch {
      return { status: 'blocked by the browser' as const };
    }
  }, request);
}

describe.skipIf(!hasChromium)('a browser app on an allowed origin uses every method (issue #28, row 8; skipped without chromium)', () => {
  let app: Origin;
  let stranger: Origin;
  let server: TestServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    // `localhost` for the app: another host name than the API's 127.0.0.1, so another origin whatever the port.
    [app, stranger] = await Promise.all([serveAppOrigin('localhost'), serveAppOrigin('localhost')]);
    [server, browser] = await Promise.all([startTestServer({ dialect: 'sqlite', env: { CORS_ORIGINS: app.url } }), launchConsoleBrowser()]);
    token = await server.login();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await app?.close();
    await stranger?.close();
  });

  const openAt = async (origin: Origin): Promise<Page> => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${origin.url}/`);
    return page;
  };

  it('creates, changes (PATCH, PUT) and deletes through the API from the page', async () => {
    const page = await openAt(app);
    const api = (method: string, path: string, body?: unknown) => fetchFromPage(page, { url: `${server.url}${path}`, method, token, body });
    const created = await api('POST', '/v1/texts', { key: 'cors_text', value: 'first' });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    expect(await api('PATCH', `/v1/texts/${id}`, { value: 'patched' })).toMatchObject({ status: 200, body: { value: 'patched' } });
    const document = await api('POST', '/v1/documents', { templateId: 'engagement-letter' });
    expect(document.status).toBe(201);
    const documentId = (document.body as { document: { id: string } }).document.id;
    const put = await api('PUT', `/v1/documents/${documentId}/fields`, { fields: { client_name: 'Acme GmbH' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await api('DELETE', `/v1/texts/${id}`)).status).toBe(200);
    expect((await api('GET', `/v1/texts/${id}`)).status).toBe(404);
    await page.context().close();
  });

  it('still refuses an origin that is not listed', async () => {
    const page = await openAt(stranger);
    expect(await fetchFromPage(page, { url: `${server.url}/v1/texts`, method: 'GET', token })).toEqual({ status: 'blocked by the browser' });
    await page.context().close();
  });
});

describe('the CORS preflight allows every method of the contract (issue #28, row 8)', () => {
  let server: TestServer;
  const origin = 'https://app.example.com';

  beforeAll(async () => {
    server = await startTestServer({ dialect: 'sqlite', env: { CORS_ORIGINS: origin } });
  });
  afterAll(async () => server?.close());

  it('names each method an operation of /openapi.json uses in Access-Control-Allow-Methods', async () => {
    const contract = (await (await server.call('GET', '/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const used = new Set(Object.values(contract.paths).flatMap((operations) => Object.keys(operations).map((method) => method.toUpperCase())));
    expect([...used].sort()).toEqual(expect.arrayContaining(['DELETE', 'GET', 'PATCH', 'POST', 'PUT']));
    const preflight = await server.call('OPTIONS', '/v1/texts/x', {
      headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBeLessThan(300);
    const allowed = (preflight.headers.get('access-control-allow-methods') ?? '').split(',').map((method) => method.trim());
    expect(allowed).toEqual(expect.arrayContaining([...used]));
  });
});
