/** Wire shapes of batches, batch runs and batch documents (§4.7). */
import type { Static } from 'typebox';
import type { BatchDocumentRecord, BatchRecord, BatchRunRecord } from './batch.repository.js';
import type { Batch, BatchDocument, BatchRun } from './batch.schemas.js';

const RUN_TO_BATCH: Record<BatchRunRecord['status'], Static<typeof Batch>['status']> = {
  queued: 'queued',
  running: 'running',
  succeeded: 'completed',
  partially_succeeded: 'completed_with_errors',
  failed: 'failed',
  cancelled: 'cancelled',
};

export function presentBatch(batch: BatchRecord, latest: BatchRunRecord | undefined, rows: readonly BatchDocumentRecord[]): Static<typeof Batch> {
  const count = (s: BatchDocumentRecord['status']): number => rows.filter((r) => r.status === s).length;
  return {
    id: batch.id,
    organization_id: batch.org_id,
    assessment_id: batch.assessment_id,
    name: batch.name,
    processor_id: batch.processor_id,
    options: batch.options,
    status: latest ? RUN_TO_BATCH[latest.status] : 'draft',
    counts: {
      total: rows.length,
      pending: count('pending'),
      queued: count('queued'),
      processing: count('processing'),
      succeeded: count('succeeded'),
      failed: count('failed'),
      skipped: count('skipped'),
      excluded: count('excluded'),
    },
    latest_run_id: batch.latest_run_id,
    created_by: batch.created_by,
    created_at: batch.created_at,
    updated_at: batch.updated_at,
  };
}

export function presentBatchRun(run: BatchRunRecord): Static<typeof BatchRun> {
  const done = run.counts.succeeded + run.counts.failed + run.counts.skipped;
  return {
    id: run.id,
    organization_id: run.org_id,
    batch_id: run.batch_id,
    run_number: run.run_number,
    scope: run.scope,
    trigger: run.trigger,
    status: run.status,
    percent_completed: run.counts.targeted === 0 ? 100 : Math.round((done / run.counts.targeted) * 100),
    counts: run.counts,
    started_at: run.started_at,
    finished_at: run.finished_at,
    error: run.error,
  };
}

export function presentBatchDocument(row: BatchDocumentRecord): Static<typeof BatchDocument> {
  const { org_id, created_at: _created, ...rest } = row;
  void _created;
  // priority is a plain text column; the writers only store the values of the enum.
  return { ...rest, priority: rest.priority as Static<typeof BatchDocument>['priority'], organization_id: org_id };
}
