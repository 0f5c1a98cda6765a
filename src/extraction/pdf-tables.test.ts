/**
 * Tables printed in PDFs (issue 32 item 3): LibreOffice prints ruled and unruled tables written
 * here; `prc_table_rows` gives one item per cell, as for the same table in a CSV — header-named,
 * row and column, the cell's box on the page — and invoice line items checked against the totals.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runProcessor } from './processor-catalog.js';
import { gridsOfItems, scoreTables } from './tables/score-tables.js';
import type { Box, ExtractedItem, PageRegionAnchor, ProcessorResult, SheetCellAnchor } from './types.js';
import { makeInvoicePdf } from './test-support/fixtures.js';
import { makeLongReportPdf } from './test-support/long-report-pdf.js';
import { HAVE_SOFFICE, TABLE_SPECS, type TableSpec, htmlToPdf, tableHtml } from './test-support/table-fixtures.js';

const item = (r: ProcessorResult, key: string): ExtractedItem => {
  const it = r.items.find((i) => i.key === key);
  if (!it) throw new Error(`no item ${key}; keys: ${r.items.map((i) => i.key).join(', ')}`);
  return it;
};
const sheetCell = (it: ExtractedItem): SheetCellAnchor => {
  const a = it.provenance.anchors.find((x): x is SheetCellAnchor => x.kind === 'sheet_cell');
  if (!a) throw new Error(`no sheet_cell anchor on ${it.key}`);
  return a;
};
const boxOf = (it: ExtractedItem): Box => {
  const a = it.provenance.anchors.find((x): x is PageRegionAnchor => x.kind === 'page_region');
  if (!a) throw new Error(`no page_region anchor on ${it.key}`);
  return a.boxes[0];
};
const read = async (spec: TableSpec): Promise<ProcessorResult> =>
  runProcessor('prc_table_rows', { bytes: await htmlToPdf(tableHtml(spec)), kind: 'pdf', filename: 'table.pdf' });

describe.skipIf(!HAVE_SOFFICE)('PDF tables (needs LibreOffice)', () => {
  const runs: ProcessorResult[] = [];
  beforeAll(async () => {
    for (const spec of TABLE_SPECS) runs.push(await read(spec));
  }, 300_000);

  it('reads a ruled table cell by cell: header-named, row and column, its grid box on the page, its text in the run text', () => {
    const r = runs[0];
    expect(r.errors).toEqual([]);
    const price = item(r, 'row[1].unit_price');
    expect(price).toMatchObject({ label: 'Unit price', raw_text: '120.50', value: 120.5, value_type: 'number' });
    expect(sheetCell(price)).toEqual({ kind: 'sheet_cell', sheet: 'page 1 table 1', ref: 'C3', row: 3, column: 3 });
    const [desc, amount] = [boxOf(item(r, 'row[1].description')), boxOf(item(r, 'row[1].amount'))];
    expect(boxOf(price).x).toBeGreaterThan(desc.x + desc.w - 0.001);
    expect(amount.x).toBeGreaterThan(boxOf(price).x + boxOf(price).w - 0.001);
    expect(boxOf(price).y).toBeCloseTo(desc.y, 3);
    const span = price.provenance.anchors.find((a) => a.kind === 'text_span');
    expect(span && span.kind === 'text_span' ? r.text.slice(span.start, span.end) : null).toBe('120.50');
    expect(r.items.filter((i) => i.key.startsWith('row[')).length).toBe(12);
  });

  it('reads an unruled table from word alignment, with German headers and numbers', () => {
    const r = runs[1];
    expect(item(r, 'row[1].beschreibung').raw_text).toBe('Schulung vor Ort');
    expect(item(r, 'row[2].betrag')).toMatchObject({ raw_text: '75,50', label: 'Betrag' });
    expect(sheetCell(item(r, 'row[2].betrag'))).toMatchObject({ row: 4, column: 4 });
    expect(boxOf(item(r, 'row[2].betrag')).x).toBeGreaterThan(0.5);
  });

  it('gives invoice line items that add up to the subtotal or total, in English, German, French, Dutch and Italian', () => {
    for (const r of [runs[0], runs[1], runs[3], runs[5], runs[6]]) expect(r.warnings.filter((w) => w.code === 'line_items_mismatch')).toEqual([]);
    expect(item(runs[1], 'line_items[1].amount')).toMatchObject({ value: 900, label: 'Amount' });
    expect(item(runs[3], 'line_items[0].unit_price')).toMatchObject({ value: 1200, raw_text: '1 200,00' });
    expect(runs[0].items.filter((i) => i.key.startsWith('line_items[')).map((i) => i.confidence.overall)).toEqual(Array(12).fill(0.9));
    expect(item(runs[6], 'line_items[2].unit_price')).toMatchObject({ value: 1250, raw_text: '1.250,00' });
    expect(runs[2].items.some((i) => i.key.startsWith('line_items['))).toBe(false);
  });

  it('reads every cell of the generated set right (table cell accuracy)', () => {
    const expected = TABLE_SPECS.map((s) => [s.headers, ...s.rows]);
    const score = scoreTables(
      expected,
      runs.flatMap((r) => gridsOfItems(r.items)),
    );
    expect(score).toMatchObject({ tables_expected: 8, tables_found: 8, cells: 138 });
    // One header LibreOffice breaks mid-word in a narrow column ("Aanta" / "l") is the only miss.
    expect(score.correct).toBe(137);
  });

  it('flags line items that do not add up to the subtotal for review', async () => {
    const wrong: TableSpec = { ...TABLE_SPECS[0], after: ['Subtotal: 1,290.50'] };
    const r = await read(wrong);
    expect(r.warnings.map((w) => w.code)).toContain('line_items_mismatch');
    expect(r.warnings.find((w) => w.code === 'line_items_mismatch')?.message).toMatch(/1190\.5.*1290\.5/);
    expect(item(r, 'line_items[0].amount').confidence.overall).toBeLessThan(0.8);
  }, 120_000);

  it('reads a table broken over two pages, its header not repeated, as one table', async () => {
    const rows = Array.from({ length: 70 }, (_, i) => [`Service line ${i + 1}`, '2', '10.00', '20.00']);
    const r = await read({ headers: ['Description', 'Quantity', 'Unit price', 'Amount'], rows, ruled: true, after: ['Total: 1,400.00'] });
    const lastRow = item(r, 'row[69].description');
    expect(lastRow.raw_text).toBe('Service line 70');
    expect(lastRow.provenance.anchors.find((a) => a.kind === 'page_region')).toMatchObject({ page_number: 2 });
    expect(sheetCell(lastRow)).toMatchObject({ sheet: 'page 1 table 1', row: 71 });
    expect(r.items.filter((i) => i.key.startsWith('line_items[') && i.key.endsWith('.amount'))).toHaveLength(70);
    expect(r.warnings.filter((w) => w.code === 'line_items_mismatch')).toEqual([]);
  }, 120_000);
});

describe('PDF tables drawn without LibreOffice', () => {
  it('reads the line items of an invoice drawn with pdf-lib and finds they add up to its total', async () => {
    const r = await runProcessor('prc_table_rows', { bytes: await makeInvoicePdf(), kind: 'pdf', filename: 'invoice.pdf' });
    expect(item(r, 'row[1].amount')).toMatchObject({ label: 'Amount', raw_text: '$10.00', value: { amount: 10, currency: 'USD' } });
    expect(r.items.filter((i) => i.key.startsWith('line_items[')).map((i) => [i.key, i.value])).toEqual([
      ['line_items[0].description', 'Widget'],
      ['line_items[0].quantity', 2],
      ['line_items[0].amount', 100],
      ['line_items[1].description', 'Shipping'],
      ['line_items[1].quantity', 1],
      ['line_items[1].amount', 10],
    ]);
    expect(r.warnings).toEqual([]);
    // The label/value lines above the table ("Vendor: Contoso Ltd") are no table.
    expect(r.items.filter((i) => i.key.startsWith('row[')).map((i) => sheetCell(i).sheet)).toEqual(Array(6).fill('page 1 table 1'));
  });

  it('names the columns of a table printed without a header, and keeps the tables of two statements apart', async () => {
    const r = await runProcessor('prc_table_rows', { bytes: await makeLongReportPdf(2), kind: 'pdf', filename: 'statements.pdf' });
    expect(item(r, 'page_1_table_1.row[0].column_1')).toMatchObject({ label: 'Column 1', raw_text: 'Item 1 of statement 0001' });
    expect(item(r, 'page_2_table_1.row[11].column_3').raw_text).toBe('$122.74');
    expect(r.items.filter((i) => i.key.endsWith('.column_3'))).toHaveLength(24);
  });
});
