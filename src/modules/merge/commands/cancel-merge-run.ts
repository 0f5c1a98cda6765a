/**
 * `POST /v1/merge-runs/{id}/cancel`: stops a queued or running run. Its job is cancelled first
 * (a running one is aborted between rows and waited for), then the run ends `cancelled` with its
 * event and webhook; rows already made keep their files and stay in the zip. An ended run is
 * answered as it is.
 */
import type { JobQueue } from '../../../kernel/jobs.js';
import type { CommandContext } from '../../context.js';
import { endMergeRun } from '../end-merge-run.js';
import { mergeJobId } from '../merge-job-type.js';
import { type MergeRunRecord, isTerminalMergeStatus } from '../merge-run.repository.js';
import { requireMergeRun } from '../require-merge-run.js';

/** @throws NotFoundError when the run is absent or another organization's. */
export async function cancelMergeRun(ctx: CommandContext, jobs: JobQueue, runId: string): Promise<MergeRunRecord> {
  const run = await requireMergeRun(ctx, runId);
  if (isTerminalMergeStatus(run.status)) return run;
  await jobs.cancel(mergeJobId(run.id), { waitMs: 30_000 });
  await endMergeRun(ctx, jobs, run.id, { status: 'cancelled' });
  return requireMergeRun(ctx, run.id);
}
