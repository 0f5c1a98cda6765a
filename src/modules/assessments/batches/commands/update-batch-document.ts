/** `PUT /batch-documents/{id}` (include/exclude, processor, priority) and `DELETE /batch-documents/{id}`. */
import { ConflictError, DomainValidationError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import type { AssessmentServices } from '../../assessment-services.js';
import { assertKnownProcessor, catalogOptionsOf } from '../../processors/choose-processor.js';
import type { BatchDocumentRecord } from '../batch.repository.js';
import { requireBatchDocument } from '../require-batch.js';

export interface UpdateBatchDocumentInput {
  included?: boolean;
  processor_id?: string | null;
  priority?: 'low' | 'normal' | 'high';
}

/**
 * @throws NotFoundError when absent or foreign; ConflictError while the row is processing;
 *   DomainValidationError for an empty body or an unknown or disabled processor.
 */
export async function updateBatchDocument(
  ctx: CommandContext,
  services: Pick<AssessmentServices, 'model'>,
  id: string,
  input: UpdateBatchDocumentInput,
): Promise<BatchDocumentRecord> {
  if (input.included === undefined && input.processor_id === undefined && input.priority === undefined)
    throw new DomainValidationError('send at least one of included, processor_id, priority');
  assertKnownProcessor(input.processor_id, catalogOptionsOf(services.model));
  const orgId = ctx.actor.org.orgId;
  return ctx.transaction(async (tx) => {
    const row = await requireBatchDocument(tx, id);
    if (row.status === 'processing' || row.status === 'queued') throw new ConflictError('the batch document is being processed');
    const now = tx.clock.now().toISOString();
    let status = row.status;
    if (input.included === false) status = 'excluded';
    else if (input.included === true && row.status === 'excluded') status = 'pending';
    await tx.repos.batches.updateDocument(orgId, row.id, {
      ...(input.included === undefined ? {} : { included: input.included }),
      ...(input.processor_id === undefined ? {} : { processor_id: input.processor_id }),
      ...(input.priority === undefined ? {} : { priority: input.priority }),
      status,
      updated_at: now,
    });
    const updated = await requireBatchDocument(tx, row.id);
    return updated;
  });
}

/**
 * Removes the row from its batch only (never the source document).
 *
 * @throws NotFoundError when absent or foreign; ConflictError while the row is processing.
 */
export async function deleteBatchDocument(ctx: CommandContext, id: string): Promise<void> {
  await ctx.transaction(async (tx) => {
    const row = await requireBatchDocument(tx, id);
    if (row.status === 'processing' || row.status === 'queued') throw new ConflictError('the batch document is being processed');
    await tx.repos.batches.deleteDocument(tx.actor.org.orgId, row.id);
  });
}
