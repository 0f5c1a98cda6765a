/**
 * Issue 33, the status filters of the console's run lists (ADR 0765): a template's merge runs and
 * a webhook's deliveries narrowed by a status select whose choice is kept in the URL (a link or a
 * reload shows the same view), the states named in the words every page uses, a status without
 * matches saying so with the select still there, and both pages passing axe at 390 px and 1280 px.
 * The card asks the server for its template's runs (ADR 0786): runs behind more than a page of
 * another template's are still shown.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { seriousA11yViolations } from '../support/console-axe.js';
import { LETTER_ROW, insertMergeRuns } from '../support/merge-runs.js';
import { type ConsolePage, expectCleanPage, hasChromium, openConsole, signInAsDev, startConsoleSuite, stopConsoleSuite } from '../support/console-browser.js';
import type { TestServer } from '../support/test-server.js';
import { type WebhookReceiver, startWebhookReceiver } from '../support/webhook-receiver.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe.skipIf(!hasChromium)('console status filters in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let receiver: WebhookReceiver;
  let api: Api;
  let opened: ConsolePage;
  let hookId = '';

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    ({ server, browser } = await startConsoleSuite({ TOOL_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}` }));
    api = await apiFor(server);
    // Merge runs of the letter: one cancelled, then one finished.
    const startRun = async () => {
      const started = await api.post('/v1/templates/engagement-letter/merge-runs', { rows: [LETTER_ROW] });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      return started.body.id as string;
    };
    const cancelled = await startRun();
    expect((await api.post(`/v1/merge-runs/${cancelled}/cancel`)).status).toBe(200);
    await server.jobs.idle();
    await startRun();
    await server.jobs.idle();
    // Deliveries: a ping answered 500 (failed, pings are not retried), then one answered 200.
    const hook = await api.post('/v1/webhooks', { url: `${receiver.url}/filters`, events: ['generation.finished'] });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    hookId = hook.body.id as string;
    receiver.secrets.set('/filters', hook.body.secret as string);
    receiver.script.set('/filters', [500]);
    expect((await api.post(`/v1/webhooks/${hookId}/ping`)).body.status).toBe('failed');
    expect((await api.post(`/v1/webhooks/${hookId}/ping`)).body.status).toBe('delivered');
    opened = await openConsole(browser, server.url);
    await signInAsDev(opened.page);
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
    await stopConsoleSuite({ server, browser });
    await receiver?.close();
  });

  const mergeRuns = (page: Page) => page.getByTestId('merge-runs').getByRole('listitem').allInnerTexts();
  const deliveries = (page: Page) => page.getByTestId('deliveries').locator('tbody tr td:nth-child(2)').allInnerTexts();

  it("narrows a template's merge runs by status, kept in the URL", { timeout: 90_000 }, async () => {
    const { page } = opened;
    await page.goto(`${server.url}/app/templates/engagement-letter`);
    await page.getByRole('heading', { level: 2, name: 'Merge runs' }).waitFor();
    await expect.poll(() => mergeRuns(page)).toEqual([expect.stringContaining('Finished'), expect.stringContaining('Cancelled')]);
    const select = page.getByLabel('Merge run status', { exact: true });
    // The states in the words the rows use, after "Any status".
    expect(await select.locator('option').allInnerTexts()).toEqual(['Any status', 'Waiting to start', 'Running', 'Finished', 'Failed', 'Cancelled']);

    await select.selectOption({ label: 'Cancelled' });
    await page.waitForURL(/\?status=cancelled$/);
    await expect.poll(() => mergeRuns(page)).toEqual([expect.stringContaining('Cancelled')]);

    // A status nothing is in says so, and the select stays to change it.
    await select.selectOption({ label: 'Failed' });
    await page.waitForURL(/\?status=failed$/);
    await page.getByText('No merge runs with the status “Failed”.').waitFor();
    expect(await mergeRuns(page)).toEqual([]);

    // A link (or a reload) shows the same view.
    await page.goto(`${server.url}/app/templates/engagement-letter?status=finished`);
    await expect.poll(() => mergeRuns(page)).toEqual([expect.stringContaining('Finished')]);
    expect(await select.inputValue()).toBe('finished');
    await select.selectOption({ label: 'Any status' });
    await page.waitForURL(/\/templates\/engagement-letter$/);
    await expect.poll(() => mergeRuns(page)).toHaveLength(2);
    expectCleanPage(opened);
  });

  it("narrows a webhook's deliveries by status, kept in the URL", { timeout: 90_000 }, async () => {
    const { page } = opened;
    await page.goto(`${server.url}/app/library/webhooks/${hookId}?status=failed`);
    await page.getByRole('heading', { level: 1, name: 'Webhook deliveries' }).waitFor();
    await expect.poll(() => deliveries(page)).toEqual(['Failed']);
    const select = page.getByLabel('Delivery status', { exact: true });
    expect(await select.inputValue()).toBe('failed');
    expect(await select.locator('option').allInnerTexts()).toEqual(['Any status', 'Waiting', 'Delivered', 'Failed']);

    await select.selectOption({ label: 'Delivered' });
    await page.waitForURL(/\?status=delivered$/);
    await expect.poll(() => deliveries(page)).toEqual(['Delivered']);

    await select.selectOption({ label: 'Waiting' });
    await page.waitForURL(/\?status=pending$/);
    await page.getByText('No deliveries with the status “Waiting”.').waitFor();

    await select.selectOption({ label: 'Any status' });
    await expect.poll(() => deliveries(page)).toEqual(['Delivered', 'Failed']);
    expect(new URL(page.url()).search).toBe('');
    expectCleanPage(opened);
  });

  it('the pages with a status select pass axe at 390 px and 1280 px', { timeout: 120_000 }, async () => {
    const { page } = opened;
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      for (const [path, select] of [
        ['/templates/engagement-letter?status=failed', 'Merge run status'],
        ['/templates/engagement-letter', 'Merge run status'],
        [`/library/webhooks/${hookId}?status=delivered`, 'Delivery status'],
      ]) {
        await page.goto(`${server.url}/app${path}`);
        await page.getByLabel(select, { exact: true }).waitFor();
        await expect.poll(() => page.locator('body').innerText(), { message: `${path} is still loading` }).not.toMatch(/Loading/);
        expect(await seriousA11yViolations(page), `${path} at ${viewport.width}px`).toEqual([]);
      }
    }
  });

  // Last: it adds runs of another template after the letter's.
  it("shows a template's runs behind more than a page of another template's runs", { timeout: 90_000 }, async () => {
    const memos = await insertMergeRuns(server, 'acme', 'vendor-security-memo', { count: 60 });
    const { page } = opened;
    await page.goto(`${server.url}/app/templates/engagement-letter`);
    await page.getByRole('heading', { level: 2, name: 'Merge runs' }).waitFor();
    await expect.poll(() => mergeRuns(page)).toEqual([expect.stringContaining('Finished'), expect.stringContaining('Cancelled')]);
    await page.getByLabel('Merge run status', { exact: true }).selectOption({ label: 'Cancelled' });
    await page.waitForURL(/\?status=cancelled$/);
    await expect.poll(() => mergeRuns(page)).toEqual([expect.stringContaining('Cancelled')]);

    // The other template's card shows its latest ten, newest first, each a link to its own run.
    await page.goto(`${server.url}/app/templates/vendor-security-memo`);
    const links = page.getByTestId('merge-runs').getByRole('link');
    await expect.poll(() => links.count()).toBe(10);
    expect(await links.first().getAttribute('href')).toBe(`/app/templates/vendor-security-memo/merge-runs/${memos[0]}`);
    expect(await links.last().getAttribute('href')).toBe(`/app/templates/vendor-security-memo/merge-runs/${memos[9]}`);
    expectCleanPage(opened);
  });
});
