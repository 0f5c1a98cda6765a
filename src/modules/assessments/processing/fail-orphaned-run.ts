/**
 * A processing run whose process died on its last allowed attempt: the queue will not run it
 * again, so it is ended `failed` (run and document) instead of being put back to `queued`,
 * where it would wait forever. The previous items stay current, as after any failed run.
 */
import { procError } from '../../../extraction/processing-error.js';
import type { CommandContext } from '../../context.js';

export async function failOrphanedRun(ctx: CommandContext, runId: string, reason: string): Promise<void> {
  const orgId = ctx.actor.org.orgId;
  const now = ctx.clock.now().toISOString();
  await ctx.transaction(async (tx) => {
    const run = await tx.repos.processingRuns.findById(orgId, runId);
    if (!run || (run.status !== 'running' && run.status !== 'queued')) return;
    await tx.repos.processingRuns.finish(orgId, run.id, {
      status: 'failed',
      processor_version: null,
      engine_versions: {},
      finished_at: now,
      duration_ms: 0,
      carried_forward: { corrections: 0, validations: 0, conflicts: 0 },
      item_count: 0,
      errors: [procError('process_stopped', 'internal', 'job-queue', reason)],
      warnings: [],
      pages: [],
      text: '',
    });
    await tx.repos.sourceDocuments.update(orgId, run.document_id, { processing_status: 'failed', latest_run_id: run.id, updated_at: now });
  });
}
