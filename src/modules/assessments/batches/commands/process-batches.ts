/** `POST /batches/process`: starts a run on each named batch (or every batch with rows in scope). */
import type { CommandContext } from '../../../context.js';
import type { AssessmentServices } from '../../assessment-services.js';
import type { BatchRunRecord } from '../batch.repository.js';
import { requireBatch } from '../require-batch.js';
import { startBatchRun } from './start-batch-run.js';

/**
 * @throws NotFoundError when a named batch is absent or foreign (checked before anything starts).
 */
export async function processBatches(
  ctx: CommandContext,
  services: Pick<AssessmentServices, 'jobs' | 'model'>,
  input: { batch_ids?: string[]; scope?: 'all' | 'pending' | 'failed' },
): Promise<{ runs: BatchRunRecord[]; skipped: Array<{ batch_id: string; reason: 'already_running' | 'nothing_to_do' }> }> {
  const ids = input.batch_ids ? [...new Set(input.batch_ids)] : (await ctx.repos.batches.listAll(ctx.actor.org.orgId)).map((b) => b.id);
  for (const id of ids) await requireBatch(ctx, id);
  const runs: BatchRunRecord[] = [];
  const skipped: Array<{ batch_id: string; reason: 'already_running' | 'nothing_to_do' }> = [];
  for (const id of ids) {
    const result = await startBatchRun(ctx, services, id, { scope: input.scope ?? 'pending' }, { allowEmpty: false, trigger: 'process' });
    if (result.started) runs.push(result.run);
    else skipped.push({ batch_id: id, reason: result.already_running ? 'already_running' : 'nothing_to_do' });
  }
  return { runs, skipped };
}
