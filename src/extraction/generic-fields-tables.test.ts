/**
 * Tables in the default processor (issue 32 item 3): a PDF's tables, ruled and unruled, give
 * `prc_generic_fields` the same cell items as `prc_table_rows` (one per cell, header-named, row
 * and column, page box), and its invoice line items checked against the totals.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runProcessor } from './processor-catalog.js';
import type { ExtractedItem, ProcessorResult } from './types.js';
import { makeInvoicePdf } from './test-support/fixtures.js';
import { HAVE_SOFFICE, TABLE_SPECS, htmlToPdf, tableHtml } from './test-support/table-fixtures.js';

const tableItems = (r: ProcessorResult): Array<Pick<ExtractedItem, 'key' | 'label' | 'value' | 'raw_text' | 'confidence'> & { anchors: unknown }> =>
  r.items
    .filter((i) => i.key.includes('row[') || i.key.startsWith('line_items['))
    .map((i) => ({ key: i.key, label: i.label, value: i.value, raw_text: i.raw_text, confidence: i.confidence, anchors: i.provenance.anchors }));

describe('PDF tables in prc_generic_fields', () => {
  it('gives the cells and checked line items of an invoice drawn with pdf-lib, as prc_table_rows does', async () => {
    const bytes = await makeInvoicePdf();
    const generic = await runProcessor('prc_generic_fields', { bytes, kind: 'pdf', filename: 'invoice.pdf' });
    const rows = await runProcessor('prc_table_rows', { bytes, kind: 'pdf', filename: 'invoice.pdf' });
    expect(tableItems(generic).find((i) => i.key === 'row[1].amount')).toMatchObject({ label: 'Amount', raw_text: '$10.00' });
    expect(tableItems(generic)).toEqual(tableItems(rows));
    expect(generic.items.filter((i) => i.key.startsWith('line_items[') && i.key.endsWith('.amount')).map((i) => i.value)).toEqual([100, 10]);
    expect(generic.warnings.filter((w) => w.code === 'line_items_mismatch')).toEqual([]);
  });

  it('can be told to leave tables out', async () => {
    const r = await runProcessor('prc_generic_fields', { bytes: await makeInvoicePdf(), kind: 'pdf', filename: 'invoice.pdf', options: { tables: false } });
    expect(r.items.filter((i) => i.key.startsWith('row[')).map((i) => i.key)).toEqual([]);
    expect(r.items.map((i) => i.key)).toContain('invoice.total');
  });
});

describe.skipIf(!HAVE_SOFFICE)('PDF tables printed by LibreOffice in prc_generic_fields (needs LibreOffice)', () => {
  const pdfs: Buffer[] = [];
  beforeAll(async () => {
    for (const spec of TABLE_SPECS.slice(0, 2)) pdfs.push(await htmlToPdf(tableHtml(spec)));
  }, 300_000);

  it('reads a ruled and an unruled table cell by cell, the same items as prc_table_rows', async () => {
    for (const bytes of pdfs) {
      const generic = await runProcessor('prc_generic_fields', { bytes, kind: 'pdf', filename: 't.pdf' });
      const rows = await runProcessor('prc_table_rows', { bytes, kind: 'pdf', filename: 't.pdf' });
      expect(tableItems(generic).length).toBeGreaterThan(8);
      expect(tableItems(generic)).toEqual(tableItems(rows));
    }
    const unruled = await runProcessor('prc_generic_fields', { bytes: pdfs[1], kind: 'pdf', filename: 't.pdf' });
    expect(unruled.items.find((i) => i.key === 'row[1].beschreibung')?.raw_text).toBe('Schulung vor Ort');
  }, 120_000);
});
