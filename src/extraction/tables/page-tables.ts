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

/** A found table as a sheet (rows and columns 1-based, row 1 the header). */
export function tableAsSheet(page: PositionedPage, table: FoundTable, index: number, textSource: TextSource): SheetData {
  const rows: SheetData['rows'] = [];
  for (let r = 1; r <= table.rows; r++) {
    const cells: SheetCell[] = table.cells
      .filter((c) => c.row === r && c.text !== '')
      .map((c) => ({
        row: r,
        column: c.column,
        ref: `${columnLetters(c.column)}${r}`,
        text: c.text,
        formula: null,
        ...inferFieldType(c.text),
        anchors: cellAnchors(page, c),
      }));
    if (cells.length > 0) rows.push({ row: r, cells });
  }
  return { name: `page ${page.page_number} table ${index}`, rows, text_source: textSource };
}

/** Every table of every page as sheets, in page order. */
export function pageTableSheets(pages: PositionedPage[], rulings: PageRulings[], textSource: (p: PositionedPage) => TextSource): SheetData[] {
  const out: SheetData[] = [];
  for (const page of pages) {
    const found = findPageTables(
      page,
      rulings.find((r) => r.page_number === page.page_number),
    );
    found.forEach((t, i) => out.push(tableAsSheet(page, t, i + 1, textSource(page))));
  }
  return out;
}
