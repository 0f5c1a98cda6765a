/**
 * `GET /v1/documents/{id}/export.pdf`: the document composed as .docx (the same bytes as
 * export.docx) and converted by LibreOffice, which updates the table of contents on the way so
 * it shows page numbers.
 */
import { createHash } from 'node:crypto';
import { DomainValidationError, ServiceUnavailableError, UpstreamError } from '../../../kernel/errors.js';
import {
  PdfConversionFailedError,
  PdfConversionTimeoutError,
  PdfConverterBusyError,
  PdfConverterNotReadyError,
  PdfConverterUnavailableError,
  type PdfConverter,
} from '../../../pdf/pdf-converter.js';
import type { CommandContext } from '../../context.js';
import { attachmentHeader } from '../../content-disposition.js';
import { matchesEtag } from '../../../kernel/entity-tag.js';
import { type DocumentDocxServices, documentDocx } from './document-docx.js';

export const PDF_MEDIA_TYPE = 'application/pdf';

/** How to switch PDF export on, for the 503 an installation without LibreOffice answers. */
export const ENABLE_PDF_HINT =
  'install LibreOffice and its Python bridge (Debian/Ubuntu: apt-get install libreoffice-writer python3-uno), ' +
  'or point PDF_SOFFICE_PATH and PDF_PYTHON_PATH at them';

export type PdfExport =
  | { notModified: true; etag: string }
  | { notModified: false; etag: string; bytes: Buffer; mediaType: typeof PDF_MEDIA_TYPE; contentDisposition: string; pages: number };

/**
 * Composes and converts the document's current content; answers "not modified" without
 * converting when `ifNoneMatch` names the current tag. The flagged claims of a draft are printed
 * only when `comments` asks for them, as the "Review notes" annex at the end (review-notes.ts).
 *
 * The tag is weak: the same .docx converts to an equivalent PDF, never to the same bytes
 * (LibreOffice stamps each file with its creation time and a random id).
 *
 * @throws NotFoundError when the document is absent or belongs to another organization;
 *   ServiceUnavailableError when LibreOffice is not installed, every converter stays busy or
 *   none has started yet;
 *   DomainValidationError when the document is too large to compose or convert within the budgets;
 *   UpstreamError when LibreOffice refuses the document.
 */
export async function exportPdf(
  ctx: CommandContext,
  services: DocumentDocxServices & { converter: PdfConverter },
  documentId: string,
  request: { ifNoneMatch?: string; comments?: boolean } = {},
): Promise<PdfExport> {
  // No Word comments ever reach LibreOffice: its import of them puts the wrong bodies under the
  // footnote references. Comments the reader asks for come as the "Review notes" annex.
  const { bytes: docx, title } = await documentDocx(ctx, services, documentId, request.comments ? 'annex' : 'none');
  const { ifNoneMatch } = request;
  const etag = `W/"pdf-${createHash('sha256').update(docx).digest('hex')}"`;
  if (matchesEtag(ifNoneMatch, etag)) return { notModified: true, etag };
  const { pdf, pages } = await convert(services.converter, docx);
  return { notModified: false, etag, bytes: pdf, mediaType: PDF_MEDIA_TYPE, contentDisposition: attachmentHeader(title, '.pdf'), pages };
}

/** The converter's failures as the export's domain answers. */
export async function convert(converter: PdfConverter, docx: Buffer) {
  try {
    return await converter.convert(docx);
  } catch (error) {
    if (error instanceof PdfConverterUnavailableError) throw new ServiceUnavailableError(`PDF export is not enabled: ${error.reason}; ${ENABLE_PDF_HINT}`);
    if (error instanceof PdfConverterBusyError) throw new ServiceUnavailableError(`${error.message}; try again shortly`, 5);
    // LibreOffice comes up within seconds of a quiet host, longer on a loaded one; the start goes on meanwhile.
    if (error instanceof PdfConverterNotReadyError) throw new ServiceUnavailableError(`${error.message}; try again shortly`, 10);
    if (error instanceof PdfConversionTimeoutError) {
      throw new DomainValidationError(
        `the document is too large to convert to PDF within ${error.timeoutMs / 1000} s (PDF_CONVERSION_TIMEOUT_SECONDS); export it as .docx instead`,
      );
    }
    if (error instanceof PdfConversionFailedError) throw new UpstreamError(error.message);
    throw error;
  }
}
