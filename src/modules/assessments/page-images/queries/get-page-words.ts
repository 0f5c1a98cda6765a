/**
 * `GET /documents/{id}/pages/{page_number}/words`: the words of one page with their boxes, so the
 * review screen can set an item's value by clicking a word or drawing a box over the page image
 * (issue #32 item 7), and keep that box as the correction's provenance.
 *
 * The words are read from the file again, the way extraction reads it (a run keeps its plain
 * text, not its positions): a PDF page's text layer when it has a usable one, else tesseract on
 * the drawn page; an image upload by tesseract. Boxes are in the same frame as every
 * `page_region` anchor ([0,1], top-left origin), so a word's box can be one.
 *
 * Reading is CPU-bound (OCR most of all), so at most two pages are read at once per process and
 * a request beyond a short queue is refused with 503 rather than left waiting.
 */
import { createConcurrencyLimit } from '../../../../kernel/concurrency-limit.js';
import { DomainValidationError, ServiceUnavailableError } from '../../../../kernel/errors.js';
import { type OcrResult, type OcrPage, ocrImage, ocrPdfPages } from '../../../../extraction/ocr-engine.js';
import type { PositionedPage } from '../../../../extraction/pdf-text-model.js';
import { readPdfText } from '../../../../extraction/pdf-text-engine.js';
import type { Box } from '../../../../extraction/types.js';
import type { CommandContext } from '../../../context.js';
import type { AssessmentServices } from '../../assessment-services.js';
import { requireSourceDocument } from '../../uploads/require-source-document.js';
import { NOT_PAGED, outOfRange } from './get-page-image.js';

/** Budgets of one page's reading: the text layer, then OCR (the resolution extraction uses). */
const READ_BOUNDS = { text_timeout_ms: 30_000, ocr_timeout_ms: 60_000, ocr_dpi: 200 } as const;

const readSlots = createConcurrencyLimit(2, 16, 'too many pages are being read; retry in a moment');

export interface PageWord {
  text: string;
  box: Box;
  /** OCR word confidence in [0,1]; null for a text-layer word (it is not guessed). */
  confidence: number | null;
}

export interface PageWords {
  document_id: string;
  page_number: number;
  page_size: { width: number; height: number; unit: 'pt' | 'px' };
  text_source: 'text_layer' | 'ocr';
  words: PageWord[];
}

/**
 * @throws NotFoundError when the document is absent or another organization's, or the page is out of range.
 * @throws DomainValidationError when the file has no pages, or its page cannot be read.
 * @throws ServiceUnavailableError when OCR is needed and not installed, or too many pages are being read.
 */
export async function getPageWords(
  ctx: CommandContext,
  services: Pick<AssessmentServices, 'blobs'>,
  documentId: string,
  pageNumber: number,
): Promise<PageWords> {
  const doc = await requireSourceDocument(ctx, documentId);
  if (doc.kind !== 'pdf' && doc.kind !== 'image')
    throw new DomainValidationError(`document ${doc.id} has no page words: ${NOT_PAGED[doc.kind] ?? `a ${doc.kind} file has no pages`}`);
  const pageCount = doc.kind === 'image' ? 1 : doc.page_count;
  if (pageCount !== null && pageNumber > pageCount) throw outOfRange(pageNumber, pageCount);
  const bytes = await services.blobs.read(ctx.actor.org.orgId, doc.blob_key);
  const read = await readSlots.run(() => (doc.kind === 'image' ? ocrOf(ocrImage(bytes), pageNumber) : pdfPage(bytes, pageNumber)));
  return { document_id: doc.id, page_number: pageNumber, ...read };
}

type ReadPage = Omit<PageWords, 'document_id' | 'page_number'>;

function wordsOf(page: PositionedPage, source: ReadPage['text_source']): ReadPage {
  return {
    page_size: { width: page.width, height: page.height, unit: page.unit },
    text_source: source,
    words: page.lines.flatMap((line) => line.words.map((w) => ({ text: w.text, box: w.box, confidence: w.confidence ?? null }))),
  };
}

/** A PDF page by its text layer, or by OCR when the layer is missing or poor (as extraction's `auto` does). */
async function pdfPage(bytes: Buffer, pageNumber: number): Promise<ReadPage> {
  const read = await readPdfText(bytes, { max_pages: pageNumber, timeout_ms: READ_BOUNDS.text_timeout_ms, include_fields: false });
  if (!read.ok) throw new DomainValidationError(`page ${pageNumber} cannot be read: ${read.error.message}`);
  const page = read.value.pages.find((p) => p.page_number === pageNumber);
  if (!page) throw outOfRange(pageNumber, read.value.page_count);
  if (page.text_layer === 'present') return wordsOf(page, 'text_layer');
  const [ocr] = await ocrPdfPages(bytes, [page], { timeout_ms: READ_BOUNDS.ocr_timeout_ms, dpi: READ_BOUNDS.ocr_dpi });
  return ocrOf(Promise.resolve(ocr.result), pageNumber);
}

async function ocrOf(result: Promise<OcrResult<OcrPage>>, pageNumber: number): Promise<ReadPage> {
  const r = await result;
  if (r.ok) return wordsOf(r.value.page, 'ocr');
  if (r.error.code === 'needs_ocr') throw new ServiceUnavailableError(`the words of page ${pageNumber} need OCR: ${r.error.message}`);
  throw new DomainValidationError(`page ${pageNumber} could not be read by OCR: ${r.error.message}`);
}
