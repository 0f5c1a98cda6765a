/**
 * Deleting never waits on work: before a source document goes, the processing of its queued
 * and running runs is cancelled through the job queue (a queued job is removed; a running one
 * is aborted, its extraction worker terminated, and waited for), so nothing it would still
 * write outlives the delete. A run processed by another process finds its document gone and
 * writes nothing (`processRun`).
 */
import type { CommandContext } from '../../context.js';
import { type AssessmentServices, processRunJobId } from '../assessment-services.js';

/** How long a delete waits for an aborted extraction to stop before deleting anyway. */
const CANCEL_WAIT_MS = 5000;

export async function cancelProcessing(ctx: CommandContext, services: Pick<AssessmentServices, 'jobs'>, documentIds: readonly string[]): Promise<void> {
  const orgId = ctx.actor.org.orgId;
  for (const documentId of documentIds) {
    const runs = await ctx.repos.processingRuns.listByDocument(orgId, documentId);
    for (const run of runs.filter((r) => r.status === 'queued' || r.status === 'running')) {
      await services.jobs.cancel(processRunJobId(run.id), { waitMs: CANCEL_WAIT_MS });
    }
  }
}
