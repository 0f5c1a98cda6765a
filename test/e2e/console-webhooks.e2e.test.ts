/**
 * A webhook's deliveries page in chromium against a real server and a real receiver on loopback
 * (which checks each signature with its own code): a test ping the endpoint refuses and one it
 * accepts, both in the delivery log with their answers; the secret rotated and shown once, and
 * a ping signed with exactly the secret shown; an editor told the page is the owners'.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { seriousA11yViolations } from '../support/console-axe.js';
import { expectCleanPage, hasChromium, startConsoleSuite, stopConsoleSuite, openConsole, screenshot, signInAsDev } from '../support/console-browser.js';
import { addTestMember } from '../support/members.js';
import type { TestServer } from '../support/test-server.js';
import { type WebhookReceiver, startWebhookReceiver } from '../support/webhook-receiver.js';

describe.skipIf(!hasChromium)('console webhook deliveries in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let receiver: WebhookReceiver;
  let api: Api;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    ({ server, browser } = await startConsoleSuite({ TOOL_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`, WEBHOOK_TIMEOUT_SECONDS: '5' }));
    api = await apiFor(server);
  });
  afterAll(async () => {
    await stopConsoleSuite({ server, browser });
    await receiver?.close();
  });

  it('pings from the page, lists each delivery with its answer, and rotates the secret, shown once', { timeout: 90_000 }, async () => {
    const created = await api.post('/v1/webhooks', { url: `${receiver.url}/hook`, events: ['generation.finished'] });
    expect(created.status).toBe(201);
    receiver.secrets.set('/hook', created.body.secret as string);
    receiver.script.set('/hook', [503]);
    const webhookId = created.body.id as string;

    const opened = await openConsole(browser, server.url, { path: '/library/webhooks' });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await page.getByRole('link', { name: `Deliveries of webhook ${receiver.url}/hook` }).click();
      await page.getByRole('heading', { level: 1, name: 'Webhook deliveries' }).waitFor();
      await page.getByText('No deliveries yet.').waitFor();

      // The endpoint answers 503 to the first ping: said on the page and logged as failed.
      await page.getByRole('button', { name: 'Send test ping' }).click();
      await page.getByRole('status').filter({ hasText: 'Ping not delivered: HTTP 503' }).waitFor();
      const rows = page.getByTestId('deliveries').locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(1);
      expect(await rows.first().innerText()).toMatch(/ping\s+Failed\s+1\s+HTTP 503/);

      await page.getByRole('button', { name: 'Send test ping' }).click();
      await page.getByRole('status').filter({ hasText: 'Ping delivered: HTTP 200.' }).waitFor();
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.first().innerText()).toMatch(/ping\s+Delivered\s+1\s+HTTP 200/);
      expect(receiver.on('/hook').map((request) => [request.body.type, request.signatureValid])).toEqual([
        ['ping', true],
        ['ping', true],
      ]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'library-webhook-deliveries');

      // Rotating asks first, then shows the new secret once; the next ping is signed with it.
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Rotate secret' }).click();
      const shown = await page.getByTestId('webhook-secret').innerText();
      expect(shown).toMatch(/^whsec_/);
      expect(shown).not.toBe(created.body.secret);
      receiver.secrets.set('/hook', shown);
      await page.getByRole('button', { name: 'Send test ping' }).click();
      await page.getByRole('status').filter({ hasText: 'Ping delivered' }).waitFor();
      await expect.poll(() => receiver.on('/hook').length).toBe(3);
      expect(receiver.on('/hook')[2]?.signatureValid).toBe(true);
      // It stays on the page to be copied, but only until the page is left: the server never answers it again.
      expect(await page.getByTestId('webhook-secret').innerText()).toBe(shown);
      await page.reload();
      await page.getByTestId('deliveries').waitFor();
      expect(await page.getByTestId('webhook-secret').count()).toBe(0);
      expect(await page.content()).not.toContain(shown);
      expect(((await api.get(`/v1/webhooks/${webhookId}/deliveries`)).body as { status: string }[]).map((d) => d.status)).toEqual([
        'delivered',
        'delivered',
        'failed',
      ]);
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }

    // Another member is told the page is the owners', not shown a 403.
    const editor = await addTestMember(server, await server.login(), 'acme', 'editor', 'hooks-editor');
    const asEditor = await openConsole(browser, server.url, { path: `/library/webhooks/${webhookId}` });
    try {
      await asEditor.page.getByLabel('Bearer token').fill(editor.token);
      await asEditor.page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await asEditor.page.getByText("Only the organization's owners manage webhooks; your role is editor.").waitFor();
      expect(await asEditor.page.getByRole('button', { name: 'Send test ping' }).count()).toBe(0);
      expectCleanPage(asEditor);
    } finally {
      await asEditor.close();
    }
  });
});
