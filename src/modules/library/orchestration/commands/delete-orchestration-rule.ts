import { NotFoundError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';

/**
 * `DELETE /v1/orchestration-rules/{rule_id}`. Deleting a default rule is final: the defaults
 * are seeded once per organization.
 *
 * @throws NotFoundError when absent or of another organization.
 */
export async function deleteOrchestrationRule(ctx: CommandContext, ruleId: string): Promise<void> {
  const deleted = await ctx.repos.orchestrationRules.delete(ctx.actor.org.orgId, ruleId);
  if (!deleted) throw new NotFoundError(`orchestration rule ${ruleId} not found`);
}
