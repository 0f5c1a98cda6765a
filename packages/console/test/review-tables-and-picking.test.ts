/**
 * The review screen's pure parts: which words a drawn box takes (by their centre, in reading
 * order) and the box kept for them; table items gathered into grids under their header names.
 */
import type { ExtractedItem, PageWords } from '@quire/client';
import { describe, expect, it } from 'vitest';
import { itemTables } from '../src/pages/assessments/item-tables';
import { nextUndecided } from '../src/pages/assessments/next-undecided';
import { pickedValue, wordsInside } from '../src/pages/assessments/pick-from-page';

const page: PageWords = {
  document_id: 'sdoc_1',
  page_number: 2,
  page_size: { width: 612, height: 792, unit: 'pt' },
  text_source: 'text_layer',
  words: [
    { text: 'Bill', box: { x: 0.1, y: 0.1, w: 0.05, h: 0.02 }, confidence: null },
    { text: 'Fabrikam', box: { x: 0.1, y: 0.13, w: 0.1, h: 0.02 }, confidence: null },
    { text: 'Inc', box: { x: 0.21, y: 0.13, w: 0.04, h: 0.02 }, confidence: null },
  ],
};

function item(key: string, label: string, value: string, extra: Partial<ExtractedItem> = {}): ExtractedItem {
  return {
    id: `itm_${key}`,
    key,
    label,
    value,
    value_text: value,
    validation: { status: 'pending', checks: [], blockers: [] },
    provenance: { quote: value, anchors: [] },
    ...extra,
  } as unknown as ExtractedItem;
}
const cell = (sheet: string, row: number, column: number) =>
  ({ provenance: { quote: '', anchors: [{ kind: 'sheet_cell', sheet, ref: 'A1', row, column }] } }) as Partial<ExtractedItem>;

describe('picking a value on the page', () => {
  it('takes the words whose centre is inside the drawn box, in reading order, with the box that holds them', () => {
    // The box reaches into "Bill" (its lower half) but not to its centre.
    const area = { x: 0.09, y: 0.115, w: 0.17, h: 0.04 };
    const picked = pickedValue(page, wordsInside(page.words, area));
    expect(picked).toEqual({
      text: 'Fabrikam Inc',
      page_number: 2,
      box: { x: 0.1, y: 0.13, w: 0.15, h: 0.02 },
      page_size: page.page_size,
      text_source: 'text_layer',
    });
  });

  it('gives nothing for a box with no word in it', () => {
    expect(pickedValue(page, wordsInside(page.words, { x: 0.5, y: 0.5, w: 0.1, h: 0.1 }))).toBeNull();
  });
});

describe('table items as grids', () => {
  it("gathers line items and a sheet's rows into grids, columns in the sheet's order and named by their labels", () => {
    const tables = itemTables([
      item('vendor.name', 'Vendor name', 'Contoso'),
      item('row[0].amount', 'Amount', '100', cell('Sheet1', 2, 3)),
      item('row[0].item', 'Item', 'Widget', cell('Sheet1', 2, 1)),
      item('row[1].item', 'Item', 'Shipping', cell('Sheet1', 3, 1)),
      item('line_items[0].description', 'Description', 'Widget'),
      item('line_items[0].amount', 'Amount', '100'),
    ]);
    expect(tables.map((t) => [t.title, t.rowHeader, t.columns.map((c) => c.label), t.rows.map((r) => r.label)])).toEqual([
      ['Table Sheet1', 'Row', ['Item', 'Amount'], ['2', '3']],
      ['Line items', 'Line', ['Description', 'Amount'], ['1']],
    ]);
    // A row without a cell of a column leaves it empty.
    expect(tables[0].rows[1].cells.get('amount')).toBeUndefined();
  });
});

describe('the next undecided item', () => {
  it('skips decided items, wraps to the top, and stays when nothing is left', () => {
    const decided = { validation: { status: 'validated', checks: [], blockers: [] } } as unknown as Partial<ExtractedItem>;
    const items = [item('a', 'A', '1'), item('b', 'B', '2', decided), item('c', 'C', '3', decided)];
    expect(nextUndecided(items, 'itm_b')?.id).toBe('itm_a');
    expect(nextUndecided([items[1], items[2]], 'itm_b')?.id).toBe('itm_b');
  });
});
