/**
 * `POST /batches`: only documents of the caller's organization are added; an unknown or
 * foreign id is reported in `rejected` as `not_found` (never echoed as forbidden) and never stored.
 */
import { DomainValidationError } from '../../../../kernel/errors.js';
import { newId } from '../../../../kernel/ids.js';
import type { CommandContext } from '../../../context.js';
import { requireAssessment } from '../../assessments/require-assessment.js';
import type { AssessmentServices } from '../../assessment-services.js';
import { assertKnownProcessor, catalogOptionsOf } from '../../processors/choose-processor.js';
import type { BatchDocumentRecord, BatchOptions, BatchRecord } from '../batch.repository.js';

export interface CreateBatchInput {
  name: string;
  assessment_id?: string | null;
  processor_id?: string | null;
  document_ids: string[];
  options?: BatchOptions;
}

/**
 * @throws DomainValidationError for a blank name or an unknown or disabled processor.
 * @throws NotFoundError when `assessment_id` is absent or foreign.
 */
export async function createBatch(
  ctx: CommandContext,
  services: Pick<AssessmentServices, 'model'>,
  input: CreateBatchInput,
): Promise<{ batch: BatchRecord; batch_documents: BatchDocumentRecord[]; rejected: Array<{ document_id: string; reason: 'not_found' }> }> {
  const name = input.name.trim();
  if (name === '') throw new DomainValidationError('name must not be blank');
  assertKnownProcessor(input.processor_id, catalogOptionsOf(services.model));
  const orgId = ctx.actor.org.orgId;
  return ctx.transaction(async (tx) => {
    if (input.assessment_id) await requireAssessment(tx, input.assessment_id);
    const repos = tx.repos;
    const ids = [...new Set(input.document_ids)];
    const found = new Set((await repos.sourceDocuments.findMany(orgId, ids)).map((d) => d.id));
    const now = tx.clock.now().toISOString();
    const batch = await repos.batches.insert(orgId, {
      id: newId('bat'),
      assessment_id: input.assessment_id ?? null,
      name,
      processor_id: input.processor_id ?? null,
      options: { skip_already_processed: false, preserve_corrections: true, max_concurrency: 1, ...input.options },
      latest_run_id: null,
      created_by: tx.actor.email ?? tx.actor.userId,
      created_at: now,
      updated_at: now,
    });
    const rows: BatchDocumentRecord[] = [];
    for (const documentId of ids.filter((id) => found.has(id))) {
      rows.push(
        await repos.batches.insertDocument(orgId, {
          id: newId('bdoc'),
          batch_id: batch.id,
          document_id: documentId,
          position: rows.length,
          included: true,
          processor_id: null,
          priority: 'normal',
          status: 'pending',
          skip_reason: null,
          attempts: 0,
          last_run_id: null,
          last_error: null,
          result: null,
          created_at: now,
          updated_at: now,
        }),
      );
    }
    return { batch, batch_documents: rows, rejected: ids.filter((id) => !found.has(id)).map((document_id) => ({ document_id, reason: 'not_found' as const })) };
  });
}
