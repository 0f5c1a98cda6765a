import type { CommandContext } from '../../../context.js';
import { ensureRulebook } from '../ensure-rulebook.js';
import { presentOrchestrationRule } from '../orchestration-rule.presenter.js';

/** `GET /v1/orchestration-rules`: `{rules}` in evaluation order (seeding the defaults on first use). */
export async function listOrchestrationRules(ctx: CommandContext) {
  const rules = await ensureRulebook(ctx);
  return { rules: rules.map(presentOrchestrationRule) };
}
