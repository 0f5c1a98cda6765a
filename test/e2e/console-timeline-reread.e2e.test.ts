/**
 * Issue 33: no flicker after a run ends (ADR 0766). The document page follows the progress stream
 * again when the document's live stream says a run moved while it is not following one (the
 * run's last batch after its end, a run started elsewhere). That re-read used to empty the run
 * timeline until the stream answered; now the list shown stays until the re-read lands. The
 * re-read's request is held (page.route) so the gap is there to observe on every run, and a
 * MutationObserver in the page records the fewest timeline items ever shown.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { LETTER_FIELDS } from '../support/builtin-fields.js';
import { expectCleanPage, hasChromium, openConsole, signInAsDev, startConsoleSuite, stopConsoleSuite } from '../support/console-browser.js';
import type { TestServer } from '../support/test-server.js';

/**
 * The page's globals this test uses (the test tier compiles without the DOM library), and what
 * its observer keeps: the fewest items the timeline list held at any change (-1: no list).
 */
interface Watched {
  fewestTimelineItems: number;
  document: { body: unknown; querySelector(selector: string): { children: { length: number } } | null };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: { childList: boolean; subtree: boolean }): void };
}

describe.skipIf(!hasChromium)('console run timeline across a re-read', () => {
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

  it('keeps the ended run on the timeline until the re-read lands, then shows the run it read', { timeout: 120_000 }, async () => {
    const created = await api.post('/v1/documents', { templateId: 'engagement-letter', fields: LETTER_FIELDS });
    expect(created.status).toBe(201);
    const id = created.body.document.id as string;
    const opened = await openConsole(browser, server.url, { path: `/documents/${id}` });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await page.getByTestId('run-status').filter({ hasText: 'finished' }).waitFor({ timeout: 60_000 });
      const items = page.getByTestId('timeline').getByRole('listitem');
      await expect.poll(() => items.last().innerText(), { timeout: 30_000 }).toMatch(/^\d+\. Finished/);
      // The run's own re-read may still be on its way: let the page settle on the run as it ended.
      await expect.poll(() => page.getByTestId('run-status').innerText()).toBe('finished');
      const shown = await items.count();
      expect(shown).toBeGreaterThanOrEqual(5);

      // From here on: the fewest items the list ever holds, and the next progress read held until released.
      await page.evaluate(() => {
        const watched = globalThis as unknown as Watched;
        const count = () => watched.document.querySelector('[data-testid="timeline"]')?.children.length ?? -1;
        watched.fewestTimelineItems = count();
        new watched.MutationObserver(() => {
          watched.fewestTimelineItems = Math.min(watched.fewestTimelineItems, count());
        }).observe(watched.document.body, { childList: true, subtree: true });
      });
      let reached!: () => void;
      const reRead = new Promise<void>((resolve) => (reached = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding = true;
      await page.route(
        (url) => url.pathname === `/v1/documents/${id}/progress`,
        async (route) => {
          if (!holding) return route.continue();
          holding = false;
          reached();
          await released;
          await route.continue();
        },
      );

      // A run started elsewhere reaches the page through its live stream: the page reads the progress again.
      expect((await api.post(`/v1/documents/${id}/generate`, { force: true })).status).toBe(200);
      await reRead;
      // While the read is on its way, the ended run is still what the timeline shows.
      expect(await items.count()).toBe(shown);
      expect(await page.getByTestId('run-status').innerText()).toBe('finished');
      release();

      // The re-read lands: the new run replaces the old one and runs to its end.
      await page.getByTestId('timeline').getByText('Run 2 started').waitFor({ timeout: 60_000 });
      await expect.poll(() => items.last().innerText(), { timeout: 60_000 }).toMatch(/^\d+\. Finished/);
      expect(await page.getByTestId('timeline').innerText()).not.toContain('Run 1 started');
      // Never an empty timeline (nor none) in between.
      expect(await page.evaluate(() => (globalThis as unknown as Watched).fewestTimelineItems)).toBeGreaterThan(0);
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });
});
