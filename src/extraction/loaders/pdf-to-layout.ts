/**
 * Where an uploaded PDF becomes a page layout: the text layer of each page (read by poppler, or
 * by pdfjs in its own worker: `pdf-text-engine.ts`), OCR for the pages the policy picks, one page report per page saying which of the
 * two was used and how good it was, and the pages rebased into one text with UTF-16 offsets.
 */
import { type LayoutDocument, layoutFromPages } from '../layout.js';
import { ocrPdfPages, rebasePages } from '../ocr-engine.js';
import { engineVersions, pdfEngineVersions } from '../engine-versions.js';
import { engineChoiceOf, readPdfText } from '../pdf-text-engine.js';
import type { PdfTextDocument, PositionedPage } from '../pdf-text-model.js';
import { procError } from '../processing-error.js';
import { numOpt, strOpt } from '../processor-options.js';
import { gradeFor } from '../text-quality.js';
import type { ErrorCategory, PageReport, ProcessingError, ProcessingWarning, ProcessorInput } from '../types.js';
import { type LoadedDocument, type OcrMode, type PageLayoutHook, unreadDocument } from './loaded-document.js';

type OcrPages = { ocrByPage: Map<number, { page: PositionedPage; ocr_score: number | null }>; ocrFailed: Map<number, string> };

/**
 * Loads a PDF: text layer per page, OCR where the policy says so and tesseract is available.
 * Options: `timeout_ms`, `max_pages`, `pdf_engine` ('pdfjs' pins pdfjs, e.g. to reproduce a run
 * read by it), `ocr_timeout_ms`, `ocr_lang`, `ocr_dpi`.
 */
export async function loadPdf(input: ProcessorInput, mode: OcrMode, onPage?: PageLayoutHook): Promise<LoadedDocument> {
  const o = input.options;
  const errors: ProcessingError[] = [];
  const warnings: ProcessingWarning[] = [];
  const hook = textLayerHook(onPage, mode);
  const res = await readPdfText(input.bytes, {
    timeout_ms: numOpt(o, 'timeout_ms', 60_000),
    max_pages: numOpt(o, 'max_pages', 300),
    engine: engineChoiceOf(o?.pdf_engine),
    onPage: hook?.onPage,
  });
  const listed = await engineVersions(mode === 'never' ? ['pdf'] : ['pdf', 'ocr']);
  if (!res.ok) {
    const category: ErrorCategory =
      res.error.code === 'timeout'
        ? 'timeout'
        : res.error.code === 'encrypted'
          ? 'policy'
          : res.error.code === 'corrupt'
            ? 'source_unavailable'
            : 'backend_failure';
    errors.push(procError(res.error.code, category, res.error.engine ?? 'pdfjs', res.error.message));
    return unreadDocument('text_layer', listed, errors, warnings);
  }
  const pdf = res.value;
  const versions = pdfEngineVersions(listed, pdf.engine, mode !== 'never');
  if (pdf.truncated)
    warnings.push({ code: 'page_budget_exceeded', message: `only the first ${pdf.pages_processed} of ${pdf.page_count} pages were read`, page_number: null });
  const ocr = await ocrWhereWanted(input, pdf, mode, errors, warnings);
  const { chosen, methods, reports } = choosePages(pdf.pages, ocr);
  const rebased = rebasePages(chosen);
  // Every page went through the hook (so none was OCR'd, and the offsets it saw are these).
  const pagesHooked = hook !== undefined && hook.hooked() === pdf.pages.length && ocr.ocrByPage.size === 0;
  // The whole document's layout is built when first read: a caller whose hook saw every page
  // has the pages' layouts already and mostly never reads it, and building it after the last
  // page was most of what stood between reading the PDF and the result (~40 ms for 170 pages).
  let layout: LayoutDocument | undefined;
  return {
    get layout(): LayoutDocument {
      layout ??= layoutFromPages(rebased.pages, (pg) => (methods.get(pg.page_number) === 'ocr' ? 'ocr' : 'text_layer'));
      return layout;
    },
    text: rebased.text,
    pages: reports,
    errors,
    warnings,
    engine_versions: versions,
    fields: pdf.fields,
    positioned: rebased.pages,
    pages_hooked: pagesHooked,
  };
}

/**
 * A page whose text layer is used as read goes to the hook now (OCR never replaces it unless
 * forced): its rules run while the next pages are read. Counts the pages it passed on.
 */
function textLayerHook(onPage: PageLayoutHook | undefined, mode: OcrMode) {
  if (!onPage || mode === 'force') return undefined;
  let hooked = 0;
  return {
    onPage: (page: PositionedPage) => {
      if (page.text_layer !== 'present') return;
      hooked += 1;
      onPage(layoutFromPages([page], 'text_layer'), page.page_number);
    },
    hooked: () => hooked,
  };
}

/** OCR of the pages the mode picks (all when forced, those without a usable text layer on auto); each failure is a warning or an error. */
async function ocrWhereWanted(
  input: ProcessorInput,
  pdf: PdfTextDocument,
  mode: OcrMode,
  errors: ProcessingError[],
  warnings: ProcessingWarning[],
): Promise<OcrPages> {
  const o = input.options;
  const wantOcr = pdf.pages.filter((p) => mode === 'force' || (mode === 'auto' && p.text_layer !== 'present'));
  const ocr: OcrPages = { ocrByPage: new Map(), ocrFailed: new Map() };
  if (wantOcr.length > 0) {
    const results = await ocrPdfPages(input.bytes, wantOcr, {
      timeout_ms: numOpt(o, 'ocr_timeout_ms', 60_000),
      lang: strOpt(o, 'ocr_lang'),
      dpi: numOpt(o, 'ocr_dpi', 200),
    });
    for (const r of results) {
      if (r.result.ok) ocr.ocrByPage.set(r.page_number, r.result.value);
      else {
        ocr.ocrFailed.set(r.page_number, r.result.error.message);
        const code = r.result.error.code;
        if (code === 'needs_ocr') warnings.push({ code: 'needs_ocr', message: r.result.error.message, page_number: r.page_number });
        else
          errors.push(
            procError(
              code === 'timeout' ? 'ocr_timeout' : 'ocr_failed',
              code === 'timeout' ? 'timeout' : 'backend_failure',
              'tesseract',
              r.result.error.message,
              r.page_number,
            ),
          );
      }
    }
  } else if (mode === 'never') {
    for (const p of pdf.pages) {
      if (p.text_layer !== 'present')
        warnings.push({ code: 'needs_ocr', message: `page has no usable text layer (${p.text_layer}); OCR disabled`, page_number: p.page_number });
    }
  }
  return ocr;
}

/** Per page, its OCR text when there is one, else its text layer, and the page report saying which and how good. */
function choosePages(pages: PositionedPage[], { ocrByPage, ocrFailed }: OcrPages) {
  const chosen: PositionedPage[] = [];
  const methods = new Map<number, 'text_layer' | 'ocr'>();
  const reports: PageReport[] = [];
  for (const p of pages) {
    const ocr = ocrByPage.get(p.page_number);
    const pw: ProcessingWarning[] = [];
    if (ocr) {
      chosen.push(ocr.page);
      methods.set(p.page_number, 'ocr');
      if (p.text_layer === 'poor')
        pw.push({ code: 'low_parse_quality', message: `text layer quality ${p.quality ?? 0}; OCR used`, page_number: p.page_number });
      reports.push({
        page_number: p.page_number,
        method: 'ocr',
        parse_score: p.quality,
        ocr_score: ocr.ocr_score,
        grade: gradeFor(ocr.ocr_score),
        item_count: 0,
        warnings: pw,
      });
    } else {
      chosen.push(p);
      methods.set(p.page_number, 'text_layer');
      if (p.text_layer !== 'present')
        pw.push({ code: 'needs_ocr', message: ocrFailed.get(p.page_number) ?? `no usable text layer (${p.text_layer})`, page_number: p.page_number });
      reports.push({
        page_number: p.page_number,
        method: 'text_layer',
        parse_score: p.quality,
        ocr_score: null,
        grade: gradeFor(p.quality),
        item_count: 0,
        warnings: pw,
      });
    }
  }
  return { chosen, methods, reports };
}
