/**
 * The drafter's journey in the console, in chromium against a real server (one server and one
 * browser for the file): a document from each built-in template through the generated form
 * (a 422 shown at its field), Generate with the timeline reaching "finished", and a section
 * edited by hand then restored from the version diff — Generate asking about the edit first —
 * a snapshot taken and restored after the sections changed, and the list filtered by title and state.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, apiFor } from '../support/api.js';
import { DPIA_FIELDS, LETTER_FIELDS, MEMO_FIELDS } from '../support/builtin-fields.js';
import { seriousA11yViolations } from '../support/console-axe.js';
import { expectCleanPage, hasChromium, startConsoleSuite, stopConsoleSuite, openConsole, screenshot, signInAsDev } from '../support/console-browser.js';
import type { TestServer } from '../support/test-server.js';

const TEMPLATES: { slug: string; fields: Record<string, string | number> }[] = [
  { slug: 'engagement-letter', fields: LETTER_FIELDS },
  { slug: 'gdpr-dpia', fields: DPIA_FIELDS },
  { slug: 'vendor-security-memo', fields: MEMO_FIELDS },
];

interface FieldDefinition {
  key: string;
  valueType?: string;
}

/** Fills one generated input the way a user would: type, pick, or choose Yes/No. */
async function fillField(page: Page, field: FieldDefinition, value: string): Promise<void> {
  const input = page.locator(`#field-${field.key}`);
  if (field.valueType === 'boolean') {
    await page.locator(`input[type=radio][name="${field.key}"][value="${['true', 'yes', '1'].includes(value) ? 'true' : 'false'}"]`).check();
  } else if (field.valueType === 'enum') {
    await input.selectOption(value);
  } else {
    await input.fill(value);
  }
}

describe.skipIf(!hasChromium)('console documents in chromium', () => {
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

  it('creates a document from each built-in template through the form, showing a refused value at its field', async () => {
    const opened = await openConsole(browser, server.url, { path: '/templates' });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
      for (const { slug, fields } of TEMPLATES) {
        const template = (await api.get(`/v1/templates/${slug}`)).body as { document: { title: string }; fields: FieldDefinition[] };
        await page.goto(`${server.url}/app/templates`);
        await page.getByRole('link', { name: `New document from ${template.document.title}` }).click();
        await page.getByRole('heading', { level: 1, name: `New document: ${template.document.title}` }).waitFor();
        expect(await seriousA11yViolations(page), slug).toEqual([]);

        const filled = Object.entries(fields);
        expect(filled.length).toBeGreaterThan(0);
        const emailField = template.fields.find((f) => f.valueType === 'email');
        expect(emailField, `${slug} has an e-mail field`).toBeDefined();
        const email = emailField as FieldDefinition;
        // The form is an interview (issue 33, item 3): each step's questions are answered, then Next, until Create.
        const unanswered = new Map(filled);
        let refused = false;
        for (let step = 1; step <= 10; step++) {
          await page.getByTestId('interview-progress').waitFor();
          expect(await page.getByTestId('interview-progress').innerText()).toMatch(new RegExp(`^Step ${step} of \\d+$`));
          // Twice over: an answer may bring a question of the same step into view.
          for (const [key, value] of [...unanswered, ...unanswered]) {
            if (!unanswered.has(key) || (await page.locator(`#field-${key}`).count()) === 0) continue;
            const field = template.fields.find((f) => f.key === key);
            expect(field, key).toBeDefined();
            await fillField(page, field as FieldDefinition, String(value));
            unanswered.delete(key);
          }
          const submit = page.locator('form button[type=submit]');
          if (!refused && (await page.locator(`#field-${email.key}`).count()) === 1) {
            // The browser's own checks are off: the rule readiness applies refuses the value, at the field.
            await fillField(page, email, 'not-an-email');
            await submit.click();
            const refusal = page.locator(`#field-${email.key}-error`);
            await refusal.waitFor();
            expect(await refusal.innerText()).toContain('is not an email address');
            expect(await page.locator(`#field-${email.key}`).getAttribute('aria-invalid')).toBe('true');
            expect(await seriousA11yViolations(page), `${slug} with a refusal`).toEqual([]);
            await screenshot(page, `documents-form-${slug}-refused`);
            await fillField(page, email, 'someone@example.com');
            refused = true;
          }
          const creates = (await submit.innerText()) === 'Create document';
          await submit.click();
          if (creates) break;
          await page
            .getByTestId('interview-progress')
            .getByText(`Step ${step + 1} of`)
            .waitFor();
        }
        expect(refused).toBe(true);
        expect([...unanswered.keys()]).toEqual([]);
        await page.getByRole('heading', { level: 2, name: 'Readiness' }).waitFor();
        expect(new URL(page.url()).pathname).toMatch(/^\/app\/documents\/[^/]+$/);
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(template.document.title);
        expect(await page.getByTestId('readiness').innerText()).toContain('Ready to generate');
        expect(await seriousA11yViolations(page), `${slug} workspace`).toEqual([]);
        await screenshot(page, `documents-workspace-${slug}`);

        // What the form sent is what the document holds.
        const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
        const stored = (await api.get(`/v1/documents/${id}/fields`)).body as { fields: { key: string; value: string }[] };
        const valueOf = (key: string) => stored.fields.find((f) => f.key === key)?.value;
        expect(valueOf(email.key)).toBe('someone@example.com');
        for (const [key, value] of filled) expect(valueOf(key), key).toBe(String(value));
      }
      await page.goto(`${server.url}/app/documents`);
      await page.getByTestId('documents-table').waitFor();
      expect(await page.getByTestId('documents-table').locator('tbody tr').count()).toBe(TEMPLATES.length);
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
    // Three forms, three workspaces and eight axe runs on a shared, loaded machine.
  }, 180_000);

  it('generates from the workspace and the timeline reaches "finished"', { timeout: 120_000 }, async () => {
    const created = await api.post('/v1/documents', { templateId: 'engagement-letter', fields: LETTER_FIELDS });
    expect(created.status).toBe(201);
    const id = created.body.document.id as string;
    // A deep link: signing in lands on the page it names.
    const opened = await openConsole(browser, server.url, { path: `/documents/${id}` });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await page.getByTestId('run-status').filter({ hasText: 'finished' }).waitFor({ timeout: 60_000 });
      // The page re-reads the run once it has ended, keeping the timeline shown meanwhile (ADR 0766).
      const timeline = await page.getByTestId('timeline').innerText();
      for (const step of ['Run 1 started', 'Gathering data', 'Data-need responsibilities_guidance: gathered', 'Rendering “Introduction”', 'Finished'])
        expect(timeline).toContain(step);
      // The sections are shown with what the run wrote.
      await page.getByTestId('section').first().locator('.badge-generated').waitFor();
      const sections = (await api.get(`/v1/documents/${id}`)).body.sections as { title: string; content: string | null }[];
      expect(sections.length).toBeGreaterThan(0);
      expect(await page.getByTestId('section').count()).toBe(sections.length);
      const firstLine =
        String(sections[0].content)
          .split('\n')
          .find((line) => line.trim() !== '') ?? '';
      expect(firstLine.length).toBeGreaterThan(0);
      expect(await page.getByTestId('section').first().innerText()).toContain(
        firstLine
          .replace(/[#*_`]|\[\d+\]/g, '')
          .trim()
          .slice(0, 30),
      );
      // A citation shows its source when focused (the letter cites its standard terms).
      const citation = page.getByTestId('citation').first();
      await citation.focus();
      const tip = page.locator(`[id="${await citation.getAttribute('aria-describedby')}"]`);
      expect(await tip.isVisible()).toBe(true);
      expect(await tip.innerText()).toContain('Standard terms of business');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'documents-generated');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });

  it('edits a section with a preview, then restores the previous version from the diff view', { timeout: 180_000 }, async () => {
    const created = await api.post('/v1/documents', { templateId: 'engagement-letter', fields: LETTER_FIELDS });
    const id = created.body.document.id as string;
    const opened = await openConsole(browser, server.url, { path: `/documents/${id}` });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await page.getByTestId('run-status').filter({ hasText: 'finished' }).waitFor({ timeout: 60_000 });
      const section = page.getByTestId('section').first();
      await section.locator('.badge-generated').waitFor();
      const before = (await api.get(`/v1/documents/${id}`)).body.sections[0] as { id: string; title: string; content: string };

      await section.getByRole('button', { name: 'Edit', exact: true }).click();
      const editor = section.getByLabel('Output (Markdown)');
      expect(await editor.inputValue()).toBe(before.content);
      await editor.fill('This paragraph was **rewritten by hand** in the console.');
      // The preview renders the Markdown as it is typed.
      expect(await section.getByRole('region', { name: 'Preview' }).locator('strong').innerText()).toBe('rewritten by hand');
      await screenshot(page, 'documents-section-editor');
      await section.getByRole('button', { name: 'Publish edit' }).click();
      const edited = page.getByTestId('section').first();
      await edited.locator('.badge-edited').waitFor();
      expect(await edited.innerText()).toContain('This paragraph was rewritten by hand in the console.');

      await edited.getByRole('button', { name: 'History' }).click();
      const diff = edited.getByTestId('diff-view');
      await diff.waitFor();
      expect(await diff.locator('.diff-new').first().innerText()).toContain('rewritten by hand');
      expect(await diff.locator('.diff-old').count()).toBeGreaterThan(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'documents-section-diff');
      await edited.getByRole('button', { name: /^Restore version \d+$/ }).click();
      const restored = page.getByTestId('section').first();
      await restored.getByRole('button', { name: 'Edit', exact: true }).waitFor();
      await expect.poll(async () => (await api.get(`/v1/documents/${id}`)).body.sections[0].content).toBe(before.content);
      // The card shows the restored text once its own refetch of the document has answered.
      await expect.poll(async () => restored.innerText()).not.toContain('rewritten by hand');

      // An edited section makes Generate ask; "Keep my edits" leaves it as it is.
      await restored.getByRole('button', { name: 'Edit', exact: true }).click();
      await restored.getByLabel('Output (Markdown)').fill('Kept by hand.');
      await restored.getByRole('button', { name: 'Publish edit' }).click();
      await page.getByTestId('section').first().locator('.badge-edited').waitFor();
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Some sections were edited by hand' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(before.title);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Keep my edits' }).click();
      await page.getByTestId('run-status').filter({ hasText: 'finished' }).waitFor({ timeout: 60_000 });
      await expect.poll(async () => (await api.get(`/v1/documents/${id}`)).body.sections[0].content).toBe('Kept by hand.');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });

  it('takes a snapshot, then restores it after the sections changed', { timeout: 90_000 }, async () => {
    const created = await api.post('/v1/documents', { templateId: 'engagement-letter', fields: LETTER_FIELDS });
    expect(created.status).toBe(201);
    const id = created.body.document.id as string;
    const [first, second] = created.body.sections as { id: string; title: string }[];
    expect(second).toBeDefined();
    const put = async (sectionId: string, content: string) =>
      expect((await api.put(`/v1/documents/${id}/sections/${sectionId}/output`, { content })).status).toBe(200);
    await put(first.id, 'The agreed introduction.');
    await put(second.id, 'The agreed scope.');
    const contents = async () =>
      ((await api.get(`/v1/documents/${id}`)).body.sections as { content: string | null }[]).slice(0, 2).map((section) => section.content);

    const opened = await openConsole(browser, server.url, { path: `/documents/${id}` });
    const { page } = opened;
    try {
      await signInAsDev(page);
      const panel = page.getByRole('region', { name: 'Snapshots' });
      await panel.getByLabel('Label').fill('Sent to client');
      await panel.getByRole('button', { name: 'Take snapshot' }).click();
      await panel
        .getByTestId('snapshots')
        .getByText(/^Sent to client/)
        .waitFor();

      // Both sections change afterwards (elsewhere: another tab, the API); the page is reloaded to show it.
      await put(first.id, 'A later introduction.');
      await put(second.id, 'A later scope.');
      await page.reload();
      await page.getByTestId('section').first().getByText('A later introduction.').waitFor();

      await panel.getByRole('button', { name: 'Restore Sent to client' }).click();
      await page.getByTestId('section').first().getByText('The agreed introduction.').waitFor();
      expect(await page.getByTestId('section').nth(1).innerText()).toContain('The agreed scope.');
      expect(await contents()).toEqual(['The agreed introduction.', 'The agreed scope.']);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'documents-snapshot-restored');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });

  it('filters the documents list by title and state, the filters kept in the URL across a reload', { timeout: 90_000 }, async () => {
    for (const title of ['Zephyr lease review', 'zephyr annex'])
      expect((await api.post('/v1/documents', { templateId: 'engagement-letter', title, fields: LETTER_FIELDS })).status).toBe(201);
    const annex = ((await api.get('/v1/documents?q=annex')).body as { id: string }[])[0];
    expect((await api.put(`/v1/documents/${annex?.id}/state`, { state: 'under-review' })).status).toBe(200);
    const opened = await openConsole(browser, server.url, { path: '/documents' });
    const { page } = opened;
    try {
      await signInAsDev(page);
      const table = page.getByTestId('documents-table');
      await table.waitFor();
      const titles = () => table.locator('tbody tr td:first-child').allInnerTexts();
      const search = page.getByRole('search', { name: 'Filter documents' });
      await search.getByLabel('Title contains').fill('ZEPHYR');
      await search.getByRole('button', { name: 'Search' }).click();
      await expect.poll(titles).toEqual(['Zephyr lease review', 'zephyr annex']);
      await search.getByLabel('State').selectOption('under-review');
      await expect.poll(titles).toEqual(['zephyr annex']);
      expect(new URL(page.url()).search).toBe('?q=ZEPHYR&state=under-review');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'documents-list-filtered');

      await page.reload();
      await expect.poll(titles).toEqual(['zephyr annex']);
      expect(await search.getByLabel('Title contains').inputValue()).toBe('ZEPHYR');

      await search.getByLabel('Title contains').fill('no such title');
      await search.getByRole('button', { name: 'Search' }).click();
      await page.getByText('No document matches these filters.').waitFor();
      await search.getByRole('link', { name: 'Clear filters' }).click();
      const total = ((await api.get('/v1/documents?limit=200')).body as unknown[]).length;
      await expect.poll(async () => (await titles()).length).toBe(Math.min(total, 50));
      expect(await search.getByLabel('Title contains').inputValue()).toBe('');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });
});
