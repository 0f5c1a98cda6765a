/**
 * A workspace that updates by itself (issue 33 item 1), in chromium against a real server: two
 * browser contexts (two tabs or two people) on one document; what one does — publish an edit,
 * open a comment thread — appears in the other without a reload, through the document's live
 * stream (ADR 0591); a change made through the API by a third party appears in both.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, instantiate } from '../support/api.js';
import { expectCleanPage, hasChromium, openConsole, signInAsDev, startConsoleSuite, stopConsoleSuite } from '../support/console-browser.js';
import type { TestServer } from '../support/test-server.js';

describe.skipIf(!hasChromium)('console live updates in chromium', () => {
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

  const firstSection = (page: Page) => page.getByTestId('section').first();

  it("one tab's edit and comment appear in the other tab without a reload, and so does an API change", { timeout: 180_000 }, async () => {
    const detail = await instantiate(api, 'gdpr-dpia');
    const id = detail.document.id as string;
    const sectionId = detail.sections[0].id as string;
    expect((await api.put(`/v1/documents/${id}/sections/${sectionId}/output`, { content: 'The text both tabs open on.' })).status).toBe(200);

    const first = await openConsole(browser, server.url, { path: `/documents/${id}` });
    const second = await openConsole(browser, server.url, { path: `/documents/${id}` });
    try {
      for (const { page } of [first, second]) {
        await signInAsDev(page);
        await firstSection(page).getByText('The text both tabs open on.').waitFor();
      }

      await firstSection(first.page).getByRole('button', { name: 'Edit', exact: true }).click();
      await firstSection(first.page).getByLabel('Output (Markdown)').fill('Written in the first tab.');
      await firstSection(first.page).getByRole('button', { name: 'Publish edit' }).click();
      await firstSection(second.page).getByText('Written in the first tab.').waitFor();

      await firstSection(first.page)
        .getByRole('button', { name: /^Comments/ })
        .click();
      const comments = firstSection(first.page).getByTestId('section-comments');
      await comments.getByLabel('New comment').fill('Does the second tab see this?');
      await comments.getByRole('button', { name: 'Comment', exact: true }).click();
      await firstSection(second.page).getByRole('button', { name: 'Comments (1 open)' }).waitFor();

      expect((await api.put(`/v1/documents/${id}/sections/${sectionId}/output`, { content: 'Changed through the API.' })).status).toBe(200);
      for (const { page } of [first, second]) await firstSection(page).getByText('Changed through the API.').waitFor();
      expect(await firstSection(second.page).getByText('Written in the first tab.').count()).toBe(0);
      expectCleanPage(first);
      expectCleanPage(second);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
