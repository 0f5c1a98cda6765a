/**
 * The new-document interview in chromium against a real server (issue 33, item 3): the DPIA asked
 * one step at a time with its progress, the Article 9 question appearing and disappearing with the
 * answer before it, help behind "Why do we ask?", Next refused until the step is answered, Back
 * keeping answers, all by keyboard, with axe clean at 390 px and 1280 px. The DPIA's declared rules
 * (docs/adr/0691): a negative retention period and an assessment date before the GDPR show the
 * rule's message at the field and keep the person on the step until fixed.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, apiFor } from '../support/api.js';
import { seriousA11yViolations } from '../support/console-axe.js';
import {
  DESKTOP_VIEWPORT,
  expectCleanPage,
  hasChromium,
  openConsole,
  screenshot,
  signInAsDev,
  startConsoleSuite,
  stopConsoleSuite,
} from '../support/console-browser.js';
import type { TestServer } from '../support/test-server.js';

const PHONE_VIEWPORT = { width: 390, height: 844 };

const progress = (page: Page) => page.getByTestId('interview-progress').innerText();
const stepHeading = (page: Page) => page.getByRole('heading', { level: 2 }).innerText();

describe.skipIf(!hasChromium)('console guided questions in chromium', () => {
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

  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    it(`asks the DPIA as an interview that hides and shows a question, by keyboard, at ${viewport.width} px`, { timeout: 120_000 }, async () => {
      const opened = await openConsole(browser, server.url, { path: '/templates/gdpr-dpia/new', viewport });
      const { page } = opened;
      try {
        await signInAsDev(page);
        await page.getByRole('heading', { level: 1, name: /^New document: Data Protection Impact Assessment/ }).waitFor();
        expect(await progress(page)).toBe('Step 1 of 4');
        expect(await seriousA11yViolations(page), 'step 1').toEqual([]);

        // Next is refused until the required question of the step is answered.
        await page.getByRole('button', { name: 'Next' }).press('Enter');
        await page.locator('#field-controller_name-error').waitFor();
        expect(await progress(page)).toBe('Step 1 of 4');
        await page.locator('#field-controller_name').fill('Acme Health GmbH');
        await page.locator('#field-controller_name').press('Enter');
        await page.getByRole('heading', { level: 2, name: 'The processing' }).waitFor();
        expect(await progress(page)).toBe('Step 2 of 4');

        await page.locator('#field-processing_name').fill('Patient reminders');
        await page.locator('#field-processing_purpose').fill('Send appointment reminders');
        await page.locator('#field-data_categories').fill('name, phone number');
        await page.locator('#field-data_subjects').fill('patients');
        await page.locator('#field-lawful_basis').selectOption('contract');
        await page.keyboard.press('Tab');
        await page.getByRole('button', { name: 'Next' }).focus();
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 2, name: 'Sensitive data, retention and transfers' }).waitFor();

        // The Article 9 condition is asked only while special categories are processed.
        const condition = page.locator('#field-special_categories_condition');
        expect(await condition.count()).toBe(0);
        await page.locator('input[name="special_categories"][value="true"]').focus();
        await page.keyboard.press('Space');
        await condition.waitFor();
        await page.getByText('Why do we ask?').first().waitFor();
        const why = page.locator('[data-question="special_categories_condition"] summary');
        await why.focus();
        await page.keyboard.press('Enter');
        expect(await page.locator('[data-question="special_categories_condition"] details p').innerText()).toContain('Article 9(2)');
        expect(await seriousA11yViolations(page), 'step 3 with the condition').toEqual([]);
        await screenshot(page, `guided-dpia-step3-${viewport.width}`);
        await page.locator('input[name="special_categories"][value="false"]').check();
        await condition.waitFor({ state: 'detached' });
        await page.locator('input[name="special_categories"][value="true"]').check();
        await condition.selectOption('health_or_social_care');

        // A retention period below the rule's minimum shows the rule's message and blocks Next; fixing it lets the person on.
        await page.locator('#field-retention_months').fill('-1');
        await page.getByRole('button', { name: 'Next' }).press('Enter');
        const retentionError = page.locator('#field-retention_months-error');
        await retentionError.waitFor();
        expect(await retentionError.innerText()).toContain('A retention period cannot be negative');
        expect(await stepHeading(page)).toBe('Sensitive data, retention and transfers');
        expect(await page.locator('#field-retention_months').getAttribute('aria-invalid')).toBe('true');
        await page.locator('#field-retention_months').fill('24');

        // Back keeps the answers; Next leads on again.
        await page.getByRole('button', { name: 'Back' }).press('Enter');
        await page.getByRole('heading', { level: 2, name: 'The processing' }).waitFor();
        expect(await page.locator('#field-processing_name').inputValue()).toBe('Patient reminders');
        await page.getByRole('button', { name: 'Next' }).press('Enter');
        await page.getByRole('heading', { level: 2, name: 'Sensitive data, retention and transfers' }).waitFor();
        expect(await condition.inputValue()).toBe('health_or_social_care');
        expect(await page.locator('#field-transfer_mechanism').count()).toBe(0);
        await page.getByRole('button', { name: 'Next' }).press('Enter');
        await page.getByRole('heading', { level: 2, name: 'Sign-off' }).waitFor();
        expect(await stepHeading(page)).toBe('Sign-off');
        expect(await seriousA11yViolations(page), 'last step').toEqual([]);

        // A DPIA dated before the GDPR applied is refused with the rule's words, then accepted once the date is fixed.
        await page.locator('#field-assessment_date').fill('2017-06-30');
        await page.getByRole('button', { name: 'Create document' }).press('Enter');
        const dateError = page.locator('#field-assessment_date-error');
        await dateError.waitFor();
        expect(await dateError.innerText()).toContain('on or after 25 May 2018');
        expect(await stepHeading(page)).toBe('Sign-off');
        expect(await seriousA11yViolations(page), 'last step with a broken rule').toEqual([]);
        await page.locator('#field-assessment_date').fill('2025-06-30');
        await page.getByRole('button', { name: 'Create document' }).press('Enter');
        await page.getByRole('heading', { level: 2, name: 'Readiness' }).waitFor();
        expect(await page.getByTestId('readiness').innerText()).toContain('Ready to generate');

        const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
        const stored = (await api.get(`/v1/documents/${id}/fields`)).body as { fields: { key: string; value: string }[] };
        expect(stored.fields.find((f) => f.key === 'special_categories_condition')?.value).toBe('health_or_social_care');
        expect(stored.fields.find((f) => f.key === 'retention_months')?.value).toBe('24');
        expectCleanPage(opened);
      } finally {
        await opened.close();
      }
    });
  }
});
