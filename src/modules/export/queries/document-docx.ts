/**
 * A document as .docx bytes, as both exports start from: filled into its Word template when it
 * has one (its own, else its template's), else composed in its built-in layout. Either way with
 * the notice naming its out-of-date sections at the top (stale-notice.ts) and its flagged claims
 * where the caller wants them (review-notes.ts).
 */
import { composeDocxBounded } from '../../../docx/compose-bounded.js';
import type { BlobStore } from '../../../storage/blobs/blob-store.js';
import { fillWordTemplate } from '../../../tenant-code/word-templates.js';
import type { CommandContext } from '../../context.js';
import { requireDocument } from '../../documents/require-document.js';
import { loadDocumentInputs } from '../../generation/inputs/load-document-inputs.js';
import type { StalenessServices } from '../../generation/queries/gathered-staleness.js';
import { sectionStaleness } from '../../generation/queries/section-staleness.js';
import { effectiveWordTemplate } from '../../word-templates/queries/effective-word-template.js';
import { composedDocumentOf } from './build-composed-document.js';
import type { ReviewComments } from './review-notes.js';
import { staleNotice } from './stale-notice.js';
import { wordTemplateFillOf } from './word-template-fill.js';

export interface DocumentDocx {
  bytes: Buffer;
  /** The document's title as the layout shows it: the downloaded file's name. */
  title: string;
}

/** What composing needs besides the document: where uploaded files are, and the services staleness resolves data-needs with (no call is made). */
export interface DocumentDocxServices {
  blobs: BlobStore;
  staleness: StalenessServices;
}

/**
 * @throws NotFoundError when the document is absent or belongs to another organization;
 *   DomainValidationError when it is too large to compose, or its Word template runs past a budget.
 */
export async function documentDocx(
  ctx: CommandContext,
  services: DocumentDocxServices,
  documentId: string,
  reviewComments: ReviewComments = 'word',
): Promise<DocumentDocx> {
  const document = await requireDocument(ctx, documentId);
  const [inputs, wordTemplate] = await Promise.all([loadDocumentInputs(ctx, document), effectiveWordTemplate(ctx, document)]);
  const staleness = await sectionStaleness(ctx, services.staleness, document, undefined, inputs);
  const composed = await composedDocumentOf(ctx, inputs, { reviewComments, notice: staleNotice(inputs.sections, staleness) });
  if (!wordTemplate) return { bytes: await composeDocxBounded(composed), title: composed.title };
  const [template, fill] = await Promise.all([services.blobs.read(ctx.actor.org.orgId, wordTemplate.blobKey), wordTemplateFillOf(inputs, composed)]);
  return { bytes: await fillWordTemplate(template, fill), title: composed.title };
}
