import type { CommandContext } from '../../../context.js';
import { requireRiskBlock } from '../require-risk-block.js';
import { presentRiskBlock } from '../risk-block.presenter.js';

/** `GET /v1/risk-blocks`: the organization's risk blocks by key, wrapped under `riskBlocks` (the contract's key). */
export async function listRiskBlocks(ctx: CommandContext) {
  return { riskBlocks: (await ctx.repos.riskBlocks.list(ctx.actor.org.orgId)).map(presentRiskBlock) };
}

/**
 * `GET /v1/risk-blocks/{id}`.
 *
 * @throws NotFoundError when absent or of another organization.
 */
export async function getRiskBlock(ctx: CommandContext, riskBlockId: string) {
  return presentRiskBlock(await requireRiskBlock(ctx, riskBlockId));
}
