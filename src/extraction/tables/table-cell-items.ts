/**
 * One item per table cell, whatever the table came from (a CSV, a workbook sheet, a PDF page):
 * keyed `row[i].<header>` (i 0-based over data rows) or by a header mapping, labelled with the
 * header, anchored to the cell (`sheet_cell`, plus the page box and text span of a PDF cell).
 * Shared by `prc_table_rows` and `prc_generic_fields`, so the same table gives the same items.
 */
import { makeConfidence, makeItem, slugify } from '../items.js';
import { normalizeLabel } from '../label-value.js';
import { type SheetCell, type SheetData, columnLetters } from '../sheet-reader.js';
import type { ExtractedItem } from '../types.js';
import { numOpt } from '../processor-options.js';
import { defaultHeaderRow, mergedHeaderNames } from './header-row.js';

/** Extraction confidence of a cell read under a header: the read is exact, the header→key mapping is structural. */
export const CELL_CONFIDENCE = 0.95;

/**
 * The table's columns: every column the header row or any data row uses, so that a column under
 * an empty header cell, or one only longer rows reach, is named "Column N" and never dropped.
 */
export function tableHeaders(
  headerCells: SheetCell[],
  dataRows: SheetData['rows'],
  mergedNames: ReadonlyMap<number, string> = new Map(),
): Array<{ column: number; text: string }> {
  const columns = new Set<number>(headerCells.map((c) => c.column));
  for (const r of dataRows) for (const c of r.cells) columns.add(c.column);
  const named = new Map([...mergedNames, ...headerCells.map((c): [number, string] => [c.column, c.text.trim()])]);
  return [...columns].sort((a, b) => a - b).map((column) => ({ column, text: named.get(column) || `Column ${column}` }));
}

/** Options: `header_row` (1-based; default the first row), `mapping` {header → key} (only mapped columns then). */
export function sheetCellItems(sheet: SheetData, o: Record<string, unknown>, prefix: string): ExtractedItem[] {
  const headerRowNo = numOpt(o, 'header_row', 0);
  const headerRow = headerRowNo > 0 ? sheet.rows.find((r) => r.row === headerRowNo) : defaultHeaderRow(sheet);
  if (!headerRow) return [];
  const mapping = typeof o.mapping === 'object' && o.mapping !== null ? (o.mapping as Record<string, unknown>) : null;
  const mapByNorm = new Map<string, string>();
  if (mapping) for (const [h, k] of Object.entries(mapping)) if (typeof k === 'string') mapByNorm.set(normalizeLabel(h), k);
  const dataRows = sheet.rows.filter((r) => r.row > headerRow.row);
  const headers = tableHeaders(headerRow.cells, dataRows, mergedHeaderNames(sheet, headerRow.row));
  const items: ExtractedItem[] = [];
  dataRows.forEach((row, i) => {
    for (const h of headers) {
      const mappedKey = mapping ? mapByNorm.get(normalizeLabel(h.text)) : undefined;
      if (mapping && !mappedKey) continue;
      const key = mappedKey ?? `${prefix}row[${i}].${slugify(h.text)}`;
      const cell: SheetCell | undefined = row.cells.find((c) => c.column === h.column);
      const ref = cell?.ref ?? `${columnLetters(h.column)}${row.row}`;
      const anchors: ExtractedItem['provenance']['anchors'] = [{ kind: 'sheet_cell', sheet: sheet.name, ref, row: row.row, column: h.column }];
      if (cell?.anchors) anchors.push(...cell.anchors);
      const state = cell ? cell.state : 'blank';
      items.push(
        makeItem({
          key,
          label: h.text,
          value_type: cell ? cell.value_type : 'string',
          value_state: state,
          value: state === 'present' && cell ? cell.value : null,
          raw_text: cell && cell.text !== '' ? cell.text : null,
          quote: cell?.text ?? '',
          text_source: sheet.text_source ?? 'native',
          anchors,
          confidence: makeConfidence('table_cell', state === 'present' ? CELL_CONFIDENCE : null),
        }),
      );
    }
  });
  return items;
}

/** The key prefix of a sheet's cells: none when it is the only sheet read, else the sheet's name as a slug. */
export function sheetPrefix(sheet: SheetData, sheetCount: number): string {
  return sheetCount > 1 ? `${slugify(sheet.name)}.` : '';
}
