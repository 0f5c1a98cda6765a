/**
 * `POST /assessments/{id}/documents/{doc_id}/rerun` (§4.4, D9). Human work (corrections,
 * validations) blocks a rerun with 409 unless `preserve_corrections` (carried forward, conflicts
 * flagged) or `force` (superseded) is sent — as /v1 generate does with edited sections.
 */
import { ConflictError, NotFoundError } from '../../../../kernel/errors.js';
import { newId } from '../../../../kernel/ids.js';
import type { CommandContext } from '../../../context.js';
import { type AssessmentServices, enqueueRun } from '../../assessment-services.js';
import { hasHumanWork } from '../../processing/carry-forward.js';
import { assertKnownProcessor, catalogOptionsOf } from '../../processors/choose-processor.js';
import { requireAssessment } from '../require-assessment.js';

export interface RerunInput {
  processor_id?: string;
  preserve_corrections?: boolean;
  force?: boolean;
  reason?: string;
}

export interface RerunResult {
  started: boolean;
  already_running: boolean;
  document_id: string;
  run_id: string;
  status_url: string;
}

/**
 * @throws NotFoundError when the assessment or the document (in this assessment) is absent or foreign.
 * @throws ConflictError with `{blocked_human_work, corrected_item_ids, validated_item_ids}` when human work would be lost.
 * @throws DomainValidationError for an unknown or disabled processor.
 */
export async function rerunDocument(
  ctx: CommandContext,
  services: AssessmentServices,
  assessmentId: string,
  documentId: string,
  input: RerunInput,
): Promise<RerunResult> {
  assertKnownProcessor(input.processor_id, catalogOptionsOf(services.model));
  const orgId = ctx.actor.org.orgId;
  const result = await ctx.transaction(async (tx) => {
    const assessment = await requireAssessment(tx, assessmentId);
    const repos = tx.repos;
    const doc = await repos.sourceDocuments.findById(orgId, documentId);
    if (!doc || doc.assessment_id !== assessment.id) throw new NotFoundError(`document ${documentId} not found`);
    const processorId = input.processor_id ?? doc.processor_id ?? 'prc_generic_fields';
    // The document's previous processor may have been disabled since (no model any more).
    assertKnownProcessor(processorId, catalogOptionsOf(services.model));
    const statusUrl = `/assessments/${assessment.id}/document-processing-details`;
    const active = await repos.processingRuns.findActive(orgId, doc.id);
    if (active) return { started: false, already_running: true, document_id: doc.id, run_id: active.id, status_url: statusUrl };
    const current = await repos.items.listCurrent(orgId, [doc.id]);
    const human = current.filter(hasHumanWork);
    if (human.length > 0 && !input.preserve_corrections && !input.force) {
      throw new ConflictError('human corrections or validations exist; resend with preserve_corrections or force', {
        blocked_human_work: true,
        corrected_item_ids: human.filter((i) => i.is_corrected).map((i) => i.id),
        validated_item_ids: human.filter((i) => !i.is_corrected).map((i) => i.id),
      });
    }
    const now = tx.clock.now().toISOString();
    const runId = newId('run');
    await repos.processingRuns.insert(orgId, {
      id: runId,
      document_id: doc.id,
      assessment_id: assessment.id,
      batch_run_id: null,
      trigger: 'rerun',
      processor_id: processorId,
      input_sha256: doc.sha256,
      preserve_corrections: input.force ? false : input.preserve_corrections !== false,
      force: input.force === true,
      created_at: now,
    });
    await repos.sourceDocuments.update(orgId, doc.id, { processing_status: 'queued', skip_reason: null, latest_run_id: runId, updated_at: now });
    return { started: true, already_running: false, document_id: doc.id, run_id: runId, status_url: statusUrl };
  });
  if (result.started) await enqueueRun(services, orgId, result.run_id);
  return result;
}
