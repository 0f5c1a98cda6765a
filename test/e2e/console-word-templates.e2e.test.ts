/**
 * Word templates in the console (issue #30, item 3), in chromium against a real server: an
 * editor checks a .docx on a template's page and reads its report (a tag with its place in the
 * file, an unknown name as a warning), stores it, starts a document that inherits it, sees the
 * readiness gap it adds in words, the filled first page drawn as an image, a refused override
 * with its report (nothing stored), an override stored and removed; a merge run started from a
 * CSV through the mapping preview, watched to its end with a failed row and its zip downloaded;
 * a viewer sees without upload; no page scrolls sideways at a phone's width.
 */
import fs from 'node:fs';
import JSZip from 'jszip';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { seriousA11yViolations } from '../support/console-axe.js';
import { expectCleanPage, hasChromium, openConsole, screenshot, signInAsDev, startConsoleSuite, stopConsoleSuite } from '../support/console-browser.js';
import { addTestMember } from '../support/members.js';
import type { TestServer } from '../support/test-server.js';
import { paragraph, wordTemplateDocx } from '../support/word-template-docx.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PHONE_VIEWPORT = { width: 390, height: 844 };

/** A letter as a firm writes it: the greeting's tag split across runs, a name the template does not have, the summary section placed. */
function letterTemplate(extra: string[] = []): Promise<Buffer> {
  return wordTemplateDocx({
    header: '{{ organization.name }} — private and confidential',
    body: [
      paragraph('Dear {{ cli', 'ent_name }},'),
      paragraph('{% if fee %}Our fee is {{ fee }}.{% endif %}'),
      paragraph('Ref: {{ matter_number }}'),
      paragraph('{{ section("summary") }}'),
      paragraph('Yours sincerely'),
      ...extra,
    ],
  });
}

async function chooseFile(page: Page, name: string, bytes: Buffer): Promise<void> {
  await page.locator('#word-template-file').setInputFiles({ name, mimeType: DOCX, buffer: bytes });
}

/** The page is no wider than the viewport (nothing to scroll sideways to). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.locator('html').evaluate((root) => {
    const element = root as unknown as { scrollWidth: number; clientWidth: number };
    return element.scrollWidth - element.clientWidth;
  });
}

describe.skipIf(!hasChromium)('console Word templates in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  beforeAll(async () => {
    ({ server, browser } = await startConsoleSuite());
    api = await apiFor(server);
    await createTemplate(api, {
      slug: 'client-letter',
      title: 'Client letter',
      fields: [
        { key: 'client_name', label: 'Client name', valueType: 'string' },
        { key: 'fee', label: 'Fee', valueType: 'string' },
      ],
      sections: [{ key: 'summary', title: 'Summary', render_mode: 'templated', output_template: 'We reviewed the contract of {{ client_name }}.' }],
    });
  });
  afterAll(async () => {
    await stopConsoleSuite({ server, browser });
  });

  it('checks and stores a template’s Word template, then a document inherits it, previews its page and overrides it', { timeout: 180_000 }, async () => {
    const opened = await openConsole(browser, server.url, { path: '/templates' });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await page.getByRole('link', { name: 'Client letter', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Client letter' }).waitFor();
      const panel = page.getByTestId('word-template-panel');
      await panel.getByText('No Word template').waitFor();

      // Checked first: the report says where each tag is and what it reads; nothing is stored yet.
      const letter = await letterTemplate();
      await chooseFile(page, 'letter.docx', letter);
      await panel.getByRole('button', { name: 'Check file' }).click();
      const checked = page.getByTestId('word-template-checked');
      const greeting = checked.getByTestId('word-tag').filter({ hasText: 'client_name' });
      await greeting.waitFor();
      expect(await greeting.innerText()).toContain('Body, paragraph 1');
      expect(await greeting.innerText()).toContain('“…Dear {{ client_name }},…”');
      expect(await greeting.innerText()).toContain('client_name (a field)');
      const header = await checked.getByTestId('word-tag').filter({ hasText: 'organization' }).innerText();
      expect(header).toContain('Header (word/header1.xml), paragraph 1');
      expect(header).toContain('organization (the organization)');
      expect(await checked.getByTestId('word-tag').filter({ hasText: 'matter_number' }).innerText()).toContain(
        'matter_number (nothing this template provides (prints empty))',
      );
      const warning = checked.getByTestId('word-problem').filter({ hasText: 'matter_number' });
      expect(await warning.innerText()).toMatch(/^Warning: .*Body, paragraph 3/s);
      expect(await checked.innerText()).toContain('The file can be stored.');
      expect((await api.get('/v1/templates/client-letter/word-template')).status).toBe(404);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'word-template-checked');

      await checked.getByRole('button', { name: 'Store Word template' }).click();
      await panel.getByTestId('word-template-status').filter({ hasText: 'letter.docx' }).waitFor();
      expect((await api.get('/v1/templates/client-letter/word-template')).body).toMatchObject({ fileName: 'letter.docx', inherited: false });
      // The stored file downloads as it was uploaded, under its name.
      const download = page.waitForEvent('download');
      await panel.getByRole('button', { name: 'Download letter.docx' }).click();
      expect((await download).suggestedFilename()).toBe('letter.docx');
      expect(fs.readFileSync((await (await download).path()) ?? '').equals(letter)).toBe(true);
      await page.setViewportSize(PHONE_VIEWPORT);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 1280, height: 800 });

      // A document made from it uses it (inherited), says what it lacks, and shows its first page as it prints.
      await page.getByRole('link', { name: 'New document' }).click();
      await page.locator('#field-client_name').fill('Alice Smith');
      await page.getByRole('button', { name: 'Create document' }).click();
      await page.getByRole('heading', { level: 2, name: 'Readiness' }).waitFor();
      const documentId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
      const docPanel = page.getByTestId('word-template-panel');
      await docPanel.getByTestId('word-template-status').filter({ hasText: 'inherited' }).waitFor();
      expect(await docPanel.getByTestId('word-template-status').innerText()).toContain('letter.docx');
      const readiness = page.getByTestId('readiness');
      await readiness.getByText('The Word template prints "Fee", which is empty').waitFor();
      await readiness.getByRole('link', { name: /reads "matter_number"/ }).waitFor();

      const image = page.getByTestId('page-preview-image');
      await image.waitFor({ timeout: 90_000 });
      await expect.poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'word-template-document-preview');

      // An override with a syntax error is refused with its report; nothing is stored.
      await chooseFile(page, 'broken.docx', await wordTemplateDocx({ body: [paragraph('Hello'), paragraph('{% if %}broken')] }));
      await docPanel.getByRole('button', { name: 'Upload for this document' }).click();
      const refused = page.getByTestId('word-template-refused');
      await refused.waitFor();
      expect(await refused.getByTestId('word-problem').first().innerText()).toMatch(/^Error: .*Body, paragraph 2/s);
      expect((await api.get(`/v1/documents/${documentId}/word-template`)).body).toMatchObject({ inherited: true });

      // A valid override is the document's own; removing it goes back to the template's.
      await chooseFile(page, 'note.docx', await wordTemplateDocx({ body: [paragraph('Private note for {{ client_name }}')] }));
      await docPanel.getByRole('button', { name: 'Upload for this document' }).click();
      await docPanel.getByTestId('word-template-status').filter({ hasText: 'Uses its own Word template: note.docx' }).waitFor();
      expect((await api.get(`/v1/documents/${documentId}/word-template`)).body).toMatchObject({ inherited: false, fileName: 'note.docx' });
      await docPanel.getByRole('button', { name: 'Remove this document’s Word template' }).click();
      await docPanel.getByTestId('word-template-status').filter({ hasText: 'inherited' }).waitFor();
      expect((await api.get(`/v1/documents/${documentId}/word-template`)).body).toMatchObject({ inherited: true, fileName: 'letter.docx' });

      await page.setViewportSize(PHONE_VIEWPORT);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'word-template-document-phone');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });

  it('starts a merge run from a CSV through the mapping preview, watches it end with a failed row, and downloads the zip', { timeout: 180_000 }, async () => {
    await createTemplate(api, {
      slug: 'merge-letter',
      title: 'Merge letter',
      fields: [
        { key: 'client_name', label: 'Client name', valueType: 'string', isRequired: true },
        { key: 'fee', label: 'Fee', valueType: 'string' },
      ],
      sections: [{ key: 'summary', title: 'Summary', render_mode: 'templated', output_template: 'Letter for {{ client_name }}.' }],
    });
    const csv = ['Client name,Amount,Notes', 'Alice Smith,100,first', 'Bob Jones,200,second', ',300,no name'].join('\n');
    const opened = await openConsole(browser, server.url, { path: '/templates/merge-letter' });
    const { page } = opened;
    try {
      await signInAsDev(page);
      const panel = page.getByTestId('merge-start');
      await page.locator('#merge-file').setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await panel.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByTestId('merge-preview');
      await preview.waitFor();
      // "Client name" is matched by the field's label; "Amount" is mapped to the fee by hand, which previews again.
      expect(await preview.getByLabel('Column Client name').inputValue()).toBe('client_name');
      expect(await preview.innerText()).toContain('Left out (no field takes them): Amount, Notes.');
      await preview.getByLabel('Column Amount').selectOption('fee');
      await preview.getByText('Left out (no field takes them): Notes.').waitFor();
      expect(await preview.getByTestId('merge-first-rows').innerText()).toContain('Alice Smith');
      expect(await preview.innerText()).toMatch(/Row 3, client_name: .*\(this row will fail\)/);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE_VIEWPORT);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, 'merge-preview');

      await preview.getByRole('button', { name: 'Start: 3 documents' }).click();
      await page.getByRole('heading', { level: 1, name: 'Merge run' }).waitFor();
      await page.getByTestId('merge-status').filter({ hasText: 'Finished' }).waitFor({ timeout: 150_000 });
      expect(await page.getByTestId('merge-run').innerText()).toContain('3 of 3 rows processed: 2 made, 1 failed');
      expect(await page.getByTestId('merge-failures').innerText()).toMatch(/^Row 3: /);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download the 2 documents (.zip)' }).click();
      const zip = await JSZip.loadAsync(fs.readFileSync((await (await download).path()) ?? ''));
      expect(Object.keys(zip.files).filter((name) => name.endsWith('.docx'))).toHaveLength(2);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'merge-run-finished');
      // The template's page lists the run, a way back to it.
      await page.getByRole('link', { name: 'merge-letter', exact: true }).click();
      await page.getByTestId('merge-runs').getByText('Finished, 2 of 3 made, 1 failed').waitFor();
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });

  it('shows a viewer the Word template without a way to change it', { timeout: 60_000 }, async () => {
    await createTemplate(api, { slug: 'viewer-letter', title: 'Viewer letter', fields: [{ key: 'client_name', label: 'Client name', valueType: 'string' }] });
    const form = new FormData();
    form.append('file', new Blob([await wordTemplateDocx({ body: [paragraph('Dear {{ client_name }},')] })], { type: DOCX }), 'letter.docx');
    const stored = await fetch(`${server.url}/v1/templates/viewer-letter/word-template`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${await server.login()}`, 'x-org-slug': 'acme' },
      body: form,
    });
    expect(stored.status).toBe(200);
    const viewer = await addTestMember(server, await server.login(), 'acme', 'viewer', 'word-template-viewer');
    const opened = await openConsole(browser, server.url, { path: '/templates/viewer-letter', viewport: PHONE_VIEWPORT });
    const { page } = opened;
    try {
      await page.getByLabel('Bearer token').fill(viewer.token);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const panel = page.getByTestId('word-template-panel');
      await panel.getByTestId('word-template-status').filter({ hasText: 'letter.docx' }).waitFor();
      expect(await panel.getByText('Your role can read the Word template but not change it.').count()).toBe(1);
      expect(await panel.locator('input[type=file]').count()).toBe(0);
      expect(await page.getByTestId('merge-start').count()).toBe(0);
      expect(await panel.getByRole('button', { name: /Remove/ }).count()).toBe(0);
      expect(await panel.getByRole('button', { name: 'Download letter.docx' }).count()).toBe(1);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });
});

describe.skipIf(!hasChromium)('console page preview without LibreOffice', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    ({ server, browser } = await startConsoleSuite({ PDF_SOFFICE_PATH: '/nonexistent/soffice' }));
  });
  afterAll(async () => {
    await stopConsoleSuite({ server, browser });
  });

  it('draws the page only when asked (no Word template), and says in words that the server cannot', { timeout: 60_000 }, async () => {
    const api = await apiFor(server);
    const created = await api.post('/v1/documents', { templateId: 'engagement-letter' });
    expect(created.status).toBe(201);
    const opened = await openConsole(browser, server.url, { path: `/documents/${created.body.document.id}` });
    const { page } = opened;
    try {
      await signInAsDev(page);
      const preview = page.getByTestId('page-preview');
      await preview.getByRole('button', { name: 'Show the page preview' }).click();
      const refusal = preview.getByTestId('page-preview-error');
      await refusal.waitFor();
      expect(await refusal.innerText()).toContain('the server has no LibreOffice');
      expect(await refusal.innerText()).not.toMatch(/HTTP|503|Error:/);
      expect(await page.getByTestId('word-template-status').innerText()).toContain('No Word template: this document exports with the built-in layout.');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });
});
