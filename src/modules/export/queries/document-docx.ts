/**
 * A document as .docx bytes, as both exports start from: filled into its Word template when it
 * has one (its own, else its template's), else composed in its built-in layout.
 */
import { composeDocxBounded } from '../../../docx/compose-bounded.js';
import type { BlobStore } from '../../../storage/blobs/blob-store.js';
import { fillWordTemplate } from '../../../tenant-code/word-templates.js';
import type { CommandContext } from '../../context.js';
import { requireDocument } from '../../documents/require-document.js';
import { loadDocumentInputs } from '../../generation/inputs/load-document-inputs.js';
import { effectiveWordTemplate } from '../../word-templates/queries/effective-word-template.js';
import { composedDocumentOf } from './build-composed-document.js';
import { wordTemplateFillOf } from './word-template-fill.js';

export interface DocumentDocx {
  bytes: Buffer;
  /** The document's title as the layout shows it: the downloaded file's name. */
  title: string;
}

/**
 * @throws NotFoundError when the document is absent or belongs to another organization;
 *   DomainValidationError when it is too large to compose, or its Word template runs past a budget.
 */
export async function documentDocx(ctx: CommandContext, blobs: BlobStore, documentId: string): Promise<DocumentDocx> {
  const document = await requireDocument(ctx, documentId);
  const [inputs, wordTemplate] = await Promise.all([loadDocumentInputs(ctx, document), effectiveWordTemplate(ctx, document)]);
  const composed = await composedDocumentOf(ctx, inputs);
  if (!wordTemplate) return { bytes: await composeDocxBounded(composed), title: composed.title };
  const [template, fill] = await Promise.all([blobs.read(ctx.actor.org.orgId, wordTemplate.blobKey), wordTemplateFillOf(inputs, composed)]);
  return { bytes: await fillWordTemplate(template, fill), title: composed.title };
}
