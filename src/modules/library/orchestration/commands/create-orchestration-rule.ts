/** `POST /v1/orchestration-rules`: adds a rule at the end of the organization's rulebook (or at `ordinal`). */
import { ConflictError } from '../../../../kernel/errors.js';
import { newId } from '../../../../kernel/ids.js';
import { isUniqueViolation } from '../../../../storage/dialect.js';
import type { CommandContext } from '../../../context.js';
import { ensureRulebook } from '../ensure-rulebook.js';
import { type OrchestrationRuleRecord } from '../orchestration-rule.repository.js';
import { assertEvaluableCondition, assertValidRule } from '../rule-actions.js';

export interface CreateOrchestrationRuleInput {
  name: string;
  description?: string | null;
  when: unknown;
  then: unknown[];
  ordinal?: number | null;
}

/**
 * @throws DomainValidationError for a blank name, a condition that is not evaluable JsonLogic or
 *   a malformed action; ConflictError when the name is taken in the organization.
 */
export async function createOrchestrationRule(ctx: CommandContext, input: CreateOrchestrationRuleInput): Promise<OrchestrationRuleRecord> {
  const rule = assertValidRule(input);
  await assertEvaluableCondition(rule.when);
  // Seed first, so the defaults keep their place ahead of rules users add.
  await ensureRulebook(ctx);
  const orgId = ctx.actor.org.orgId;
  const rules = ctx.repos.orchestrationRules;
  if (await rules.findByName(orgId, rule.name)) throw new ConflictError(`a rule named "${rule.name}" already exists`);
  const now = ctx.clock.now().toISOString();
  const ordinal = input.ordinal ?? (await rules.nextOrdinal(orgId));
  const record: OrchestrationRuleRecord = { id: newId('rule'), ...rule, ordinal, createdAt: now, updatedAt: now };
  try {
    await rules.insert(orgId, record);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(`a rule named "${rule.name}" already exists`);
    throw error;
  }
  return record;
}
