/**
 * `GET /documents/{id}/pages/{page_number}/image`: a page of a source document as an image, so
 * the review screen can draw each item's `page_region` boxes over the page they came from.
 *
 * - A PDF page is drawn by poppler (render-pdf-page.ts) once per page and resolution and kept in
 *   the blob store (`page_images` rows); later requests stream the kept PNG.
 * - An image upload IS its only page: its own bytes are served.
 * - A .docx, a spreadsheet, CSV or plain text has no pages to draw (its anchors are paragraphs
 *   and cells, not regions): 422 saying so.
 *
 * Drawing is CPU-bound, so at most two pages draw at once per process, and a request beyond a
 * short queue is refused with 503 rather than left waiting (kernel/concurrency-limit.ts).
 */
import { Readable } from 'node:stream';
import { createConcurrencyLimit } from '../../../../kernel/concurrency-limit.js';
import { DomainValidationError, NotFoundError, ServiceUnavailableError } from '../../../../kernel/errors.js';
import { renderPdfPage } from '../../../../extraction/render-pdf-page.js';
import type { CommandContext } from '../../../context.js';
import type { AssessmentServices } from '../../assessment-services.js';
import type { SourceDocumentRecord } from '../../uploads/source-document.repository.js';
import { requireSourceDocument } from '../../uploads/require-source-document.js';

/** The resolution bounds of the endpoint (the schema shows them) and the default. */
export const PAGE_IMAGE_DPI = { min: 36, max: 300, default: 110 } as const;

/** Bounds of one drawing: the longer side in pixels, the subprocess time, the PNG size. */
const RENDER_BOUNDS = { max_side_px: 4_000, timeout_ms: 20_000, max_output_bytes: 32 * 1024 * 1024 } as const;

const renderSlots = createConcurrencyLimit(2, 16, 'too many pages are being drawn; retry in a moment');

/** What the route streams. */
export interface PageImage {
  content_type: string;
  /** Quoted; changes with the file, the page and the resolution. */
  etag: string;
  size_bytes: number;
  /** Null when the dimensions are unknown (an image in a format whose header we do not read). */
  width: number | null;
  height: number | null;
  /** Whether a kept rendering was served (`x-page-image-cache: hit`). */
  cached: boolean;
  open(): Promise<Readable>;
}

/** Why each kind without pages has none: the anchors the review screen uses instead. */
export const NOT_PAGED: Record<string, string> = {
  docx: 'a .docx has no fixed pages; its items point at paragraphs and table cells (docx_block anchors)',
  xlsx: 'a spreadsheet has no pages; its items point at cells (sheet_cell anchors)',
  csv: 'a CSV file has no pages; its items point at cells (sheet_cell anchors)',
  text: 'a text file has no pages; its items point at text spans (text_span anchors)',
};

/**
 * @throws NotFoundError when the document is absent or another organization's, or the page is out of range.
 * @throws DomainValidationError when the file has no pages to draw, or the PDF cannot be drawn.
 * @throws ServiceUnavailableError when poppler is missing or too many pages are being drawn.
 */
export async function getPageImage(
  ctx: CommandContext,
  services: Pick<AssessmentServices, 'blobs'>,
  documentId: string,
  pageNumber: number,
  dpi: number,
): Promise<PageImage> {
  const doc = await requireSourceDocument(ctx, documentId);
  const orgId = ctx.actor.org.orgId;
  if (doc.kind === 'image') {
    if (pageNumber !== 1) throw outOfRange(pageNumber, 1);
    return await originalImage(services, orgId, doc);
  }
  if (doc.kind !== 'pdf') throw new DomainValidationError(`document ${doc.id} has no page images: ${NOT_PAGED[doc.kind] ?? `a ${doc.kind} file has no pages`}`);
  if (doc.page_count !== null && pageNumber > doc.page_count) throw outOfRange(pageNumber, doc.page_count);

  const kept = await ctx.repos.pageImages.find(orgId, doc.id, pageNumber, dpi);
  if (kept && (await services.blobs.size(orgId, kept.blob_key)) !== null) {
    return png(services, orgId, doc, pageNumber, dpi, kept.blob_key, kept, true);
  }
  const drawn = await renderSlots.run(async () => renderPdfPage(await services.blobs.read(orgId, doc.blob_key), pageNumber, { dpi, ...RENDER_BOUNDS }));
  if (!drawn.ok) {
    const e = drawn.error;
    if (e.code === 'page_out_of_range') throw outOfRange(pageNumber, e.page_count);
    if (e.code === 'tool_missing') throw new ServiceUnavailableError(`page images are unavailable: ${e.message}`);
    throw new DomainValidationError(`page ${pageNumber} of document ${doc.id} could not be drawn: ${e.message}`);
  }
  const page = drawn.value;
  const blob = await services.blobs.put(orgId, Readable.from([page.png]), { maxBytes: RENDER_BOUNDS.max_output_bytes });
  const record = {
    document_id: doc.id,
    page_number: pageNumber,
    dpi,
    blob_key: blob.key,
    width: page.width,
    height: page.height,
    size_bytes: blob.size_bytes,
    created_at: ctx.clock.now().toISOString(),
  };
  if (await ctx.repos.pageImages.insertIfAbsent(orgId, record)) return png(services, orgId, doc, pageNumber, dpi, blob.key, record, false);
  // Another request kept the same page first (or a stale row names a lost blob): serve what we drew, keep theirs.
  await services.blobs.delete(orgId, blob.key);
  return { ...pageHeaders(doc, pageNumber, dpi, record), cached: false, open: async () => Readable.from([page.png]) };
}

export function outOfRange(pageNumber: number, pageCount: number): NotFoundError {
  return new NotFoundError(`page ${pageNumber} is out of range: the document has ${pageCount} page(s)`);
}

function pageHeaders(doc: SourceDocumentRecord, pageNumber: number, dpi: number, size: { width: number; height: number; size_bytes: number }) {
  return { content_type: 'image/png', etag: `"${doc.sha256}-p${pageNumber}-r${dpi}"`, size_bytes: size.size_bytes, width: size.width, height: size.height };
}

function png(
  services: Pick<AssessmentServices, 'blobs'>,
  orgId: string,
  doc: SourceDocumentRecord,
  pageNumber: number,
  dpi: number,
  key: string,
  size: { width: number; height: number; size_bytes: number },
  cached: boolean,
): PageImage {
  return { ...pageHeaders(doc, pageNumber, dpi, size), cached, open: () => services.blobs.openRead(orgId, key) };
}

async function originalImage(services: Pick<AssessmentServices, 'blobs'>, orgId: string, doc: SourceDocumentRecord): Promise<PageImage> {
  const size = await services.blobs.size(orgId, doc.blob_key);
  if (size === null) throw new NotFoundError(`the content of document ${doc.id} is missing`);
  return {
    content_type: doc.mime_type,
    etag: `"${doc.sha256}"`,
    size_bytes: size,
    width: null,
    height: null,
    cached: true,
    open: () => services.blobs.openRead(orgId, doc.blob_key),
  };
}
