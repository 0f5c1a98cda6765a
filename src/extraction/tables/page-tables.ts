/**
 * The tables of PDF pages as sheets: ruled tables from the drawn lines first, then unruled ones
 * from word alignment on the rest of the page. Each table becomes a sheet named "page P table T"
 * whose cells carry the same typing a CSV cell gets plus their page box and text span, so a
 * table reads the same whether it came as a CSV or printed in a PDF.
 */
import type { PositionedPage } from '../pdf-text-model.js';
import { type SheetCell, type SheetData, columnLetters, inferFieldType } from '../sheet-reader.js';
import type { Anchor, TextSource } from '../types.js';
import { findAlignedTables } from './aligned-tables.js';
import type { PageRulings } from './pdf-rulings.js';
import { findRuledTables } from './ruled-tables.js';
import type { FoundCell, FoundTable } from './table-model.js';

/** The tables of one page: ruled, then aligned outside them, top to bottom. */
export function findPageTables(page: PositionedPage, rulings: PageRulings | undefined): FoundTable[] {
  const ruled = findRuledTables(page, rulings);
  return [...ruled, ...findAlignedTables(page, ruled)].sort((a, b) => a.box.y - b.box.y);
}

function cellAnchors(page: PositionedPage, cell: FoundCell): Anchor[] {
  const anchors: Anchor[] = [
    {
      kind: 'page_region',
      page_number: page.page_number,
      page_size: { width: page.width, height: page.height, unit: page.unit },
      boxes: [cell.box],
      coord_origin: 'top_left',
    },
  ];
  if (cell.words.length > 0) {
    const start = Math.min(...cell.words.map((w) => w.start));
    const end = Math.max(...cell.words.map((w) => w.end));
    anchors.push({ kind: 'text_span', start, end, unit: 'utf16' });
  }
  return anchors;
}

/** A found table's rows as sheet rows, numbered from `firstRow` (1 for a table's own header row). */
function sheetRows(page: PositionedPage, table: FoundTable, firstRow: number): SheetData['rows'] {
  const rows: SheetData['rows'] = [];
  for (let r = 1; r <= table.rows; r++) {
    const row = firstRow + r - 1;
    const cells: SheetCell[] = table.cells
      .filter((c) => c.row === r && c.text !== '')
      .map((c) => ({
        row,
        column: c.column,
        ref: `${columnLetters(c.column)}${row}`,
        text: c.text,
        formula: null,
        ...inferFieldType(c.text),
        anchors: cellAnchors(page, c),
      }));
    if (cells.length > 0) rows.push({ row, cells });
  }
  return rows;
}

const typedCells = (row: SheetData['rows'][number] | undefined): number => (row ? row.cells.filter((c) => c.value_type !== 'string').length : 0);

/**
 * A found table as a sheet (rows and columns 1-based, row 1 the header). A table whose first row
 * holds numbers, dates or amounts has no header printed: it gets an empty header row 0, so its
 * columns are "Column N" and its first row is data.
 */
export function tableAsSheet(page: PositionedPage, table: FoundTable, index: number, textSource: TextSource): SheetData {
  const rows = sheetRows(page, table, 1);
  if (typedCells(rows[0]) > 0) rows.unshift({ row: 0, cells: [] });
  return { name: `page ${page.page_number} table ${index}`, rows, text_source: textSource };
}

/** Lines a running header or footer may take above or below a table broken over pages. */
const RUNNING_LINES = 3;

interface Placed {
  sheet: SheetData;
  table: FoundTable;
  page: PositionedPage;
}

/**
 * True when `table`, the first on its page, continues `previous`, the last table of the page
 * before: that one ends its page and this one starts its own (a running header or footer
 * aside), as many columns, a header of words above, and a first row of data (a number, date or
 * amount) where a header would be — a table broken over a page without its header repeated.
 */
function continues(previous: Placed | null, page: PositionedPage, table: FoundTable): boolean {
  if (!previous || previous.page.page_number !== page.page_number - 1 || previous.table.columns !== table.columns) return false;
  const bottom = previous.table.box.y + previous.table.box.h;
  const below = previous.page.lines.filter((l) => l.box.y > bottom).length;
  const above = page.lines.filter((l) => l.box.y + l.box.h < table.box.y).length;
  if (below > RUNNING_LINES || above > RUNNING_LINES) return false;
  const firstRow = sheetRows(page, table, 1)[0];
  return previous.sheet.rows[0].cells.every((c) => c.value_type === 'string') && typedCells(firstRow) > 0;
}

/** Every table of every page as sheets, in page order; a table broken over pages is one sheet. */
export function pageTableSheets(pages: PositionedPage[], rulings: PageRulings[], textSource: (p: PositionedPage) => TextSource): SheetData[] {
  const out: SheetData[] = [];
  let last: Placed | null = null;
  for (const page of pages) {
    const found = findPageTables(
      page,
      rulings.find((r) => r.page_number === page.page_number),
    );
    found.forEach((t, i) => {
      if (i === 0 && last && continues(last, page, t)) {
        const next = (last.sheet.rows[last.sheet.rows.length - 1]?.row ?? 0) + 1;
        for (const row of sheetRows(page, t, next)) last.sheet.rows.push(row);
        last = { ...last, table: t, page };
        return;
      }
      const sheet = tableAsSheet(page, t, i + 1, textSource(page));
      out.push(sheet);
      last = { sheet, table: t, page };
    });
    if (found.length === 0) last = null;
  }
  return out;
}
