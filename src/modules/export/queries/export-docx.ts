/**
 * `GET /v1/documents/{id}/export.docx`: the document composed as Word bytes, with what the
 * response needs to describe them.
 */
import { createHash } from 'node:crypto';
import type { CommandContext } from '../../context.js';
import { attachmentHeader } from '../../content-disposition.js';
import { DOCX_MEDIA_TYPE } from '../../../docx/media-type.js';
import { type DocumentDocxServices, documentDocx } from './document-docx.js';

export interface DocxExport {
  bytes: Buffer;
  mediaType: typeof DOCX_MEDIA_TYPE;
  /** `attachment; filename="…"; filename*=UTF-8''…` for the document's title. */
  contentDisposition: string;
  /** A strong entity tag: the SHA-256 of the bytes, quoted. Same content → same tag. */
  etag: string;
}

/**
 * Composes the document's current content.
 *
 * @throws NotFoundError when the document is absent or belongs to another organization;
 *   DomainValidationError when it is too large to compose within the export's memory or time budget, or its Word template runs past a budget.
 */
export async function exportDocx(ctx: CommandContext, services: DocumentDocxServices, documentId: string): Promise<DocxExport> {
  // Large documents compose in a capped worker thread (see compose-bounded.ts); a Word template fills in the tenant-code pool.
  // A draft's .docx carries the flagged claims as Word comments for its reviewer; a finalized one none.
  const { bytes, title } = await documentDocx(ctx, services, documentId, 'word');
  return {
    bytes,
    mediaType: DOCX_MEDIA_TYPE,
    contentDisposition: attachmentHeader(title),
    etag: `"${createHash('sha256').update(bytes).digest('hex')}"`,
  };
}
