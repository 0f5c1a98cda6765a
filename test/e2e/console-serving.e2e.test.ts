/**
 * How the server serves the console (issue #16): /app and every deep link answer the page with
 * the auth mode filled in, the bundle's files come pre-compressed and long-cached under a strict
 * CSP, `/` redirects to the console, and CONSOLE_ENABLED=false removes all of it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureConsoleBuilt } from '../support/console-browser.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

describe('console serving', () => {
  let server: TestServer;
  beforeAll(async () => {
    await ensureConsoleBuilt();
    server = await startTestServer({ dialect: 'sqlite' });
  });
  afterAll(async () => server?.close());

  it('answers the page at /app and at any deep link, with the auth mode and a strict CSP', async () => {
    for (const pathname of ['/app', '/app/', '/app/documents/doc_123/sections?tab=versions']) {
      const response = await server.call('GET', pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(response.headers.get('content-security-policy')).not.toContain('unsafe-inline');
      const html = await response.text();
      expect(html).toContain('<meta name="quire-auth-mode" content="dev" />');
      expect(html).toMatch(/<script type="module" crossorigin src="\/app\/assets\/index-[\w-]+\.js"><\/script>/);
    }
  });

  it('serves the bundle pre-compressed and cached, and 404s a file the build does not have', async () => {
    const html = await (await server.call('GET', '/app')).text();
    const script = /src="(\/app\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const plain = await server.call('GET', String(script), { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toContain('text/javascript');
    expect(plain.headers.get('cache-control')).toContain('immutable');
    const source = Buffer.from(await plain.arrayBuffer());
    expect(source.toString('utf8')).toContain('createRoot');

    // fetch decodes bodies itself, so read the raw brotli answer through node:http instead.
    const { statusCode, headers, body } = await rawGet(`${server.url}${script}`, { 'accept-encoding': 'br' });
    expect(statusCode).toBe(200);
    expect(headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(body).equals(source)).toBe(true);

    for (const missing of ['/app/assets/nothing-here.js', '/app/assets/..%2F..%2Fpackage.json', '/app/assets/sub/dir.js']) {
      const response = await server.call('GET', missing);
      expect(response.status, missing).toBe(404);
      expect(await response.json()).toHaveProperty('detail');
    }
  });

  it('redirects / to the console', async () => {
    const response = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/app/');
  });
});

describe('console turned off or not built', () => {
  it('CONSOLE_ENABLED=false: /app and / are unknown paths', async () => {
    const server = await startTestServer({ dialect: 'sqlite', env: { CONSOLE_ENABLED: 'false' } });
    try {
      for (const pathname of ['/app', '/app/documents', '/']) {
        const response = await fetch(`${server.url}${pathname}`, { redirect: 'manual' });
        expect(response.status, pathname).toBe(404);
      }
      // The API is unaffected.
      expect((await server.call('GET', '/health')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('a console directory without a build answers 503 with what to do', async () => {
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-console-'));
    const server = await startTestServer({ dialect: 'sqlite', env: { CONSOLE_DIR: empty } });
    try {
      const response = await server.call('GET', '/app/documents');
      expect(response.status).toBe(503);
      expect(((await response.json()) as { detail: string }).detail).toContain('npm run build');
    } finally {
      await server.close();
      await fs.rm(empty, { recursive: true, force: true });
    }
  });
});

async function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ statusCode: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}
