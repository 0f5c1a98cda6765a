/** Seeds an organization's default rulebook the first time it is needed, exactly once. */
import { newId } from '../../../kernel/ids.js';
import { isUniqueViolation } from '../../../storage/dialect.js';
import type { CommandContext } from '../../context.js';
import { DEFAULT_RULEBOOK } from './default-rulebook.js';
import { type OrchestrationRuleRecord } from './orchestration-rule.repository.js';

/**
 * Returns the organization's rules, seeding the defaults first when the organization never had
 * a rulebook. A marker row records the seeding, so deleting every rule does not resurrect them;
 * two first requests racing are settled by the marker's primary key.
 *
 * @throws the database's errors other than the lost seeding race.
 */
export async function ensureRulebook(ctx: CommandContext): Promise<OrchestrationRuleRecord[]> {
  const orgId = ctx.actor.org.orgId;
  if (!(await ctx.repos.orchestrationRules.isSeeded(orgId))) {
    try {
      await ctx.transaction(async (tx) => {
        const rules = tx.repos.orchestrationRules;
        const now = tx.clock.now().toISOString();
        await rules.markSeeded(orgId, now);
        for (const [ordinal, rule] of DEFAULT_RULEBOOK.entries()) {
          if (await rules.findByName(orgId, rule.name)) continue;
          await rules.insert(orgId, { id: newId('rule'), ...rule, ordinal, createdAt: now, updatedAt: now });
        }
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // another request seeded it meanwhile
    }
  }
  return ctx.repos.orchestrationRules.list(orgId);
}
