import type { PageRequest } from '../../../../storage/keyset-page.js';
import type { ListView } from '../../../../storage/list-view.js';
import type { CommandContext } from '../../../context.js';
import { requireRiskBlock } from '../require-risk-block.js';
import { presentRiskBlock } from '../risk-block.presenter.js';

/** `GET /v1/risk-blocks`: the organization's risk blocks by key, wrapped under `riskBlocks` (the contract's key). */
export async function listRiskBlocks(ctx: CommandContext, page: PageRequest, view: ListView = {}) {
  const blocks = await ctx.repos.riskBlocks.listPage(ctx.actor.org.orgId, page, view);
  return { riskBlocks: blocks.items.map(presentRiskBlock), nextCursor: blocks.nextCursor };
}

/**
 * `GET /v1/risk-blocks/{id}`.
 *
 * @throws NotFoundError when absent or of another organization.
 */
export async function getRiskBlock(ctx: CommandContext, riskBlockId: string) {
  return presentRiskBlock(await requireRiskBlock(ctx, riskBlockId));
}
