/** The wire shape of a rule: what a client sends is what it reads back. */
import type { OrchestrationRuleRecord } from './orchestration-rule.repository.js';

/** A rule as the API shows it. */
export function presentOrchestrationRule(rule: OrchestrationRuleRecord) {
  return {
    id: rule.id,
    name: rule.name,
    description: rule.description,
    ordinal: rule.ordinal,
    when: rule.when,
    then: rule.then,
    createdAt: rule.createdAt,
    updatedAt: rule.updatedAt,
  };
}
