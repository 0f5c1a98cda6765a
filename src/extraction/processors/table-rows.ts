/**
 * `prc_table_rows`: spreadsheet rows (xlsx through exceljs, csv through csv-parse) to items
 * keyed `row[i].<header>` (i 0-based over data rows), or by a header mapping
 * (`options.mapping: {header → key}`, occurrence_index = data row), with `sheet_cell` anchors.
 */
import { assignOccurrences, appendItems } from '../items.js';
import type { SheetData } from '../sheet-reader.js';
import { sheetCellItems, sheetPrefix } from '../tables/table-cell-items.js';
import type { ExtractedItem, ProcessorDefinition, ProcessorInput, ProcessorResult } from '../types.js';
import { engineVersions } from '../engine-versions.js';
import { readSheets, sheetsText } from '../loaders/sheets-to-layout.js';
import { countItemsPerPage, nativePage } from '../page-reports.js';
import { procError } from '../processing-error.js';
import type { LoadedDocument } from '../loaders/loaded-document.js';
import { readPdfTables } from '../tables/pdf-table-sheets.js';
import { invoiceLineItems } from '../tables/line-items.js';
import { strOpt } from '../processor-options.js';
import { tableItemTypes } from './item-types.js';

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
  for (const s of chosen) appendItems(items, sheetCellItems(s, o, all ? sheetPrefix(s, sheets.length) : ''));
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
  item_types: tableItemTypes(),
  defaults: { auto_validate_min_confidence: 0.95, review_below_confidence: 0.8 },
  extract: extractTableRows,
};
