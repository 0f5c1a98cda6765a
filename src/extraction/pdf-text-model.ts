/**
 * The positioned-text model shared by the PDF worker, the OCR engine and the processors, and
 * the messages between `pdf-text.ts` and `pdf-text.worker.ts`.
 * Boxes are normalised to [0,1] with a top-left origin; offsets are UTF-16 code units into the
 * document's full text (pages joined with a form feed, lines with a newline).
 */
import type { Box } from './types.js';

/** A word (maximal run of non-space characters) with its box. */
export interface PositionedWord {
  text: string;
  box: Box;
  /** Offsets into the document's full text. */
  start: number;
  end: number;
  /** OCR word confidence in [0,1]; absent for text-layer words. */
  confidence?: number;
}

/** A line of text, left to right, with its words. */
export interface PositionedLine {
  text: string;
  box: Box;
  start: number;
  end: number;
  /** Line height in page units (pt or px), used for proximity thresholds. */
  height: number;
  words: PositionedWord[];
}

/** Text-layer verdict of one page. */
export type PageTextLayer = 'present' | 'poor' | 'absent';

/** One page with positioned lines. */
export interface PositionedPage {
  page_number: number;
  width: number;
  height: number;
  unit: 'pt' | 'px';
  rotation: number;
  lines: PositionedLine[];
  /** The page's text (lines joined with '\n'). */
  text: string;
  /** Offset of the page text in the document's full text. */
  text_start: number;
  text_end: number;
  /** Text quality in [0,1] (see text-quality.ts); null when the page has no text. */
  quality: number | null;
  /** Visible (non-space) characters. */
  char_count: number;
  text_layer: PageTextLayer;
}

/** An AcroForm field value with its widget rectangle. */
export interface PdfFormField {
  name: string;
  type: 'text' | 'checkbox' | 'radio' | 'choice' | 'signature' | 'button' | 'unknown';
  /** Text → string; checkbox → boolean; radio → selected export value or null; list → string[]. */
  value: string | boolean | string[] | null;
  /** The raw /V value as pdfjs reports it (e.g. 'Off', 'Yes'). */
  raw_value: string | null;
  page_number: number | null;
  page_size: { width: number; height: number } | null;
  box: Box | null;
  read_only: boolean;
}

/** The whole extraction result of a PDF. */
export interface PdfTextDocument {
  page_count: number;
  pages_processed: number;
  /** True when the page budget stopped before the last page. */
  truncated: boolean;
  pages: PositionedPage[];
  /** Full text: pages joined with '\f'. */
  text: string;
  /** present: every processed page has a good text layer; absent: none; partial: some. */
  text_layer: 'present' | 'absent' | 'partial';
  fields: PdfFormField[];
  /** The engine that read the file (form fields are only ever read by pdfjs). */
  engine: PdfTextEngine;
}

/** A PDF text engine and its version: pdfjs-dist's package version, or poppler's `pdftotext -v`. */
export interface PdfTextEngine {
  name: 'pdfjs-dist' | 'poppler';
  version: string;
}

/** What the worker answers after the last page of `extract` (the pages came one by one before). */
export type PdfExtractSummary = Omit<PdfTextDocument, 'pages' | 'text'>;

/** Quick facts for upload validation. */
export interface PdfInspection {
  page_count: number;
  /** Verdict from a sample of the first pages. */
  text_layer: 'present' | 'absent' | 'partial';
  sampled_pages: number;
  field_count: number;
  /** Fields with a value filled in (text, a checked box, a chosen option); signatures and buttons never count. */
  filled_field_count: number;
  /** The engine that inspected the file. */
  engine: PdfTextEngine;
}

/** Error codes of PDF reading. */
export type PdfErrorCode = 'timeout' | 'encrypted' | 'corrupt' | 'worker_failed' | 'pdf_error';

/** A PDF reading error. */
export interface PdfError {
  code: PdfErrorCode;
  message: string;
  /** The engine whose verdict this is, when it is poppler's (pdfjs's otherwise). */
  engine?: 'poppler';
}

/** A task of the PDF worker. */
export interface PdfWorkerRequest {
  task: 'extract' | 'inspect';
  data: Uint8Array;
  max_pages: number;
  /** Pages sampled by `inspect` for the text-layer verdict. */
  sample_pages: number;
  include_fields: boolean;
  /**
   * `extract` only: which part of the pages this read covers when a long PDF is read by
   * several threads at once (see `pagesOfPart`). Offsets start at 0 in every part.
   */
  part?: { index: number; of: number };
  standard_font_data_url: string;
  cmap_url: string;
  password?: string;
}

/**
 * The PDF worker's answer to a task. An `extract` task is a conversation: each step is one
 * `PositionedPage`, in page order, and the answer is the summary.
 */
export type PdfWorkerResponse =
  { ok: true; task: 'extract'; result: PdfExtractSummary } | { ok: true; task: 'inspect'; result: PdfInspection } | { ok: false; error: PdfError };

/** Fewer pages than this are read by one thread: a second read would not pay for itself. */
export const MIN_PAGES_TO_SPLIT = 16;

/**
 * The pages (1-based, inclusive; empty when `first > last`) that part `index` of `of` reads of
 * the first `pageCount` pages: consecutive, as even as can be, in order. Below
 * `MIN_PAGES_TO_SPLIT` pages the first part reads them all.
 */
export function pagesOfPart(pageCount: number, index: number, of: number): { first: number; last: number } {
  if (pageCount < MIN_PAGES_TO_SPLIT) return index === 0 ? { first: 1, last: pageCount } : { first: 1, last: 0 };
  return { first: Math.floor((pageCount * index) / of) + 1, last: Math.floor((pageCount * (index + 1)) / of) };
}

/** The document's text-layer verdict from its pages' verdicts. */
export function layerVerdict(pages: Array<{ text_layer: string }>): 'present' | 'absent' | 'partial' {
  const good = pages.filter((p) => p.text_layer === 'present').length;
  if (pages.length > 0 && good === pages.length) return 'present';
  return good === 0 ? 'absent' : 'partial';
}
