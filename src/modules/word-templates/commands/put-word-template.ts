/**
 * `PUT …/word-template`: a received .docx becomes the Word template of a document or template
 * when its inspection finds no error; the file it replaces is removed. A file with errors is
 * not stored, and the caller answers 422 with the report.
 */
import type { CommandContext } from '../../context.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import { loadDocumentInputs } from '../../generation/inputs/load-document-inputs.js';
import type { ReceivedFile } from '../../assessments/uploads/receive-multipart.js';
import type { WordTemplateReport } from '../../../word-template/word-template-types.js';
import { inspectWordTemplateFile } from '../queries/inspect-word-template-file.js';
import { wordNameCatalogOf } from '../queries/word-name-catalog.js';
import type { WordTemplateRecord } from '../word-template.repository.js';
import type { WordTemplateServices } from '../word-template-services.js';

export type PutWordTemplateOutcome = { stored: true; wordTemplate: WordTemplateRecord } | { stored: false; report: WordTemplateReport };

/**
 * Must be called with the file already in the blob store; the blob ends up owned by the Word
 * template or is removed.
 *
 * @throws DomainValidationError when the file is not a .docx that passes the upload checks (the blob is removed).
 */
export async function putWordTemplate(
  ctx: CommandContext,
  services: WordTemplateServices,
  owner: DocumentRecord,
  file: ReceivedFile,
): Promise<PutWordTemplateOutcome> {
  const orgId = ctx.actor.org.orgId;
  const bytes = await services.blobs.read(orgId, file.blob.key);
  const catalog = await wordNameCatalogOf(await loadDocumentInputs(ctx, owner));
  const report = await inspectWordTemplateFile(services, { bytes, filename: file.filename, declaredMimeType: file.declared_mime_type }, catalog);
  if (!report.valid) {
    await services.blobs.delete(orgId, file.blob.key);
    return { stored: false, report };
  }
  const wordTemplate: WordTemplateRecord = {
    documentId: owner.id,
    blobKey: file.blob.key,
    fileName: file.filename,
    sizeBytes: file.blob.size_bytes,
    sha256: file.blob.sha256,
    report,
    uploadedBy: ctx.actor.userId,
    uploadedAt: ctx.clock.now().toISOString(),
  };
  const replaced = await ctx.transaction((tx) => tx.repos.wordTemplates.save(orgId, wordTemplate));
  if (replaced && replaced !== wordTemplate.blobKey) await services.blobs.delete(orgId, replaced);
  return { stored: true, wordTemplate };
}
