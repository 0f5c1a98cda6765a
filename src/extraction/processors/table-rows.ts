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
import type { LoadedDocument } from '../loaders/loaded-document.js';
import { readPdfTables } from '../tables/pdf-table-sheets.js';
import { invoiceLineItems } from '../tables/line-items.js';
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

/** The sheets of the input: a workbook's or CSV's, or a PDF's tables (with the loaded PDF's text and page reports). */
async function inputSheets(input: ProcessorInput): Promise<{ sheets: SheetData[]; pdf: LoadedDocument | null }> {
  if (input.kind !== 'pdf') return { sheets: await readSheets(input), pdf: null };
  const ocr = strOpt(input.options ?? {}, 'ocr');
  const { loaded, sheets } = await readPdfTables(input, ocr === 'force' || ocr === 'never' ? ocr : 'auto');
  return { sheets, pdf: loaded };
}

/**
 * Options: `sheet` (name) or `sheets: 'all'`, `header_row` (1-based), `mapping` {header → key}, `delimiter` (csv). A PDF's
 * tables are all read (sheets "page P table T"; keys prefixed by the sheet when there are several).
 */
export async function extractTableRows(input: ProcessorInput): Promise<ProcessorResult> {
  const o = input.options ?? {};
  const versions = await engineVersions([input.kind === 'xlsx' ? 'sheet' : input.kind === 'pdf' ? 'pdf' : 'csv']);
  let read: Awaited<ReturnType<typeof inputSheets>>;
  try {
    read = await inputSheets(input);
  } catch (err) {
    const error = procError('corrupt', 'source_unavailable', input.kind, `${input.kind} cannot be read: ${String(err)}`);
    return { items: [], pages: [], text: '', errors: [error], warnings: [], engine_versions: versions };
  }
  const { sheets, pdf } = read;
  const wanted = strOpt(o, 'sheet');
  const all = o.sheets === 'all' || pdf !== null;
  let chosen = wanted ? sheets.filter((s) => s.name === wanted) : all ? sheets : sheets.filter((s) => s.rows.length > 0).slice(0, 1);
  const warnings = wanted && chosen.length === 0 ? [{ code: 'sheet_not_found', message: `sheet "${wanted}" not found`, page_number: null }] : [];
  if (chosen.length === 0 && !wanted) chosen = sheets.slice(0, 1);
  const items: ExtractedItem[] = [];
  for (const s of chosen) appendItems(items, sheetItems(s, o, all && sheets.length > 1 ? `${slugify(s.name)}.` : ''));
  const lineItems = invoiceLineItems(chosen, pdf?.text ?? sheetsText(chosen));
  appendItems(items, lineItems.items);
  assignOccurrences(items);
  if (!pdf) {
    return {
      items,
      pages: countItemsPerPage(items, [nativePage(null)]),
      text: sheetsText(chosen),
      errors: [],
      warnings: [...warnings, ...lineItems.warnings],
      engine_versions: versions,
    };
  }
  return {
    items,
    pages: countItemsPerPage(items, pdf.pages),
    text: pdf.text,
    errors: pdf.errors,
    warnings: [...warnings, ...pdf.warnings, ...lineItems.warnings],
    engine_versions: pdf.engine_versions,
  };
}

/** The processor definition. */
export const tableRowsProcessor: ProcessorDefinition = {
  id: 'prc_table_rows',
  name: 'table-rows',
  version: '1.0.0',
  display_name: 'Table rows (xlsx, csv, PDF tables)',
  description:
    'Spreadsheet, CSV and PDF table rows (ruled and unruled) to items by header, with cell addresses, page boxes, formula results and dates, and invoice line items checked against the totals',
  state: 'enabled',
  supported_kinds: ['xlsx', 'csv', 'pdf'],
  capabilities: { page_regions: true, text_spans: true, ocr: false, tables: true, line_items: true },
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
