/**
 * The cell an extracted value was read from, as a reader finds it again: the Sources list of an
 * export names it after the file (a page is named by its own field).
 */
import type { Anchor } from '../../../extraction/types.js';

/** `Fees!B4` for a spreadsheet cell, `table 1, row 2, cell 3` for a Word table cell (1-based, as people count), else null. */
export function cellLocator(anchors: readonly Anchor[]): string | null {
  for (const anchor of anchors) {
    if (anchor.kind === 'sheet_cell') return anchor.sheet ? `${anchor.sheet}!${anchor.ref}` : anchor.ref;
    if (anchor.kind === 'docx_block' && anchor.table) return `table ${anchor.table.t + 1}, row ${anchor.table.r + 1}, cell ${anchor.table.c + 1}`;
  }
  return null;
}
