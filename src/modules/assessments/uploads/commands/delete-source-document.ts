/**
 * `DELETE /documents/{id}`: the document, its runs, items, corrections, batch rows and its blob.
 * A document being processed is deleted too: its processing is cancelled first.
 */
import type { CommandContext } from '../../../context.js';
import type { AssessmentServices } from '../../assessment-services.js';
import { cancelProcessing } from '../cancel-processing.js';
import { removeDocumentRows } from '../remove-documents.js';
import { requireSourceDocument } from '../require-source-document.js';

/** @throws NotFoundError when absent or foreign. */
export async function deleteSourceDocument(ctx: CommandContext, services: Pick<AssessmentServices, 'blobs' | 'jobs'>, documentId: string): Promise<void> {
  await cancelProcessing(ctx, services, [(await requireSourceDocument(ctx, documentId)).id]);
  const keys = await ctx.transaction(async (tx) => {
    const doc = await requireSourceDocument(tx, documentId);
    const blobKeys = await removeDocumentRows(tx, [doc]);
    if (doc.assessment_id) await tx.repos.assessments.touch(tx.actor.org.orgId, doc.assessment_id, tx.clock.now().toISOString());
    return blobKeys;
  });
  for (const key of keys) await services.blobs.delete(ctx.actor.org.orgId, key);
}
