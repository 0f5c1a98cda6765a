/**
 * What every loader produces: the source as a layout (lines of positioned segments, the input of
 * the label and table rules), its plain text, and the reports of reading it.
 */
import type { LayoutDocument } from '../layout.js';
import type { PdfFormField, PositionedPage } from '../pdf-text-model.js';
import type { PageReport, ProcessingError, ProcessingWarning, TextSource } from '../types.js';

/** OCR policy: `auto` OCRs pages without a usable text layer, `force` OCRs every page, `never` none. */
export type OcrMode = 'auto' | 'force' | 'never';

/**
 * Called with the layout of one page of a PDF as soon as it is read, when that page's text will
 * be in the document as it is (its text layer is used, not OCR): a processor whose rules work
 * page by page can run them while the next pages are read. Pages come in order.
 */
export type PageLayoutHook = (layout: LayoutDocument, pageNumber: number) => void;

/** A document loaded into a layout, with reports. */
export interface LoadedDocument {
  layout: LayoutDocument;
  text: string;
  pages: PageReport[];
  errors: ProcessingError[];
  warnings: ProcessingWarning[];
  engine_versions: Record<string, string>;
  fields: PdfFormField[];
  /** Positioned pages (PDF and images). */
  positioned: PositionedPage[];
  /**
   * True when every page of `layout` went through the `PageLayoutHook`, with the offsets it has
   * here: the hook's results are the document's. False otherwise (no hook, a page OCR'd).
   */
  pages_hooked?: boolean;
}

/**
 * A source that could not be read: no lines, no pages, the errors that say why. Processors still
 * report it (with the engine versions) rather than throw, so a run ends with categorised errors.
 */
export function unreadDocument(
  source: TextSource,
  engineVersions: Record<string, string>,
  errors: ProcessingError[],
  warnings: ProcessingWarning[] = [],
): LoadedDocument {
  return {
    layout: { lines: [], text_source: source, below_max_gap: 2 },
    text: '',
    pages: [],
    errors,
    warnings,
    engine_versions: engineVersions,
    fields: [],
    positioned: [],
  };
}
