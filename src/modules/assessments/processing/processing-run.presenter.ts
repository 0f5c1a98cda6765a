/** Wire shape of a processing run (§4.4). */
import type { Static } from 'typebox';
import type { ProcessingRunRecord } from './processing-run.repository.js';
import type { ProcessingRun } from './processing-run.schemas.js';

export function presentRun(run: ProcessingRunRecord): Static<typeof ProcessingRun> {
  return {
    id: run.id,
    organization_id: run.org_id,
    document_id: run.document_id,
    batch_run_id: run.batch_run_id,
    trigger: run.trigger,
    processor_id: run.processor_id,
    processor_version: run.processor_version,
    engine_versions: run.engine_versions,
    input_sha256: run.input_sha256,
    status: run.status,
    started_at: run.started_at,
    finished_at: run.finished_at,
    duration_ms: run.duration_ms,
    preserve_corrections: run.preserve_corrections,
    force: run.force,
    carried_forward: run.carried_forward,
    item_count: run.item_count,
    errors: run.errors,
    warnings: run.warnings,
  };
}
