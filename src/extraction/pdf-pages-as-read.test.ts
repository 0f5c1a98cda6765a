/**
 * prc_generic_fields works on a PDF's pages as they are read (its rules look no further than a
 * page): the items are those of the rules run on the whole document once it is read, and a page
 * that needs OCR sends the document back to the whole-document path.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractEntities } from './entities.js';
import { appendItems } from './items.js';
import { completeItems } from './processors/generic-fields.js';
import { extractLabelValues } from './label-value.js';
import { loadDocument } from './loaders/load-document.js';
import { runProcessor } from './processor-catalog.js';
import { calibrateItems } from './confidence-calibration.js';
import { makeInvoicePdf } from './test-support/fixtures.js';
import { makeLongReportPdf } from './test-support/long-report-pdf.js';

/** The items of the rules run on the whole document, after it was read (no page hook). */
async function wholeDocumentItems(bytes: Buffer, options: Record<string, unknown> = {}) {
  const loaded = await loadDocument({ bytes, kind: 'pdf', options }, 'auto');
  expect(loaded.pages_hooked).toBeFalsy();
  const items = extractLabelValues(loaded.layout, { date_order: 'mdy', default_currency: null, generic_labels: true });
  appendItems(items, extractEntities(loaded.layout, { date_order: 'mdy' }));
  // Calibrated as runProcessor calibrates every processor's items.
  return calibrateItems((await completeItems({ bytes, kind: 'pdf', options }, loaded, items)).items);
}

describe('a PDF worked on page by page as it is read', () => {
  it('gives the items of the whole document, page for page, through either engine', async () => {
    for (const bytes of [await makeInvoicePdf(), await makeLongReportPdf(12)]) {
      for (const options of [{}, { pdf_engine: 'pdfjs' }]) {
        const pages: number[] = [];
        const loaded = await loadDocument({ bytes, kind: 'pdf', options }, 'auto', (_layout, page) => pages.push(page));
        expect(loaded.pages_hooked).toBe(true);
        expect(pages).toEqual(loaded.positioned.map((p) => p.page_number));
        const r = await runProcessor('prc_generic_fields', { bytes, kind: 'pdf', options });
        expect(r.errors).toEqual([]);
        expect(r.items.length).toBeGreaterThan(10);
        expect(r.items).toEqual(await wholeDocumentItems(bytes, options));
      }
    }
  });

  it("takes the whole-document path when a page is OCR'd (its text and the offsets after it change)", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([612, 792]).drawText('Invoice number: INV-1', { x: 72, y: 700, size: 12, font });
    doc.addPage([612, 792]); // no text layer: OCR'd in auto mode
    doc.addPage([612, 792]).drawText('Contact billing@contoso.test for questions.', { x: 72, y: 700, size: 12, font });
    const bytes = Buffer.from(await doc.save());
    const loaded = await loadDocument({ bytes, kind: 'pdf' }, 'auto', () => undefined);
    expect(loaded.pages_hooked).toBe(false);
    const r = await runProcessor('prc_generic_fields', { bytes, kind: 'pdf' });
    expect(r.items.map((i) => i.key)).toEqual(['invoice.number', 'entity.email', 'document.type']);
    expect(r.items).toEqual(await wholeDocumentItems(bytes));
  });
});
