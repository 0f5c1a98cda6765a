/**
 * `prc_table_rows`: spreadsheet rows (xlsx through exceljs, csv through csv-parse) to items
 * keyed `row[i].<header>` (i 0-based over data rows), or by a header mapping
 * (`options.mapping: {header → key}`, occurrence_index = data row), with `sheet_cell` anchors.
 */
import { assignOccurrences, makeConfidence, makeItem, slugify, appendItems } from '../items.js';
import { normalizeLabel } from '../label-value.js';
import { type SheetCell, type SheetData, columnLetters } from '../sheet-reader.js';
import type { ExtractedItem, ProcessorDefinition, ProcessorInput, ProcessorResult } from '../types.js';
import { engineVersions } from '../engine-versions.js';
import { readSheets, sheetsText } from '../loaders/sheets-to-layout.js';
import { countItemsPerPage, nativePage } from '../page-reports.js';
import { procError } from '../processing-error.js';
import { numOpt, strOpt } from '../processor-options.js';

/** Extraction confidence of a cell read under a header: the read is exact, the header→key mapping is structural. */
const CELL_CONFIDENCE = 0.95;

/**
 * The table's columns: every column the header row or any data row uses, so that a column under
 * an empty header cell, or one only longer rows reach, is named "Column N" and never dropped.
 */
export function tableHeaders(headerCells: SheetCell[], dataRows: SheetData['rows']): Array<{ column: number; text: string }> {
  const columns = new Set<number>(headerCells.map((c) => c.column));
  for (const r of dataRows) for (const c of r.cells) columns.add(c.column);
  const named = new Map(headerCells.map((c) => [c.column, c.text.trim()]));
  return [...columns].sort((a, b) => a - b).map((column) => ({ column, text: named.get(column) || `Column ${column}` }));
}

function sheetItems(sheet: SheetData, o: Record<string, unknown>, prefix: string): ExtractedItem[] {
  const headerRowNo = numOpt(o, 'header_row', 0);
  const headerRow = headerRowNo > 0 ? sheet.rows.find((r) => r.row === headerRowNo) : sheet.rows[0];
  if (!headerRow) return [];
  const mapping = typeof o.mapping === 'object' && o.mapping !== null ? (o.mapping as Record<string, unknown>) : null;
  const mapByNorm = new Map<string, string>();
  if (mapping) for (const [h, k] of Object.entries(mapping)) if (typeof k === 'string') mapByNorm.set(normalizeLabel(h), k);
  const dataRows = sheet.rows.filter((r) => r.row > headerRow.row);
  const headers = tableHeaders(headerRow.cells, dataRows);
  const items: ExtractedItem[] = [];
  dataRows.forEach((row, i) => {
    for (const h of headers) {
      const mappedKey = mapping ? mapByNorm.get(normalizeLabel(h.text)) : undefined;
      if (mapping && !mappedKey) continue;
      const key = mappedKey ?? `${prefix}row[${i}].${slugify(h.text)}`;
      const cell: SheetCell | undefined = row.cells.find((c) => c.column === h.column);
      const ref = cell?.ref ?? `${columnLetters(h.column)}${row.row}`;
      const anchors: ExtractedItem['provenance']['anchors'] = [{ kind: 'sheet_cell', sheet: sheet.name, ref, row: row.row, column: h.column }];
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
          text_source: 'native',
          anchors,
          confidence: makeConfidence('table_cell', state === 'present' ? CELL_CONFIDENCE : null),
        }),
      );
    }
  });
  return items;
}

/** Options: `sheet` (name) or `sheets: 'all'`, `header_row` (1-based), `mapping` {header → key}, `delimiter` (csv). */
export async function extractTableRows(input: ProcessorInput): Promise<ProcessorResult> {
  const o = input.options ?? {};
  const versions = await engineVersions([input.kind === 'xlsx' ? 'sheet' : 'csv']);
  let sheets: SheetData[];
  try {
    sheets = await readSheets(input);
  } catch (err) {
    return {
      items: [],
      pages: [],
      text: '',
      errors: [procError('corrupt', 'source_unavailable', input.kind, `${input.kind} cannot be read: ${String(err)}`)],
      warnings: [],
      engine_versions: versions,
    };
  }
  const wanted = strOpt(o, 'sheet');
  const all = o.sheets === 'all';
  let chosen = wanted ? sheets.filter((s) => s.name === wanted) : all ? sheets : sheets.filter((s) => s.rows.length > 0).slice(0, 1);
  const warnings = wanted && chosen.length === 0 ? [{ code: 'sheet_not_found', message: `sheet "${wanted}" not found`, page_number: null }] : [];
  if (chosen.length === 0 && !wanted) chosen = sheets.slice(0, 1);
  const items: ExtractedItem[] = [];
  for (const s of chosen) appendItems(items, sheetItems(s, o, all && sheets.length > 1 ? `${slugify(s.name)}.` : ''));
  assignOccurrences(items);
  return { items, pages: countItemsPerPage(items, [nativePage(null)]), text: sheetsText(chosen), errors: [], warnings, engine_versions: versions };
}

/** The processor definition. */
export const tableRowsProcessor: ProcessorDefinition = {
  id: 'prc_table_rows',
  name: 'table-rows',
  version: '1.0.0',
  display_name: 'Table rows (xlsx, csv)',
  description: 'Spreadsheet and CSV rows to items by header, with cell addresses, formula results and dates',
  state: 'enabled',
  supported_kinds: ['xlsx', 'csv'],
  capabilities: { page_regions: false, text_spans: false, ocr: false, tables: true, line_items: true },
  item_types: [
    {
      key: 'row[*].*',
      label: 'Row cell',
      value_type: 'string',
      occurrence: 'optional_multiple',
      description:
        'Cell of data row i under a header (header as a slug); the value type follows the cell (number, money by number format, percent, date, boolean, string)',
      example: 'row[0].amount',
      checks: [],
    },
  ],
  defaults: { auto_validate_min_confidence: 0.95, review_below_confidence: 0.8 },
  extract: extractTableRows,
};
