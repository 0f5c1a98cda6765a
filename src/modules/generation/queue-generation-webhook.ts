/**
 * A generation run's terminal event as a webhook event (`generation.finished|failed|blocked`),
 * queued in the transaction that appends the terminal event: one terminal event, one event for
 * each endpoint listening, whatever moment a process dies at.
 */
import { excerpt } from '../../kernel/limits.js';
import type { JobQueue } from '../../kernel/jobs.js';
import type { PipelineEvent } from '../../pipeline/events.js';
import type { CommandContext } from '../context.js';
import { queueWebhookEvent } from '../webhooks/queue-webhook-event.js';
import type { WebhookEventType } from '../webhooks/webhook-events.js';
import type { RunRecord } from './run.repository.js';

const TYPES: Partial<Record<PipelineEvent['event'], { type: WebhookEventType; status: string; verb: string }>> = {
  pipeline_finished: { type: 'generation.finished', status: 'finished', verb: 'finished' },
  pipeline_failed: { type: 'generation.failed', status: 'failed', verb: 'failed' },
  pipeline_blocked: { type: 'generation.blocked', status: 'blocked', verb: 'was blocked by its readiness gate' },
};

/**
 * Queues the webhook of a terminal event (no-op for any other event). Call it inside the terminal
 * event's transaction. `webhooks`: whether the organization has an enabled endpoint, as the
 * run's end read it in this transaction (`RunRepository.finish`); false reads no endpoints.
 */
export async function queueGenerationWebhook(tx: CommandContext, jobs: JobQueue, run: RunRecord, event: PipelineEvent, webhooks: boolean): Promise<void> {
  const kind = TYPES[event.event];
  if (!kind || !webhooks) return;
  const error = event.event === 'pipeline_failed' ? excerpt(event.error, 500) : null;
  await queueWebhookEvent(tx, jobs, {
    type: kind.type,
    sourceId: run.id,
    data: {
      documentId: run.documentId,
      runId: run.id,
      runNumber: run.runNumber,
      status: kind.status,
      ...(error === null ? {} : { error }),
      summary: `Generation run ${run.runNumber} of document ${run.documentId} ${kind.verb}.`,
    },
  });
}
