/**
 * The review screen's tools (issue #32 item 7), in chromium against a real server: after a
 * decision the selection moves to the next undecided item; zoom with buttons and +/- keeps the
 * boxes on the words they frame; a value is set by clicking a word or drawing a box on the page,
 * and the correction keeps that box as its provenance; table cells and invoice line items are a
 * grid under their header names whose cells select the item and light its box on the page —
 * with no serious axe violation at 1280 and 390 px.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInvoicePdf } from '../../src/extraction/test-support/fixtures.js';
import { type Api, apiFor } from '../support/api.js';
import { seriousA11yViolations } from '../support/console-axe.js';
import { expectCleanPage, hasChromium, openConsole, screenshot, signInAsDev, startConsoleSuite, stopConsoleSuite } from '../support/console-browser.js';
import type { TestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

const PHONE_VIEWPORT = { width: 390, height: 844 };

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
interface Item {
  id: string;
  key: string;
  version: number;
  value: unknown;
  is_corrected: boolean;
  provenance: { quote: string; text_source?: string; anchors: Array<{ kind: string; page_number?: number; boxes?: Box[] }> };
}

describe.skipIf(!hasChromium)('console review tools in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let token: string;
  /** One invoice read by the label rules, one by the table rules (its cells and line items). */
  let fields: { assessmentId: string; documentId: string };
  let table: { assessmentId: string; documentId: string };

  const uploadInvoice = async (name: string, processorId?: string) => {
    const created = await postMultipart(server, token, 'acme', '/assessments', { name, ...(processorId ? { processor_id: processorId } : {}) }, [
      { name: 'invoice.pdf', bytes: await makeInvoicePdf(), type: 'application/pdf' },
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { assessmentId: created.body.assessment.id as string, documentId: created.body.documents[0].id as string };
  };
  const itemsOf = async (documentId: string) => (await api.get(`/documents/${documentId}/extracted-items`)).body.items as Item[];
  const itemOf = async (documentId: string, key: string) => {
    const found = (await itemsOf(documentId)).find((i) => i.key === key);
    if (!found) throw new Error(`no item ${key}`);
    return found;
  };
  /** What the item's active correction holds: its value and the provenance it was saved with. */
  const activeCorrection = async (itemId: string) => {
    const row = await server.store.db
      .selectFrom('corrections')
      .select('corrected_json')
      .where('item_id', '=', itemId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    return JSON.parse(row.corrected_json) as Pick<Item, 'value' | 'provenance'> & { reanchored: boolean };
  };
  const heading = (page: Page) => page.getByTestId('item-panel').getByRole('heading', { level: 2 });
  /** Where a [0,1] box of the page lies on the screen. */
  const onScreen = async (image: Locator, box: Box) => {
    const frame = await image.boundingBox();
    if (!frame) throw new Error('the page image is not shown');
    return { x: frame.x + box.x * frame.width, y: frame.y + box.y * frame.height, w: box.w * frame.width, h: box.h * frame.height };
  };
  /** The selected box's place as fractions of the image (what must not change with zoom). */
  const relativeSelected = async (page: Page) => {
    const [frame, box] = [await page.getByTestId('page-image').boundingBox(), await page.getByTestId('selected-item-box').first().boundingBox()];
    if (!frame || !box) throw new Error('no page image or no selected box');
    return { x: (box.x - frame.x) / frame.width, y: (box.y - frame.y) / frame.height, width: frame.width };
  };

  beforeAll(async () => {
    ({ server, browser } = await startConsoleSuite());
    api = await apiFor(server);
    token = await server.login();
    fields = await uploadInvoice('Contoso fields');
    table = await uploadInvoice('Contoso table', 'prc_table_rows');
    await server.jobs.idle();
  }, 300_000);
  afterAll(async () => {
    await stopConsoleSuite({ server, browser });
  });

  /** The review screen of a document, signed in, the page drawn; `check` runs with it and the page is closed after. */
  const withReview = async (target: { assessmentId: string; documentId: string }, check: (page: Page) => Promise<void>, viewport?: typeof PHONE_VIEWPORT) => {
    const opened = await openConsole(browser, server.url, {
      path: `/assessments/${target.assessmentId}/documents/${target.documentId}/review`,
      ...(viewport ? { viewport } : {}),
    });
    const { page } = opened;
    page.setDefaultTimeout(60_000);
    try {
      await signInAsDev(page);
      await page.getByTestId('page-image').waitFor();
      await check(page);
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  };
  const pageWords = async (documentId: string) => {
    const words = (await api.get(`/documents/${documentId}/pages/1/words`)).body.words as Array<{ text: string; box: Box }>;
    return (text: string) => {
      const found = words.find((w) => w.text === text);
      if (!found) throw new Error(`no word ${text}`);
      return found;
    };
  };

  it('moves the selection to the next undecided item after a decision', async () => {
    // The items after the vendor in reading order (the issuer read from the letterhead, the number) are decided already: a decision must skip them.
    for (const key of ['issuer.name', 'invoice.number']) {
      const decided = await itemOf(fields.documentId, key);
      expect(
        (await api.post(`/documents/${fields.documentId}/extracted-items/${decided.id}/validate`, { decision: 'confirm', expected_version: decided.version }))
          .status,
      ).toBe(200);
    }
    await withReview(fields, async (page) => {
      await heading(page).filter({ hasText: 'Vendor name' }).waitFor();
      await page.keyboard.press('a');
      await page.getByRole('option', { name: /Vendor name.*validated/i }).waitFor();
      expect(await heading(page).innerText()).toBe('Invoice date');
    });
  }, 120_000);

  it('zooms with buttons and +/- keys, the selected box staying on its place of the page', async () => {
    await withReview(fields, async (page) => {
      await page.getByTestId('selected-item-box').first().waitFor();
      const before = await relativeSelected(page);
      await page.keyboard.press('+');
      await page.getByTestId('zoom-level').filter({ hasText: '125%' }).waitFor();
      const zoomed = await relativeSelected(page);
      expect(zoomed.width).toBeGreaterThan(before.width * 1.2);
      expect(Math.abs(zoomed.x - before.x)).toBeLessThan(0.005);
      expect(Math.abs(zoomed.y - before.y)).toBeLessThan(0.005);
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.getByTestId('zoom-level').filter({ hasText: '150%' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'review-tools-zoomed');
      await page.keyboard.press('-');
      await page.getByRole('button', { name: 'Zoom out' }).click();
      await page.getByTestId('zoom-level').filter({ hasText: '100%' }).waitFor();
      expect(Math.abs((await relativeSelected(page)).width - before.width)).toBeLessThan(2);
    });
  }, 120_000);

  it("sets a value from a clicked word, keeping the word's box as the correction's provenance", async () => {
    const word = await pageWords(fields.documentId);
    await withReview(fields, async (page) => {
      await page.getByRole('option', { name: /Customer name/ }).click();
      await heading(page).filter({ hasText: 'Customer name' }).waitFor();
      await page.getByRole('button', { name: 'Pick from the page' }).click();
      await page.getByTestId('page-word').first().waitFor();
      await page.getByRole('button', { name: 'Use “Contoso”' }).click();
      const value = page.getByLabel('Corrected value');
      expect(await value.inputValue()).toBe('Contoso');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await value.press('Enter');
      await page.getByRole('option', { name: /Customer name.*corrected/i }).waitFor();
    });
    const customer = await itemOf(fields.documentId, 'customer.name');
    expect(customer.value).toBe('Contoso');
    expect(customer.is_corrected).toBe(true);
    const correction = await activeCorrection(customer.id);
    expect(correction.reanchored).toBe(true);
    expect(correction.provenance.quote).toBe('Contoso');
    expect(correction.provenance.text_source).toBe('text_layer');
    const region = correction.provenance.anchors.find((a) => a.kind === 'page_region');
    expect(region?.page_number).toBe(1);
    expect(region?.boxes).toEqual([word('Contoso').box]);
  }, 120_000);

  it('sets a value from a box drawn over the page: the words inside it, and the box that holds them', async () => {
    const word = await pageWords(fields.documentId);
    await withReview(fields, async (page) => {
      await page.getByRole('option', { name: /Invoice number/ }).click();
      await heading(page).filter({ hasText: 'Invoice number' }).waitFor();
      await page.getByRole('button', { name: 'Pick from the page' }).click();
      await page.getByTestId('page-word').first().waitFor();
      const image = page.getByTestId('page-image');
      const [fabrikam, inc] = [await onScreen(image, word('Fabrikam').box), await onScreen(image, word('Inc').box)];
      await page.mouse.move(fabrikam.x - 4, fabrikam.y - 3);
      await page.mouse.down();
      await page.mouse.move((fabrikam.x + inc.x) / 2, fabrikam.y + 4, { steps: 3 });
      await page.mouse.move(inc.x + inc.w + 4, inc.y + inc.h + 3, { steps: 3 });
      await page.getByTestId('drawn-box').waitFor();
      await page.mouse.up();
      const value = page.getByLabel('Corrected value');
      expect(await value.inputValue()).toBe('Fabrikam Inc');
      expect(await page.getByTestId('picked-from-page').innerText()).toContain('page 1');
      await page.getByRole('button', { name: 'Save correction' }).click();
      await page.getByRole('option', { name: /Invoice number.*corrected/i }).waitFor();
      await screenshot(page, 'review-tools-drawn');
    });
    const item = await itemOf(fields.documentId, 'invoice.number');
    expect(item.value).toBe('Fabrikam Inc');
    const corrected = await activeCorrection(item.id);
    expect(corrected.provenance.quote).toBe('Fabrikam Inc');
    const [drawn] = corrected.provenance.anchors.find((a) => a.kind === 'page_region')?.boxes ?? [];
    for (const w of [word('Fabrikam').box, word('Inc').box]) {
      expect(drawn.x).toBeLessThanOrEqual(w.x + 1e-4);
      expect(drawn.y).toBeLessThanOrEqual(w.y + 1e-4);
      expect(drawn.x + drawn.w).toBeGreaterThanOrEqual(w.x + w.w - 1e-4);
      expect(drawn.y + drawn.h).toBeGreaterThanOrEqual(w.y + w.h - 1e-4);
    }
  }, 120_000);

  it('shows line items and table cells as grids under their header names; a cell selects its item and lights its box', async () => {
    const items = await itemsOf(table.documentId);
    const shipping = items.find((i) => i.key === 'line_items[1].description');
    const shippingBox = shipping?.provenance.anchors.find((a) => a.kind === 'page_region')?.boxes?.[0];
    expect(shippingBox).toBeDefined();
    for (const viewport of [undefined, PHONE_VIEWPORT]) {
      await withReview(
        table,
        async (page) => {
          const image = page.getByTestId('page-image');
          const lineItems = page.getByRole('table', { name: 'Line items' });
          await lineItems.waitFor();
          expect(await lineItems.getByRole('columnheader').allInnerTexts()).toEqual(['Line', 'Description', 'Quantity', 'Amount']);
          expect(
            await page
              .getByRole('table', { name: /page 1 table 1/ })
              .getByRole('columnheader')
              .allInnerTexts(),
          ).toEqual(['Row', 'Item', 'Qty', 'Amount']);
          const cell = lineItems.getByRole('button', { name: /Shipping/ });
          await cell.click();
          await heading(page).filter({ hasText: 'Description' }).waitFor();
          expect(await page.getByTestId('item-value').innerText()).toBe('Shipping');
          expect(await cell.getAttribute('aria-pressed')).toBe('true');
          // The cell's box is lit on the page where the word is.
          const lit = await page.getByTestId('selected-item-box').first().boundingBox();
          const expected = await onScreen(image, shippingBox as Box);
          expect(Math.abs((lit?.x ?? 0) - expected.x)).toBeLessThan(2);
          expect(Math.abs((lit?.y ?? 0) - expected.y)).toBeLessThan(2);
          // From the keyboard: a cell is a button, Enter selects its item.
          await lineItems.getByRole('button', { name: /Widget/ }).focus();
          await page.keyboard.press('Enter');
          await page.getByTestId('item-value').filter({ hasText: 'Widget' }).waitFor();
          expect(await seriousA11yViolations(page)).toEqual([]);
          await screenshot(page, `review-tools-table-${viewport ? 'phone' : 'desktop'}`);
        },
        viewport,
      );
    }
  }, 300_000);
});
