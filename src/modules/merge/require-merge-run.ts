/** The tenancy gate of merge runs: another organization's run is as absent as a missing one. */
import { NotFoundError } from '../../kernel/errors.js';
import type { CommandContext } from '../context.js';
import type { MergeRunRecord } from './merge-run.repository.js';

/** @throws NotFoundError when the run is absent or another organization's. */
export async function requireMergeRun(ctx: CommandContext, id: string): Promise<MergeRunRecord> {
  const run = await ctx.repos.mergeRuns.findRun(ctx.actor.org.orgId, id);
  if (!run) throw new NotFoundError(`merge run ${id} not found`);
  return run;
}
