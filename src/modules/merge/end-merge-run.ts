/**
 * Ends a merge run once: its status, its terminal event and its `merge.finished` webhook in one
 * transaction, so every follower and every endpoint sees exactly one end whatever moment a
 * process dies at.
 */
import type { JobQueue } from '../../kernel/jobs.js';
import type { CommandContext } from '../context.js';
import { queueWebhookEvent } from '../webhooks/queue-webhook-event.js';
import type { MergeRunStatus } from './merge-run.repository.js';

/** @returns false when the run had already ended (nothing written). */
export async function endMergeRun(
  ctx: CommandContext,
  jobs: JobQueue,
  runId: string,
  end: { status: Exclude<MergeRunStatus, 'queued' | 'running'>; error?: string },
): Promise<boolean> {
  return ctx.transaction(async (tx) => {
    const orgId = tx.actor.org.orgId;
    const now = tx.clock.now().toISOString();
    // The end first: its update holds the run's row, so a job's row being recorded commits before
    // the counts are read, or finds the run ended and writes nothing (ADR 0788).
    const ended = await tx.repos.mergeRuns.endRun(orgId, runId, { status: end.status, error: end.error ?? null, finished_at: now });
    if (!ended) return false;
    const counts = await tx.repos.mergeRuns.countRows(orgId, runId);
    await tx.repos.mergeRuns.updateRun(orgId, runId, { done_rows: counts.done, failed_rows: counts.failed });
    const total = counts.done + counts.failed + counts.pending;
    const summary = { status: end.status, total, done: counts.done, failed: counts.failed, ...(end.error ? { error: end.error } : {}) };
    await tx.repos.mergeRuns.appendEvent(orgId, runId, { event: 'merge_ended', ...summary }, now);
    await queueWebhookEvent(tx, jobs, {
      type: 'merge.finished',
      sourceId: runId,
      data: {
        mergeRunId: runId,
        ...summary,
        summary: `Merge run ${runId} ${end.status}: ${counts.done} of ${total} document(s) made, ${counts.failed} failed.`,
      },
    });
    return true;
  });
}
