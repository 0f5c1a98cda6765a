/**
 * The console's shell in chromium against a real server: sign-in (dev login and a token),
 * navigation between the areas, deep links, the organization switcher and the role shown,
 * at desktop and tablet widths — with no request to another host, no CSP refusal, and no
 * serious or critical axe violation on any page.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/console-axe.js';
import {
  expectCleanPage,
  TABLET_VIEWPORT,
  hasChromium,
  startConsoleSuite,
  stopConsoleSuite,
  openConsole,
  screenshot,
  signInAsDev,
} from '../support/console-browser.js';
import type { TestServer } from '../support/test-server.js';

describe.skipIf(!hasChromium)('console shell in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    ({ server, browser } = await startConsoleSuite());
  });
  afterAll(async () => {
    await stopConsoleSuite({ server, browser });
  });

  it('signs in with the dev login, shows the role and organization, and moves between the areas', async () => {
    const opened = await openConsole(browser, server.url);
    const { page } = opened;
    try {
      await page.getByRole('heading', { name: 'Sign in to Quire' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'shell-sign-in');

      await signInAsDev(page);
      await page.getByRole('heading', { name: 'Documents' }).waitFor();
      expect(await page.getByTestId('role').innerText()).toBe('Role: owner');
      const org = page.getByLabel('Organization');
      expect(await org.locator('option').count()).toBeGreaterThan(0);
      expect(await org.inputValue()).not.toBe('');
      expect(await seriousA11yViolations(page)).toEqual([]);

      for (const [link, heading] of [
        ['Templates', 'Templates'],
        ['Assessments', 'Assessments'],
        ['Library', 'Library'],
        ['Documents', 'Documents'],
      ]) {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        expect(new URL(page.url()).pathname).toBe(`/app/${link.toLowerCase()}`);
        expect(await page.getByRole('link', { name: link, exact: true }).getAttribute('aria-current')).toBe('page');
        expect(await seriousA11yViolations(page), link).toEqual([]);
      }
      await screenshot(page, 'shell-documents');

      // A reload keeps the session (localStorage) and the page.
      await page.goto(`${server.url}/app/library`);
      await page.getByRole('heading', { level: 1, name: 'Library' }).waitFor();

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in to Quire' }).waitFor();
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });

  it("refuses a bad token with the server's message, accepts a good one, and answers unknown paths", async () => {
    const token = await server.login();
    const opened = await openConsole(browser, server.url, { path: '/no/such/page', viewport: TABLET_VIEWPORT });
    const { page } = opened;
    try {
      await page.getByLabel('Bearer token').fill('not-a-token');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toMatch(/Sign-in failed: .+/);

      await page.getByLabel('Bearer token').fill(token);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'shell-tablet-not-found');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });
});
