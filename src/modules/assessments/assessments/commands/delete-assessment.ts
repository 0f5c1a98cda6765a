/**
 * `DELETE /assessments/{id}`: cascades to its source documents (and their blobs, on whichever store holds them), runs,
 * items, corrections, and batch rows; batches tied to the assessment are removed too. Documents
 * being processed are deleted too: their processing is cancelled first.
 */
import type { CommandContext } from '../../../context.js';
import type { AssessmentServices } from '../../assessment-services.js';
import { cancelProcessing } from '../../uploads/cancel-processing.js';
import { removeDocumentRows } from '../../uploads/remove-documents.js';
import { requireAssessment } from '../require-assessment.js';

/** @throws NotFoundError when the assessment is absent or foreign. */
export async function deleteAssessment(ctx: CommandContext, services: Pick<AssessmentServices, 'blobs' | 'jobs'>, assessmentId: string): Promise<void> {
  const target = await requireAssessment(ctx, assessmentId);
  const documents = await ctx.repos.sourceDocuments.listByAssessment(ctx.actor.org.orgId, target.id);
  await cancelProcessing(
    ctx,
    services,
    documents.map((d) => d.id),
  );
  const keys = await ctx.transaction(async (tx) => {
    const assessment = await requireAssessment(tx, assessmentId);
    const orgId = tx.actor.org.orgId;
    const repos = tx.repos;
    const docs = await repos.sourceDocuments.listByAssessment(orgId, assessment.id);
    const blobKeys = await removeDocumentRows(tx, docs);
    await repos.batches.deleteBatches(
      orgId,
      (await repos.batches.listByAssessment(orgId, assessment.id)).map((b) => b.id),
    );
    await repos.assessments.delete(orgId, assessment.id);
    return blobKeys;
  });
  // Files go once the rows are gone for good (a rolled-back delete keeps its files).
  for (const key of keys) await services.blobs.delete(ctx.actor.org.orgId, key);
}
