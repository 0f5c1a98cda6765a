/**
 * The items of a loaded PDF's tables, for the processors that read other things too
 * (`prc_generic_fields`): one item per cell exactly as `prc_table_rows` gives them, and the
 * invoice line items of the first line-item table, checked against the subtotal or total.
 */
import { appendItems } from '../items.js';
import type { LoadedDocument } from '../loaders/loaded-document.js';
import type { ExtractedItem, ProcessingWarning, ProcessorInput } from '../types.js';
import { invoiceLineItems } from './line-items.js';
import { tablesOfLoadedPdf } from './pdf-table-sheets.js';
import { sheetCellItems, sheetPrefix } from './table-cell-items.js';

/** Cell items and line items of the PDF's tables, with the line items' mismatch warnings. */
export async function pdfTableItems(input: ProcessorInput, loaded: LoadedDocument): Promise<{ items: ExtractedItem[]; warnings: ProcessingWarning[] }> {
  const sheets = await tablesOfLoadedPdf(input, loaded);
  const items: ExtractedItem[] = [];
  // Header rows and mappings are `prc_table_rows` options; here every table is read by its first row.
  for (const s of sheets) appendItems(items, sheetCellItems(s, {}, sheetPrefix(s, sheets.length)));
  const lineItems = invoiceLineItems(sheets, loaded.text);
  appendItems(items, lineItems.items);
  return { items, warnings: lineItems.warnings };
}
