/**
 * ⚠ TENANCY GATE for risk blocks ⚠ A risk block of another organization is "not found",
 * exactly like a missing one (404, never 403).
 */
import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import { type RiskBlockRecord } from './risk-block.repository.js';

/**
 * @throws NotFoundError when the risk block is absent or belongs to another organization.
 */
export async function requireRiskBlock(ctx: CommandContext, riskBlockId: string): Promise<RiskBlockRecord> {
  const block = await ctx.repos.riskBlocks.findById(ctx.actor.org.orgId, riskBlockId);
  if (!block) throw new NotFoundError(`risk block ${riskBlockId} not found`);
  return block;
}
