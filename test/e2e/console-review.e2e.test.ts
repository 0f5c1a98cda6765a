/**
 * The reviewer's journey in the console, in chromium against a real server: a PDF and a
 * spreadsheet dropped into a new assessment (each file's upload and extraction progress shown),
 * the review screen drawing the page with the item's box over it, an item accepted and another
 * corrected from the keyboard, and the linked document's section that used the value marked
 * stale on the assessment page; completeness with its gap, a CSV export and a batch rerun followed
 * to its end — with no serious axe violation on any of these pages.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInvoicePdf, makeXlsx } from '../../src/extraction/test-support/fixtures.js';
import { type Api, apiFor, createTemplate } from '../support/api.js';
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
import { collectEvents } from '../support/sse.js';
import { postMultipart } from './assessments-helpers.js';
import type { TestServer } from '../support/test-server.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.skipIf(!hasChromium)('console review screen in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let token: string;
  beforeAll(async () => {
    ({ server, browser } = await startConsoleSuite());
    api = await apiFor(server);
    token = await server.login();
    await createTemplate(api, {
      slug: 'vendor-note',
      title: 'Vendor note',
      sections: [
        { key: 'vendor', title: 'Vendor', render_mode: 'templated', output_template: 'The vendor is {{ vendor }} [1].' },
        { key: 'terms', title: 'Terms', render_mode: 'templated', output_template: 'Payment is due within 30 days.' },
      ],
    });
  });
  afterAll(async () => {
    await stopConsoleSuite({ server, browser });
  });

  it('uploads a PDF and a spreadsheet, corrects a value with its box drawn over the page, and shows the section that used it stale', async () => {
    const documentId: string = (await api.post('/v1/documents', { templateId: 'vendor-note', title: 'Contoso note' })).body.document.id;
    const opened = await openConsole(browser, server.url, { path: '/assessments' });
    const { page } = opened;
    page.setDefaultTimeout(60_000);
    try {
      await signInAsDev(page);
      await page.getByRole('heading', { level: 1, name: 'Assessments' }).waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Contoso onboarding');
      await page.getByLabel('Feeds document (optional)').selectOption({ label: 'Contoso note' });
      await page.locator('#assessment-files').setInputFiles([
        { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: await makeInvoicePdf() },
        { name: 'invoices.xlsx', mimeType: XLSX_MIME, buffer: await makeXlsx() },
      ]);
      await page.getByRole('button', { name: 'Create assessment' }).click();
      const rows = page.getByTestId('upload-progress').locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(2);
      // Each file reaches "done" on its own row (extraction runs in the background).
      // A locator wait, not waitForFunction: a string predicate is eval'd in the page, which the console's CSP refuses.
      await page.getByTestId('upload-progress').locator('tbody tr:not([data-stage="done"])').first().waitFor({ state: 'detached', timeout: 240_000 });
      expect(await rows.nth(0).innerText()).toMatch(/invoice\.pdf\s+done: processed, \d+ items/);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'review-uploaded');

      await page.getByRole('button', { name: 'Open the assessment' }).click();
      await page.getByRole('heading', { level: 1, name: 'Contoso onboarding' }).waitFor();
      const assessmentId = decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? '');
      expect(assessmentId).toMatch(/^asm_/);
      await page.getByRole('heading', { name: 'Processing details' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      // The linked document reads the vendor from this assessment.
      expect(
        (
          await api.post(`/v1/documents/${documentId}/data-needs`, {
            kind: 'assessment',
            output_key: 'vendor',
            args_json: { assessment_id: assessmentId, item_key: 'vendor.name' },
          })
        ).status,
      ).toBe(201);

      await page.getByRole('link', { name: 'Review invoice.pdf' }).click();
      const image = page.getByTestId('page-image');
      await image.waitFor();
      await page.getByRole('option', { name: /Vendor name/ }).click();
      const box = page.getByTestId('selected-item-box');
      await box.waitFor();
      // The selected item's box is drawn over the page image, inside it.
      const [imageBox, itemBox] = [await image.boundingBox(), await box.boundingBox()];
      expect(imageBox && itemBox).toBeTruthy();
      const within = (outer: typeof imageBox, inner: typeof itemBox) =>
        !!outer &&
        !!inner &&
        inner.x >= outer.x &&
        inner.y >= outer.y &&
        inner.x + inner.width <= outer.x + outer.width + 1 &&
        inner.y + inner.height <= outer.y + outer.height + 1 &&
        inner.width > 0;
      expect(within(imageBox, itemBox)).toBe(true);
      expect(await page.getByTestId('item-value').innerText()).toBe('Contoso Ltd');

      // Accept from the keyboard: the item is validated and the next one is selected.
      await page.keyboard.press('a');
      await page.getByRole('option', { name: /Vendor name.*validated/i }).waitFor();
      expect(await page.getByTestId('item-panel').getByRole('heading').innerText()).not.toBe('Vendor name');
      await page.keyboard.press('k');
      await page.getByTestId('item-panel').getByRole('heading', { name: 'Vendor name' }).waitFor();

      // The rest of the assessment is settled through the API (the processor's required items
      // gate the linked document's readiness), then the document is generated from the values.
      for (const doc of (await api.get(`/documents?assessment_id=${assessmentId}`)).body.documents as Array<{ id: string }>) {
        expect((await api.post(`/documents/${doc.id}/extracted-items/validate-all`, { include_needs_review: true })).status).toBe(200);
      }
      const readiness = (await api.get(`/v1/documents/${documentId}/readiness`)).body;
      expect(readiness.gaps).toEqual([]);
      expect((await api.post(`/v1/documents/${documentId}/generate`, {})).status).toBe(200);
      expect((await collectEvents(`${server.url}/v1/documents/${documentId}/progress`, token)).at(-1)?.event).toBe('pipeline_finished');

      // Correct from the keyboard: c focuses the value, Enter saves.
      await page.keyboard.press('c');
      const value = page.getByLabel('Corrected value');
      await value.waitFor();
      await value.fill('Contoso Limited');
      await page.getByLabel('Reason').selectOption('format');
      await value.press('Enter');
      await page.getByTestId('item-value').getByText('Contoso Limited').waitFor();
      expect(await page.getByTestId('item-state').innerText()).toBe('Corrected');
      await page
        .getByTestId('correction-history')
        .getByText(/Contoso Ltd.*Contoso Limited/)
        .waitFor();
      expect(await page.getByTestId('selected-item-box').count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'review-corrected');

      // The assessment page shows the linked document's section that used the value as stale.
      await page.getByRole('link', { name: 'Back to the assessment' }).click();
      const sections = page.getByTestId('linked-sections');
      await sections.locator('li').first().waitFor();
      expect(await sections.locator('li[data-status=stale]').allInnerTexts()).toEqual([expect.stringMatching(/^Vendor: Out of date/)]);
      expect(await sections.locator('li', { hasText: 'Terms' }).getAttribute('data-status')).toBe('generated');
      await screenshot(page, 'review-assessment-stale');

      // The spreadsheet's items are shown as the cells they came from.
      await page.getByRole('link', { name: 'Review invoices.xlsx' }).click();
      await page.getByTestId('sheet-view').waitFor();
      await page.getByTestId('selected-item-box').waitFor();
      expect(await page.getByTestId('sheet-view').locator('[data-testid$=item-box]').count()).toBeGreaterThan(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'review-spreadsheet');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  }, 600_000);

  it('shows the review screen at a tablet width: the page drawn, the selected box on it, the decisions offered', async () => {
    const created = await api.get('/assessments');
    const assessment = created.body.assessments[0];
    expect(assessment).toBeDefined();
    const docs = (await api.get(`/documents?assessment_id=${assessment.id}`)).body.documents as Array<{ id: string; kind: string }>;
    const pdf = docs.find((d) => d.kind === 'pdf');
    expect(pdf).toBeDefined();
    const opened = await openConsole(browser, server.url, { path: `/assessments/${assessment.id}/documents/${pdf?.id}/review`, viewport: TABLET_VIEWPORT });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await page.getByTestId('page-image').waitFor();
      await page.getByTestId('selected-item-box').waitFor();
      expect(await page.getByRole('button', { name: /Accept/ }).count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'review-tablet');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  }, 300_000);

  it("shows completeness with its gap, exports a file's items as CSV, and follows a batch rerun to its end by itself", async () => {
    const csv = 'name,amount,email\nAlice,12.50,alice@example.test\nBob,7.00,bob@example.test\n';
    const created = await postMultipart(
      server,
      token,
      'acme',
      '/assessments',
      { name: 'Contacts', requirements: JSON.stringify([{ key: 'row[1].email' }, { key: 'vendor.iban' }]) },
      [{ name: 'people.csv', bytes: Buffer.from(csv), type: 'text/csv' }],
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await server.jobs.idle();
    const assessmentId = created.body.assessment.id as string;
    const completeness = (await api.get(`/assessments/${assessmentId}/completeness`)).body as {
      complete: boolean;
      score: number;
      gaps: { requirement_key: string | null }[];
    };
    expect(completeness.complete).toBe(false);
    expect(completeness.gaps.map((gap) => gap.requirement_key)).toContain('vendor.iban');

    const opened = await openConsole(browser, server.url, { path: `/assessments/${assessmentId}` });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await page.getByTestId('completeness').waitFor();
      // What keeps it from complete, in words (never "Incomplete" beside a score).
      expect(await page.getByTestId('completeness').innerText()).toMatch(
        new RegExp(`^Not complete yet: (.*; )?${Math.round(completeness.score * 2)} of 2 required items satisfied(; .*)?\\.$`),
      );
      expect(await page.getByRole('region', { name: 'Completeness' }).innerText()).toContain('vendor.iban');

      // The CSV exporter's answer is what the browser saves.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export people.csv as csv' }).click()]);
      const saved = await download.path();
      expect(saved).toBeTruthy();
      const { readFile } = await import('node:fs/promises');
      expect(await readFile(saved as string, 'utf8')).toContain('alice@example.test');

      // A rerun is followed without pressing Refresh, to its end.
      await page.getByRole('button', { name: 'Rerun every file as a batch (keeps corrections)' }).click();
      const batch = page.getByTestId('batches').getByRole('listitem');
      await batch.filter({ hasText: /completed — 1 succeeded, 0 failed, 0 skipped of 1/ }).waitFor({ timeout: 60_000 });
      const batches = (await api.get('/batches')).body.batches as { assessment_id: string; status: string }[];
      expect(batches.filter((b) => b.assessment_id === assessmentId).map((b) => b.status)).toEqual(['completed']);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'assessment-completeness-batches');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  }, 180_000);
});
