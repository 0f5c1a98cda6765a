/**
 * `GET /v1/documents/{id}/preview.png`: one page of the document as it prints — its .docx (Word
 * template or built-in layout) converted by LibreOffice and the page drawn by poppler — so an
 * author sees the filled first page of a Word template without downloading it. The ETag is the
 * .docx's, with the page and resolution: a match answers 304 without converting.
 */
import { createHash } from 'node:crypto';
import { renderPdfPage } from '../../../extraction/render-pdf-page.js';
import { matchesEtag } from '../../../kernel/entity-tag.js';
import { DomainValidationError, NotFoundError, ServiceUnavailableError } from '../../../kernel/errors.js';
import type { PdfConverter } from '../../../pdf/pdf-converter.js';
import type { CommandContext } from '../../context.js';
import { type DocumentDocxServices, documentDocx } from './document-docx.js';
import { convert } from './export-pdf.js';

/** Resolution bounds (the schema shows them) and the default: a page about 900 px wide. */
export const PREVIEW_DPI = { min: 36, max: 200, default: 110 } as const;
const BOUNDS = { max_side_px: 3_000, timeout_ms: 20_000, max_output_bytes: 16 * 1024 * 1024 } as const;

export type PagePreview = { notModified: true; etag: string } | { notModified: false; etag: string; png: Buffer; width: number; height: number };

/**
 * @throws NotFoundError when the document is absent or another organization's, or it has no such page;
 *   ServiceUnavailableError when LibreOffice or poppler is not installed or busy;
 *   DomainValidationError when the document cannot be composed, converted or drawn within the budgets.
 */
export async function previewPage(
  ctx: CommandContext,
  services: DocumentDocxServices & { converter: PdfConverter },
  documentId: string,
  request: { page: number; dpi: number; ifNoneMatch?: string },
): Promise<PagePreview> {
  // As export.pdf prints it by default: without the review notes.
  const { bytes } = await documentDocx(ctx, services, documentId, 'none');
  const etag = `"preview-${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}-${request.page}-${request.dpi}"`;
  if (matchesEtag(request.ifNoneMatch, etag)) return { notModified: true, etag };
  const { pdf } = await convert(services.converter, bytes);
  const drawn = await renderPdfPage(pdf, request.page, { dpi: request.dpi, ...BOUNDS });
  if (!drawn.ok) {
    const e = drawn.error;
    if (e.code === 'page_out_of_range') throw new NotFoundError(`page ${request.page} not found: the document has ${e.page_count} page(s)`);
    if (e.code === 'tool_missing') throw new ServiceUnavailableError(`page previews are unavailable: ${e.message}`);
    throw new DomainValidationError(`page ${request.page} could not be drawn: ${e.message}`);
  }
  return { notModified: false, etag, png: drawn.value.png, width: drawn.value.width, height: drawn.value.height };
}
