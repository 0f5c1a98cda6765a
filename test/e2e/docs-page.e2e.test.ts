/**
 * /docs in a real browser (Debian's chromium driven by playwright-core): the page loads, lists
 * the operations, and requests nothing from any host but the server itself.
 */
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../support/test-server.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = fs.existsSync(CHROMIUM);

describe.skipIf(!hasChromium)(`docs page in chromium${hasChromium ? '' : ' (skipped: no chromium at ' + CHROMIUM + ')'}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect: 'sqlite' });
  });
  afterAll(async () => server?.close());

  it('renders the operations and loads nothing from outside the server', async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await browser.newPage();
      const origin = new URL(server.url).origin;
      const foreign: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:')) return;
        if (new URL(url).origin !== origin) foreign.push(url);
      });
      // The page runs under its Content-Security-Policy: anything it blocks is a console error.
      const blocked: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) blocked.push(message.text());
      });
      const answer = await page.goto(`${server.url}/docs`, { waitUntil: 'networkidle', timeout: 45_000 });
      expect(answer?.headers()['content-security-policy']).toContain("default-src 'self'");
      // The sidebar lists every operation by its summary, across all groups.
      await page.getByText('Who am I').first().waitFor({ timeout: 30_000 });
      const text = await page.locator('body').innerText();
      for (const summary of ['Who am I', 'My organizations', 'Log in as the dev user', 'Service health']) expect(text).toContain(summary);
      expect(foreign).toEqual([]);
      expect(blocked).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
