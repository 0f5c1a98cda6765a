/**
 * A PDF's tables as sheets, for `prc_table_rows`: the pages as the other processors read them
 * (text layer, OCR where the policy says), the drawn lines from pdf.js, and the tables of each page.
 */
import { loadPdf } from '../loaders/pdf-to-layout.js';
import type { LoadedDocument, OcrMode } from '../loaders/loaded-document.js';
import type { SheetData } from '../sheet-reader.js';
import type { ProcessorInput } from '../types.js';
import { numOpt } from '../processor-options.js';
import { type PageRulings, readPdfRulings } from './pdf-rulings.js';
import { pageTableSheets } from './page-tables.js';

/** The loaded PDF and its tables as sheets. */
export interface PdfTables {
  loaded: LoadedDocument;
  sheets: SheetData[];
}

/** Reads the tables of a PDF. Drawn lines that cannot be read leave the aligned (unruled) tables only. */
export async function readPdfTables(input: ProcessorInput, mode: OcrMode): Promise<PdfTables> {
  const loaded = await loadPdf(input, mode);
  return { loaded, sheets: await tablesOfLoadedPdf(input, loaded) };
}

/** The tables of a PDF already loaded (text layer or OCR), as sheets "page P table T". */
export async function tablesOfLoadedPdf(input: ProcessorInput, loaded: LoadedDocument): Promise<SheetData[]> {
  if (loaded.positioned.length === 0) return [];
  let rulings: PageRulings[] = [];
  try {
    rulings = await readPdfRulings(input.bytes, numOpt(input.options, 'max_pages', 300), numOpt(input.options, 'tables_timeout_ms', 10_000));
  } catch {
    rulings = [];
  }
  const ocrPages = new Set(loaded.pages.filter((p) => p.method === 'ocr').map((p) => p.page_number));
  // Drawn lines are in the page's unrotated space; a rotated page's words are not, nor is a scan's text.
  const usable = rulings.filter((r) => !ocrPages.has(r.page_number) && loaded.positioned.find((p) => p.page_number === r.page_number)?.rotation === 0);
  return pageTableSheets(loaded.positioned, usable, (p) => (ocrPages.has(p.page_number) ? 'ocr' : 'text_layer'));
}
