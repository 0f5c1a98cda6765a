/**
 * Which engine reads (or, at upload, inspects) a PDF's text with positions: poppler (`pdf-text-poppler.ts`) when it is
 * installed, pdfjs (`pdf-text.ts`) otherwise, for what poppler does not do, and when a caller
 * pins it. The answer has the same shape either way (`PdfTextDocument`) and says which engine
 * read the text (`engine`), so the versions recorded with a run name the engine actually used.
 *
 * - poppler missing (a fresh machine running `npm start`): pdfjs reads, as before.
 * - a password given: pdfjs (poppler would take it on its command line, visible to `ps`).
 * - a file poppler refuses: pdfjs reads it, or gives its verdict (corrupt, encrypted) — the
 *   verdicts callers map to categorised errors stay pdfjs's.
 * - the time budget ran out or the read was stopped: that is the answer, not a second try.
 * - a form (AcroForm or XFA, from `pdfinfo`) or a rotated page: pdfjs reads the file (poppler
 *   draws form values into the text, and its boxes of a rotated page are in another frame).
 */
import { extractPdfText, inspectPdf, type PdfReadOptions, type PdfResult } from './pdf-text.js';
import type { PdfInspection, PdfTextDocument } from './pdf-text-model.js';
import { readPdfWithPoppler } from './pdf-text-poppler.js';

/** `auto`: poppler when installed (falling back to pdfjs as above); `pdfjs`: pdfjs only. */
export type PdfEngineChoice = 'auto' | 'pdfjs';

export interface PdfTextReadOptions extends PdfReadOptions {
  engine?: PdfEngineChoice;
}

/** The engine choice of a processor's `pdf_engine` option (anything but 'pdfjs' is `auto`). */
export function engineChoiceOf(option: unknown): PdfEngineChoice {
  return option === 'pdfjs' ? 'pdfjs' : 'auto';
}

/**
 * Positioned text, form fields and the text-layer verdict of a PDF, within the page and time
 * budgets, by the engine chosen as described above. Never throws.
 */
export async function readPdfText(bytes: Uint8Array, options: PdfTextReadOptions = {}): Promise<PdfResult<PdfTextDocument>> {
  const { engine = 'auto', ...rest } = options;
  if (engine === 'pdfjs' || rest.password !== undefined) return extractPdfText(bytes, rest);
  const timeoutMs = rest.timeout_ms ?? 30_000;
  const started = Date.now();
  // Pages handed to the caller by poppler before it gave up would come again from pdfjs.
  let handed = 0;
  const read = await readPdfWithPoppler(bytes, {
    timeout_ms: timeoutMs,
    max_pages: rest.max_pages ?? 300,
    signal: rest.signal,
    onPage: (page) => {
      handed += 1;
      rest.onPage?.(page);
    },
  });
  if (!read.ok) {
    if (read.failure.kind === 'error') return { ok: false, error: read.failure.error };
    if (handed > 0)
      return {
        ok: false,
        error: {
          code: 'pdf_error',
          message: `PDF reading failed after ${handed} page(s): ${read.failure.kind === 'refused' ? read.failure.message : 'poppler stopped'}`,
          engine: 'poppler',
        },
      };
    // pdfjs gets what is left of the budget (at least a second: its verdict may be quick).
    const left = Math.max(1000, timeoutMs - (Date.now() - started));
    return extractPdfText(bytes, { ...rest, timeout_ms: left });
  }
  const { version, ...document } = read.value;
  // A file with a form went to pdfjs (`notForPoppler`): a file read by poppler has no fields.
  return { ok: true, value: { ...document, fields: [], engine: { name: 'poppler', version } } };
}

/**
 * Upload inspection: page count, the text-layer verdict of the first `sample_pages` pages and
 * the form's field counts, by the engine chosen as for `readPdfText` (a file with a form is
 * pdfjs's, which counts its fields). poppler spares the upload starting a pdfjs thread.
 */
export async function inspectPdfText(bytes: Uint8Array, options: PdfTextReadOptions = {}): Promise<PdfResult<PdfInspection>> {
  const { engine = 'auto', ...rest } = options;
  if (engine === 'pdfjs' || rest.password !== undefined) return inspectPdf(bytes, rest);
  const timeoutMs = rest.timeout_ms ?? 15_000;
  const started = Date.now();
  const read = await readPdfWithPoppler(bytes, { timeout_ms: timeoutMs, max_pages: rest.sample_pages ?? 5, signal: rest.signal });
  if (read.ok) {
    const { page_count, pages_processed, text_layer, version } = read.value;
    return {
      ok: true,
      value: { page_count, text_layer, sampled_pages: pages_processed, field_count: 0, filled_field_count: 0, engine: { name: 'poppler', version } },
    };
  }
  if (read.failure.kind === 'error') return { ok: false, error: read.failure.error };
  return inspectPdf(bytes, { ...rest, timeout_ms: Math.max(1000, timeoutMs - (Date.now() - started)) });
}
