/**
 * Issue 33 item 5, words a person understands: every console page, with demo-like data and in
 * its error states (no network, an id that does not exist, a conflict), shows no raw id and no
 * exception text; the lists keep their sort and filter in the URL; the changed pages pass axe
 * (0 serious or critical) at 390 px and 1280 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate, instantiate } from '../support/api.js';
import { seriousA11yViolations } from '../support/console-axe.js';
import { type ConsolePage, hasChromium, openConsole, signInAsDev, startConsoleSuite, stopConsoleSuite } from '../support/console-browser.js';
import type { TestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

/** An id as the service writes them (`doc_01j…`) or a UUID. */
const RAW_ID = /\b[a-z]{2,5}_[0-9a-z]{26}\b|\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
/** What a JavaScript failure says when it leaks. */
const EXCEPTION = /TypeError|ReferenceError|SyntaxError|Failed to fetch|Cannot read propert|is not a function|undefined is not|\[object Object\]|NetworkError/;

const PHONE = { width: 390, height: 844 };
const MISSING = 'zzzzzzzzzzzzzzzzzzzzzzzzzz';

describe.skipIf(!hasChromium)('console words', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let opened: ConsolePage;
  const ids: Record<string, string> = {};

  /** The visible text of `path` once its h1 shows and nothing is loading. */
  async function visibleText(page: Page, path: string): Promise<string> {
    await page.goto(`${server.url}/app${path}`);
    // A page shows its h1, or (an id that does not exist) its error notice.
    await page.locator('h1, [role=alert]').first().waitFor();
    // Polled from the test: a predicate evaluated in the page is refused by the console's CSP.
    await expect.poll(() => page.locator('body').innerText(), { message: `${path} is still loading`, timeout: 30_000 }).not.toMatch(/Loading/);
    return page.locator('body').innerText();
  }

  function expectWords(text: string, where: string): void {
    expect(text.match(RAW_ID)?.[0] ?? null, `a raw id on ${where}`).toBeNull();
    expect(text.match(EXCEPTION)?.[0] ?? null, `an exception text on ${where}`).toBeNull();
  }

  beforeAll(async () => {
    ({ server, browser } = await startConsoleSuite({ TOOL_ALLOWED_HOSTS: '127.0.0.1:21199' }));
    api = await apiFor(server);
    await createTemplate(api, {
      slug: 'words-letter',
      title: 'Words letter',
      fields: [{ key: 'client', value: 'Ada' }],
      sections: [{ key: 'intro', title: 'Intro', render_mode: 'templated', output_type: 'markdown', output_template: 'Dear {{ client }}' }],
    });
    ids.document = (await instantiate(api, 'words-letter', { title: 'Letter to Ada' })).document.id;
    for (const key of ['greeting', 'closing']) expect((await api.post('/v1/texts', { key, value: `The ${key}` })).status).toBe(201);
    const webhook = await api.post('/v1/webhooks', { url: 'http://127.0.0.1:21199/hook', events: ['generation.finished'] });
    expect(webhook.status).toBe(201);
    ids.webhook = webhook.body.id;
    const token = await server.login();
    const assessment = await postMultipart(server, token, 'acme', '/assessments', { name: 'Supplier check' }, [
      { name: 'invoice.txt', bytes: Buffer.from('Invoice 7\nTotal: 10 EUR\n'), type: 'text/plain' },
    ]);
    expect(assessment.status).toBe(201);
    ids.assessment = assessment.body.assessment.id;
    ids.sourceDocument = assessment.body.documents[0].id;
    expect((await postMultipart(server, token, 'acme', '/assessments', { name: 'Annual review' }, [])).status).toBe(201);
    opened = await openConsole(browser, server.url);
    await signInAsDev(opened.page);
  });
  afterAll(async () => {
    await opened?.close();
    await stopConsoleSuite({ server, browser });
  });

  it('walks every page with data and shows names, never ids or exception texts', async () => {
    const paths = [
      '/documents',
      `/documents/${ids.document}`,
      '/templates',
      '/templates/words-letter',
      '/templates/words-letter/new',
      '/assessments',
      `/assessments/${ids.assessment}`,
      `/assessments/${ids.assessment}/documents/${ids.sourceDocument}/review`,
      '/library',
      '/library/texts',
      '/library/risk-blocks',
      '/library/voices',
      '/library/snippets',
      '/library/entities',
      '/library/tool-registrations',
      '/library/webhooks',
      `/library/webhooks/${ids.webhook}`,
    ];
    for (const path of paths) expectWords(await visibleText(opened.page, path), path);
  });

  it('words a missing id, a conflict and a lost network for a person', async () => {
    const page = opened.page;
    const missing = [
      `/documents/doc_${MISSING}`,
      `/assessments/asm_${MISSING}`,
      `/library/webhooks/whk_${MISSING}`,
      `/templates/words-letter/merge-runs/mrg_${MISSING}`,
      `/assessments/asm_${MISSING}/documents/sdc_${MISSING}/review`,
    ];
    for (const path of missing) {
      const text = await visibleText(page, path);
      expectWords(text, path);
      expect(text, path).toMatch(/not found|no longer exists|could not/i);
    }

    // A conflict: a text whose key is taken.
    await visibleText(page, '/library/texts');
    const form = page.getByRole('form', { name: 'New text' });
    await form.getByLabel('Key').fill('greeting');
    await form.getByRole('textbox', { name: 'Value (required)' }).fill('Again');
    await form.getByRole('button', { name: 'Create text' }).click();
    // The taken key is told at the field, or in a notice when it is not a field's.
    await page.locator('[role=alert], form [aria-invalid=true]').first().waitFor();
    expectWords(await page.locator('body').innerText(), 'a 409 on texts');

    // No network: the calls are aborted.
    await page.route('**/v1/**', (route) => route.abort('internetdisconnected'));
    try {
      for (const path of ['/library/texts', '/templates', `/documents/${ids.document}`]) {
        await page.goto(`${server.url}/app${path}`);
        const alert = page.getByRole('alert').first();
        await alert.waitFor();
        expect(await alert.innerText(), path).toMatch(/could not reach quire/i);
        expectWords(await page.locator('body').innerText(), `${path} offline`);
      }
    } finally {
      await page.unroute('**/v1/**');
    }
    // The sign-in was kept through the outage: with the network back, Try again opens the page.
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Letter to Ada' }).waitFor();
  });

  it('keeps a list sort and filter in the URL, and a link reproduces the view', async () => {
    const page = opened.page;
    await visibleText(page, '/library/texts');
    const rows = () => page.getByTestId('library-list').locator('tbody tr td:first-child').allInnerTexts();
    await expect.poll(rows).toEqual(['closing', 'greeting']);
    await page.getByLabel('Sort by').selectOption('oldest');
    await page.waitForURL(/sort=oldest/);
    await expect.poll(rows).toEqual(['greeting', 'closing']);
    await page.getByLabel('Key or name contains').fill('GREET');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/q=GREET/);
    await expect.poll(rows).toEqual(['greeting']);
    await visibleText(page, '/library/texts?sort=name&q=ing');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('name');
    await expect.poll(rows).toEqual(['closing', 'greeting']);
  });

  it('keeps the assessments sort and name filter in the URL, and a link reproduces the view', async () => {
    const page = opened.page;
    await visibleText(page, '/assessments');
    const rows = () => page.getByTestId('assessments-table').locator('tbody tr td:first-child').allInnerTexts();
    await expect.poll(rows).toEqual(['Annual review', 'Supplier check']);
    await page.getByLabel('Sort by').selectOption('oldest');
    await page.waitForURL(/sort=oldest/);
    await expect.poll(rows).toEqual(['Supplier check', 'Annual review']);
    await page.getByLabel('Name contains').fill('SUPPLIER');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/q=SUPPLIER/);
    await expect.poll(rows).toEqual(['Supplier check']);
    await visibleText(page, '/assessments?sort=name&q=e');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('name');
    await expect.poll(rows).toEqual(['Annual review', 'Supplier check']);
  });

  it('the changed pages pass axe at 390 px and 1280 px', async () => {
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      await opened.page.setViewportSize(viewport);
      for (const path of [
        '/library/texts?sort=updated',
        '/library/webhooks',
        '/templates?q=words',
        '/assessments?sort=name&q=e',
        '/documents/doc_' + MISSING,
      ]) {
        await visibleText(opened.page, path);
        expect(await seriousA11yViolations(opened.page), `${path} at ${viewport.width}px`).toEqual([]);
      }
    }
  });
});
