/**
 * The assessment area's webhook events, each queued in the transaction that records the
 * completion it reports: a processing run's end (`extraction.finished|failed`) and a batch
 * run's end (`batch.finished|failed`). `finished` covers partial success; `data.status` says which.
 */
import type { JobQueue } from '../../kernel/jobs.js';
import { excerpt } from '../../kernel/limits.js';
import type { CommandContext } from '../context.js';
import { queueWebhookEvent } from '../webhooks/queue-webhook-event.js';
import type { BatchRunCounts } from './batches/batch.repository.js';

/** A processing run ended (`status` succeeded, partially_succeeded or failed). */
export async function queueExtractionWebhook(
  tx: CommandContext,
  jobs: JobQueue,
  run: { id: string; documentId: string; assessmentId: string | null; processorId: string; status: string; itemCount: number; error: string | null },
): Promise<void> {
  const failed = run.status === 'failed';
  await queueWebhookEvent(tx, jobs, {
    type: failed ? 'extraction.failed' : 'extraction.finished',
    sourceId: run.id,
    data: {
      processingRunId: run.id,
      documentId: run.documentId,
      assessmentId: run.assessmentId,
      processorId: run.processorId,
      status: run.status,
      itemCount: run.itemCount,
      ...(run.error === null ? {} : { error: excerpt(run.error, 500) }),
      summary: failed
        ? `Extraction of uploaded document ${run.documentId} failed.`
        : `Extraction of uploaded document ${run.documentId} ${run.status === 'succeeded' ? 'succeeded' : 'partially succeeded'} with ${run.itemCount} item(s).`,
    },
  });
}

/** A batch run ended (`status` succeeded, partially_succeeded or failed). */
export async function queueBatchWebhook(
  tx: CommandContext,
  jobs: JobQueue,
  run: { id: string; batchId: string; status: string; counts: BatchRunCounts },
): Promise<void> {
  const failed = run.status === 'failed';
  await queueWebhookEvent(tx, jobs, {
    type: failed ? 'batch.failed' : 'batch.finished',
    sourceId: run.id,
    data: {
      batchRunId: run.id,
      batchId: run.batchId,
      status: run.status,
      counts: run.counts,
      summary: `Batch run ${run.id} ${failed ? 'failed' : run.status === 'succeeded' ? 'succeeded' : 'partially succeeded'}: ${run.counts.succeeded} succeeded, ${run.counts.failed} failed, ${run.counts.skipped} skipped of ${run.counts.targeted}.`,
    },
  });
}
