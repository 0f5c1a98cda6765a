/**
 * Which row of a sheet is its header when the user did not say (`header_row`): the first row,
 * unless the sheet opens with title lines — rows of a single cell ("Orders export - March 2024",
 * "Stand: 31.03.2024", a title merged across the table) above a row of two or more text cells.
 * A single-cell first row above numbers is a header with empty cells beside it, and stays one.
 * Only a file's own cells (CSV, workbook): a PDF table's rows come from the page's layout.
 */
import type { SheetData } from '../sheet-reader.js';

/** At most this many title lines are skipped (the CSV dialect check skips as many: csv-dialect.ts). */
export const MAX_TITLE_ROWS = 5;

const TEXT_TYPES = new Set(['string', 'email']);

export function defaultHeaderRow(sheet: SheetData): SheetData['rows'][number] | undefined {
  const first = sheet.rows[0];
  if (!first || (sheet.text_source !== undefined && sheet.text_source !== 'native')) return first;
  const at = sheet.rows.findIndex((r) => r.cells.length >= 2);
  if (at <= 0 || at > MAX_TITLE_ROWS) return first;
  const candidate = sheet.rows[at];
  // A header is words: a row with a number or a date under single-cell rows is data under a header.
  return candidate.cells.every((c) => TEXT_TYPES.has(c.value_type)) ? candidate : first;
}

/** Header names of columns a merged header cell covers: the merge's text for each of them. */
export function mergedHeaderNames(sheet: SheetData, headerRow: number): Map<number, string> {
  const names = new Map<number, string>();
  const row = sheet.rows.find((r) => r.row === headerRow);
  for (const m of sheet.merged ?? []) {
    if (m.row !== headerRow || m.master.row !== headerRow) continue;
    const master = row?.cells.find((c) => c.column === m.master.column);
    if (master && master.text.trim() !== '') names.set(m.column, master.text.trim());
  }
  return names;
}
