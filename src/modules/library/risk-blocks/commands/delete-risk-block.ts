/**
 * `DELETE /v1/risk-blocks/{id}`. A risk block still used by snippets is not deleted: the
 * answer names the snippets (no silent cascade into clauses).
 */
import { DomainValidationError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { requireRiskBlock } from '../require-risk-block.js';

/**
 * @throws NotFoundError when the risk block is absent or of another organization.
 * @throws DomainValidationError when snippets still use it.
 */
export async function deleteRiskBlock(ctx: CommandContext, riskBlockId: string): Promise<void> {
  const orgId = ctx.actor.org.orgId;
  await ctx.transaction(async (tx) => {
    const block = await requireRiskBlock(tx, riskBlockId);
    const users = await tx.repos.snippets.keysUsing(orgId, 'risk_block', block.id);
    if (users.length > 0)
      throw new DomainValidationError(
        `risk block "${block.key}" is used by snippets ${users.map((k) => `"${k}"`).join(', ')}: remove it from their items first`,
      );
    await tx.repos.riskBlocks.delete(orgId, block.id);
  });
}
