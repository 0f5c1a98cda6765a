/**
 * The console smoke in the service as `npm start` runs it: a real Chromium loads /app (served
 * from dist/console by the bundled server), signs in with the dev user's button and sees the
 * organization's documents, with nothing fetched elsewhere, no CSP refusal and no page error.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMO_FIELDS } from '../support/builtin-fields.js';
import { expectCleanPage, hasChromium, launchConsoleBrowser, openConsole, signInAsDev } from '../support/console-browser.js';
import { type BuiltService, startBuiltService } from './built-service.js';

describe.skipIf(!hasChromium)(`the built service's console${hasChromium ? '' : ' (skipped: chromium is not installed)'}`, () => {
  let service: BuiltService;
  let browser: Browser;

  beforeAll(async () => {
    [service, browser] = await Promise.all([startBuiltService(), launchConsoleBrowser()]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  }, 60_000);

  it('loads /app, signs in with the dev button and lists the documents', async () => {
    const created = await service.quire.json('POST', '/v1/documents', { templateId: 'vendor-security-memo', fields: MEMO_FIELDS });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const title: string = created.body.document.title;

    const opened = await openConsole(browser, service.quire.url);
    try {
      const { page } = opened;
      await page.getByRole('heading', { name: 'Sign in to Quire' }).waitFor();
      await signInAsDev(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
      await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
      await page.getByTestId('documents-table').getByRole('link', { name: title }).waitFor();
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });
});
