/**
 * Issue 33: the console's first load carries only what its first page needs (ADR 0767). The
 * new-document interview (re2js), a document's workspace (marked, diff) and the review screen are
 * chunks of their own, fetched when their page is first opened; while one arrives the page says
 * "Loading the page…" as a status, which passes axe.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/console-axe.js';
import { expectCleanPage, hasChromium, openConsole, signInAsDev, startConsoleSuite, stopConsoleSuite } from '../support/console-browser.js';
import type { TestServer } from '../support/test-server.js';

describe.skipIf(!hasChromium)('console page chunks in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    ({ server, browser } = await startConsoleSuite());
  });
  afterAll(async () => {
    await stopConsoleSuite({ server, browser });
  });

  it('loads the documents list without the interview, then the interview as its own chunk with a loading status', { timeout: 90_000 }, async () => {
    const opened = await openConsole(browser, server.url, { path: '/documents' });
    const { page } = opened;
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/app/assets/') && pathname.endsWith('.js')) scripts.push(pathname.slice('/app/assets/'.length));
    });
    try {
      await page.reload();
      await signInAsDev(page);
      await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
      // One script: the shell and the list pages, no re2js.
      expect(scripts).toEqual([expect.stringMatching(/^index-[\w-]+\.js$/)]);

      // The interview's chunk is held on its way, so its loading state is there to check.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/app\/assets\/new-document-page-[\w-]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.getByRole('link', { name: 'Templates', exact: true }).click();
      await page
        .getByRole('link', { name: /^New document from / })
        .first()
        .click();
      await page.getByRole('status').filter({ hasText: 'Loading the page…' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      release();
      await page.getByRole('heading', { level: 1, name: /^New document: / }).waitFor();
      expect(scripts.some((name) => /^new-document-page-[\w-]+\.js$/.test(name))).toBe(true);
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });
});
