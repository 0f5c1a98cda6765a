/**
 * One sign-in per browser (issue #33 item 2), in chromium against the built service: a second tab
 * of the same browser is signed in, a reload keeps the sign-in, a sign-out in one tab signs out
 * the other, and a link opened before signing in shows its page once the user has signed in.
 * Also the timeline's numbers from 10 up shown in full, and the documents list newest first (item 5).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, apiFor } from '../support/api.js';
import { LETTER_FIELDS } from '../support/builtin-fields.js';
import { seriousA11yViolations } from '../support/console-axe.js';
import { expectCleanPage, hasChromium, openConsole, screenshot, signInAsDev, startConsoleSuite, stopConsoleSuite } from '../support/console-browser.js';
import type { TestServer } from '../support/test-server.js';

const signInHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Sign in to Quire' });

describe.skipIf(!hasChromium)('console sign-in across tabs in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  beforeAll(async () => {
    ({ server, browser } = await startConsoleSuite());
    api = await apiFor(server);
  });
  afterAll(async () => {
    await stopConsoleSuite({ server, browser });
  });

  it('signs in once for every tab and reload of the browser, and a sign-out in one tab signs out the other', async () => {
    const opened = await openConsole(browser, server.url, { path: '/templates' });
    const { page, context } = opened;
    try {
      await signInAsDev(page);
      await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();

      // A second tab of the same browser, opened on another page: signed in, no sign-in form.
      const second = await context.newPage();
      await second.goto(`${server.url}/app/library`);
      await second.getByRole('heading', { level: 1, name: 'Library' }).waitFor();
      expect(await signInHeading(second).count()).toBe(0);
      expect(await seriousA11yViolations(second)).toEqual([]);

      // A reload keeps the sign-in.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
      expect(await signInHeading(page).count()).toBe(0);

      // Signing out in the second tab ends the sign-in in the first, which says why.
      await second.getByRole('button', { name: 'Sign out' }).click();
      await signInHeading(second).waitFor();
      await signInHeading(page).waitFor();
      await page.getByText('You signed out in another tab.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/templates');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'signed-out-in-another-tab');

      // …and it stays signed out after a reload.
      await page.reload();
      await signInHeading(page).waitFor();
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });

  it('opens a link pasted before signing in at its page once signed in, in that tab and in one waiting in another', async () => {
    const older = await api.post('/v1/documents', { templateId: 'engagement-letter', fields: LETTER_FIELDS, title: 'Letter made first' });
    expect(older.status).toBe(201);
    const created = await api.post('/v1/documents', { templateId: 'engagement-letter', fields: LETTER_FIELDS, title: 'Letter made second' });
    expect(created.status).toBe(201);
    const { id, title } = created.body.document as { id: string; title: string };
    const opened = await openConsole(browser, server.url, { path: `/documents/${id}` });
    const { page, context } = opened;
    try {
      await signInHeading(page).waitFor();
      // Another tab with a pasted link waits at its own sign-in form.
      const waiting = await context.newPage();
      await waiting.goto(`${server.url}/app/documents?state=draft`);
      await signInHeading(waiting).waitFor();

      await signInAsDev(page);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/app/documents/${id}`);

      // The waiting tab follows the sign-in to the page its link named, filter kept.
      await waiting.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
      expect(new URL(waiting.url()).search).toBe('?state=draft');
      expect(await waiting.getByLabel('State').inputValue()).toBe('draft');
      // The list is newest first: the letter made second leads.
      const rows = waiting.getByTestId('documents-table').locator('tbody tr td:first-child');
      await expect.poll(() => rows.allInnerTexts()).toEqual(['Letter made second', 'Letter made first']);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });

  it('numbers a run timeline of ten and more events in full, inside the list', { timeout: 120_000 }, async () => {
    const created = await api.post('/v1/documents', { templateId: 'engagement-letter', fields: LETTER_FIELDS });
    expect(created.status).toBe(201);
    const opened = await openConsole(browser, server.url, { path: `/documents/${created.body.document.id as string}` });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await page.getByTestId('run-status').filter({ hasText: 'finished' }).waitFor({ timeout: 60_000 });
      const items = page.getByTestId('timeline').getByRole('listitem');
      // The page re-reads the run once it has ended, keeping the timeline shown meanwhile (ADR 0766).
      expect(await items.count()).toBeGreaterThanOrEqual(10);
      const tenth = items.nth(9);
      expect(await tenth.innerText()).toMatch(/^10\. \S/);
      // The number "10." lies wholly inside the list's visible box, not cut off at its left edge.
      const list = await page.getByTestId('timeline').boundingBox();
      const number = await tenth.locator('.timeline-number').boundingBox();
      expect(number && list ? number.x - list.x : -1).toBeGreaterThanOrEqual(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'timeline-numbered');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });
});
