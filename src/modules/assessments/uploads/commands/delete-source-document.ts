/** `DELETE /documents/{id}`: the document, its runs, items, corrections, batch rows and its blob. */
import { ConflictError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import type { AssessmentServices } from '../../assessment-services.js';
import { removeDocumentRows } from '../remove-documents.js';
import { requireSourceDocument } from '../require-source-document.js';

/**
 * @throws NotFoundError when absent or foreign.
 * @throws ConflictError while the document is being processed.
 */
export async function deleteSourceDocument(ctx: CommandContext, services: Pick<AssessmentServices, 'blobs'>, documentId: string): Promise<void> {
  const keys = await ctx.transaction(async (tx) => {
    const doc = await requireSourceDocument(tx, documentId);
    if (doc.processing_status === 'processing') throw new ConflictError('the document is being processed; delete it when processing has finished');
    const blobKeys = await removeDocumentRows(tx, [doc]);
    if (doc.assessment_id) await tx.repos.assessments.touch(tx.actor.org.orgId, doc.assessment_id, tx.clock.now().toISOString());
    return blobKeys;
  });
  for (const key of keys) await services.blobs.delete(key);
}
