/**
 * The workspace's timeline survives a dropped connection, in chromium through a real proxy that
 * cuts the progress stream after its first event — twice, so the client's own reconnect is
 * spent and the console's resume loop has to pick up — and still reaches "finished" with every
 * event of the run shown once, each resumed stream asking from the last event seen.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from '../support/api.js';
import { LETTER_FIELDS } from '../support/builtin-fields.js';
import { seriousA11yViolations } from '../support/console-axe.js';
import { expectCleanPage, hasChromium, startConsoleSuite, stopConsoleSuite, openConsole, screenshot, signInAsDev } from '../support/console-browser.js';
import { type CuttingProxy, startCuttingProxy } from '../support/cutting-proxy.js';
import { collectEvents } from '../support/sse.js';
import type { TestServer } from '../support/test-server.js';

describe.skipIf(!hasChromium)('console progress timeline across dropped connections', () => {
  let server: TestServer;
  let browser: Browser;
  let proxy: CuttingProxy;
  beforeAll(async () => {
    ({ server, browser } = await startConsoleSuite());
    proxy = await startCuttingProxy(server.url, 2);
  });
  afterAll(async () => {
    await proxy?.close();
    await stopConsoleSuite({ server, browser });
  });

  it('resumes the timeline after the stream is cut twice and reaches "finished", each event once', { timeout: 120_000 }, async () => {
    const api = await apiFor(server);
    const created = await api.post('/v1/documents', { templateId: 'engagement-letter', fields: LETTER_FIELDS });
    expect(created.status).toBe(201);
    const id = created.body.document.id as string;
    const opened = await openConsole(browser, proxy.url, { path: `/documents/${id}` });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await page.getByTestId('run-status').filter({ hasText: 'finished' }).waitFor({ timeout: 60_000 });

      // Two streams were cut after one event each; the third carried the run to its end.
      expect(proxy.streams.map((stream) => stream.cut)).toEqual([true, true, false]);
      const [first, second, third] = proxy.streams;
      expect(first?.lastEventId).toBeUndefined();
      expect(Number(second?.lastEventId)).toBeGreaterThan(0);
      // The console's own resume (the client's one reconnect was spent) asks from the last event it saw, not from the start.
      expect(Number(third?.lastEventId)).toBeGreaterThan(Number(second?.lastEventId));

      // The whole run, read straight from the server, is what the timeline shows: nothing lost, nothing twice.
      const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, await server.login(), { org: 'acme' });
      expect(events.at(-1)?.event).toBe('pipeline_finished');
      const items = page.getByTestId('timeline').getByRole('listitem');
      expect(await items.count()).toBe(events.length);
      // Each item starts with its number ("12. "), the event's words after it.
      const texts = (await items.allInnerTexts()).map((text) => text.replace(/^\d+\.\s/, ''));
      expect(texts.filter((text) => text === 'Run 1 started')).toHaveLength(1);
      expect(texts.at(-1)).toBe('Finished');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'documents-timeline-resumed');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });
});
