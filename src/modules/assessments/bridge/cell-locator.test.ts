import { describe, expect, it } from 'vitest';
import { cellLocator } from './cell-locator.js';

describe('cellLocator', () => {
  it('names a spreadsheet cell with its sheet, and a Word table cell counted from 1', () => {
    expect(cellLocator([{ kind: 'sheet_cell', sheet: 'Fees', ref: 'B4', row: 4, column: 2 }])).toBe('Fees!B4');
    expect(cellLocator([{ kind: 'sheet_cell', sheet: '', ref: 'C2', row: 2, column: 3 }])).toBe('C2');
    expect(cellLocator([{ kind: 'docx_block', block_index: 7, block_type: 'table_cell', table: { t: 0, r: 2, c: 1 }, start: 0, end: 4 }])).toBe(
      'table 1, row 3, cell 2',
    );
  });

  it('is null for a page or a paragraph: the page is named by its own field', () => {
    expect(
      cellLocator([{ kind: 'page_region', page_number: 2, page_size: { width: 595, height: 842, unit: 'pt' }, boxes: [], coord_origin: 'top_left' }]),
    ).toBeNull();
    expect(cellLocator([{ kind: 'docx_block', block_index: 1, block_type: 'paragraph', start: 0, end: 3 }])).toBeNull();
    expect(cellLocator([])).toBeNull();
  });
});
