/**
 * Editing one section in the console (issue 33 item 4), in chromium against a real server: an
 * edit autosaves as a server draft ("Draft saved") that survives a reload and shows on a second
 * device, publishing makes it the section's text and "Undo last edit" brings the previous text
 * back; the history shows the inserted and deleted words; one section is regenerated with the
 * keep/replace choice for a hand edit. axe finds nothing serious at 390 px and 1280 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { LETTER_FIELDS } from '../support/builtin-fields.js';
import { seriousA11yViolations } from '../support/console-axe.js';
import { expectCleanPage, hasChromium, openConsole, signInAsDev, startConsoleSuite, stopConsoleSuite } from '../support/console-browser.js';
import type { TestServer } from '../support/test-server.js';

const PHONE_VIEWPORT = { width: 390, height: 844 };

describe.skipIf(!hasChromium)('editing a section in the console', () => {
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

  /** A generated engagement letter; its first section's id and text. */
  async function generatedDocument() {
    const created = await api.post('/v1/documents', { templateId: 'engagement-letter', fields: LETTER_FIELDS });
    expect(created.status).toBe(201);
    const id = created.body.document.id as string;
    expect((await api.post(`/v1/documents/${id}/generate`, {})).status).toBe(200);
    await server.jobs.idle();
    const first = (await api.get(`/v1/documents/${id}`)).body.sections[0] as { id: string; content: string; status: string };
    expect(first.status).toBe('generated');
    return { id, sectionId: first.id, generated: first.content };
  }

  const firstSection = (page: Page) => page.getByTestId('section').first();

  it('autosaves a draft that survives a reload and shows on a second device; publish, then undo', { timeout: 120_000 }, async () => {
    const { id, sectionId, generated } = await generatedDocument();
    const opened = await openConsole(browser, server.url, { path: `/documents/${id}` });
    const other = await openConsole(browser, server.url, { path: `/documents/${id}`, viewport: PHONE_VIEWPORT });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await firstSection(page).getByRole('button', { name: 'Edit', exact: true }).click();
      await firstSection(page).getByLabel('Output (Markdown)').fill('A draft typed in the console.');
      await firstSection(page).getByTestId('draft-status').filter({ hasText: 'Draft saved' }).waitFor();
      // Saved on the server, and the section's own text is unchanged.
      expect((await api.get(`/v1/documents/${id}/sections/${sectionId}/draft`)).body.content).toBe('A draft typed in the console.');
      expect((await api.get(`/v1/documents/${id}`)).body.sections[0].content).toBe(generated);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.reload();
      await firstSection(page).getByText('Draft saved').waitFor();
      await firstSection(page).getByRole('button', { name: 'Edit', exact: true }).click();
      expect(await firstSection(page).getByLabel('Output (Markdown)').inputValue()).toBe('A draft typed in the console.');

      // A second device (its own sign-in, a phone screen) opens the same draft.
      await signInAsDev(other.page);
      await firstSection(other.page).getByText('Draft saved').waitFor();
      expect(await seriousA11yViolations(other.page)).toEqual([]);

      await firstSection(page).getByRole('button', { name: 'Publish edit' }).click();
      await firstSection(page).locator('.badge-edited').waitFor();
      expect(await firstSection(page).innerText()).toContain('A draft typed in the console.');
      expect(await firstSection(page).getByText('Draft saved').count()).toBe(0);
      expect((await api.get(`/v1/documents/${id}/sections/${sectionId}/draft`)).status).toBe(404);

      await firstSection(page).getByRole('button', { name: 'Undo last edit' }).click();
      await firstSection(page).locator('.badge-generated').waitFor();
      expect((await api.get(`/v1/documents/${id}`)).body.sections[0].content).toBe(generated);
      await expect.poll(async () => firstSection(page).innerText()).not.toContain('A draft typed in the console.');
      expectCleanPage(opened);
      expectCleanPage(other);
    } finally {
      await other.close();
      await opened.close();
    }
  });

  it('shows the inserted and deleted words of a revision against the current text and the one before it', { timeout: 90_000 }, async () => {
    const created = await api.post('/v1/documents', { templateId: 'engagement-letter', fields: LETTER_FIELDS });
    const id = created.body.document.id as string;
    const sectionId = created.body.sections[0].id as string;
    const put = async (content: string) => expect((await api.put(`/v1/documents/${id}/sections/${sectionId}/output`, { content })).status).toBe(200);
    await put('The fee is payable within thirty days of the invoice.');
    await put('The fee is payable within fourteen days of the invoice.');
    await put('The whole fee is payable within fourteen days of the invoice.');
    for (const viewport of [PHONE_VIEWPORT, { width: 1280, height: 800 }]) {
      const opened = await openConsole(browser, server.url, { path: `/documents/${id}`, viewport });
      const { page } = opened;
      try {
        await signInAsDev(page);
        await firstSection(page).getByRole('button', { name: 'History' }).click();
        const history = firstSection(page).getByTestId('section-history');
        await history.getByLabel('Version').selectOption('2');
        // Version 2 against the current text: "whole" was inserted since.
        expect(await history.getByTestId('word-added').allInnerTexts()).toEqual(['whole ']);
        expect(await history.getByTestId('word-removed').count()).toBe(0);
        // Version 2 against version 1: "thirty" deleted, "fourteen" inserted.
        await history.getByLabel('compared with').selectOption('previous');
        expect(await history.getByTestId('word-removed').allInnerTexts()).toEqual(['thirty']);
        expect(await history.getByTestId('word-added').allInnerTexts()).toEqual(['fourteen']);
        expect(await seriousA11yViolations(page), `${viewport.width} px`).toEqual([]);
        // Nothing wider than the screen (the page never scrolls sideways).
        const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
        expect(overflow, `${viewport.width} px scrolls sideways`).toBe(0);
        expectCleanPage(opened);
      } finally {
        await opened.close();
      }
    }
  });

  it('regenerates one section: a hand edit asks first, keeping it changes nothing, replacing it shows the new text', { timeout: 120_000 }, async () => {
    const { id, sectionId, generated } = await generatedDocument();
    expect((await api.put(`/v1/documents/${id}/sections/${sectionId}/output`, { content: 'Edited by hand before regenerating.' })).status).toBe(200);
    const opened = await openConsole(browser, server.url, { path: `/documents/${id}` });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await firstSection(page).locator('.badge-edited').waitFor();
      await firstSection(page).getByRole('button', { name: 'Regenerate' }).click();
      const dialog = firstSection(page).getByRole('alertdialog', { name: 'This section was edited by hand' });
      await dialog.waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Keep my edit' }).click();
      expect(await dialog.count()).toBe(0);
      expect((await api.get(`/v1/documents/${id}`)).body.sections[0].content).toBe('Edited by hand before regenerating.');

      await firstSection(page).getByRole('button', { name: 'Regenerate' }).click();
      await dialog.getByRole('button', { name: 'Replace my edit' }).click();
      await page.getByTestId('run-status').filter({ hasText: 'finished' }).waitFor({ timeout: 60_000 });
      await firstSection(page).locator('.badge-generated').waitFor();
      await expect.poll(async () => firstSection(page).innerText()).not.toContain('Edited by hand before regenerating.');
      expect((await api.get(`/v1/documents/${id}`)).body.sections[0].content).toBe(generated);
      // The hand edit stays in the history.
      const versions = (await api.get(`/v1/documents/${id}/sections/${sectionId}/versions`)).body as Array<{ content: string }>;
      expect(versions.map((v) => v.content)).toContain('Edited by hand before regenerating.');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });
});
