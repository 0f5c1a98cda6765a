/**
 * The gather stage's ports for one run: the cache of gathered rows, registered tools (called
 * with the caller's token and email, held in memory only), the model for `llm` needs, and
 * assessments.
 */
import type { GatherPorts } from '../../pipeline/stages/gather.js';
import type { ModelChoice, ModelGateway, ToolCaller, ToolGateway } from '../../pipeline/ports.js';
import type { CommandContext } from '../context.js';
import { assessmentValueForNeed, toolRegistrationByName } from './gather-sources.js';

export function gatherPorts(
  ctx: CommandContext,
  services: { model: ModelGateway; tools: ToolGateway },
  run: { runId: string; documentId: string; caller: ToolCaller | null; models: ModelChoice },
): Omit<GatherPorts, 'emit'> {
  const orgId = ctx.actor.org.orgId;
  // The stored rows are read once per run, not once per need.
  let stored: ReturnType<typeof ctx.repos.gathered.latestByDocument> | undefined;
  return {
    async cached(need, inputsHash) {
      // An assessment's values change with every review decision and are a local read: always
      // gathered afresh, so a correction reaches the next run.
      if (need.kind === 'assessment') return null;
      stored ??= ctx.repos.gathered.latestByDocument(orgId, run.documentId);
      const row = (await stored).find((r) => r.outputKey === need.outputKey && r.inputsHash === inputsHash);
      return row ? { value: row.value, source: row.source } : null;
    },
    async callTool(need, args, timeoutMs) {
      const name = need.toolRef ?? '';
      const registration = await toolRegistrationByName(ctx, name);
      if (!registration) throw new Error(`tool "${name}" is not registered in this organization`);
      const caller = run.caller ?? { bearerToken: '', email: ctx.actor.email, orgSlug: ctx.actor.org.slug };
      return services.tools.call({ registration, args, caller, timeoutMs });
    },
    async completeLlm(_need, prompt, context) {
      const answer = await services.model.completeDataNeed({ prompt, context, models: run.models });
      return { value: answer.value, usage: answer.usage, model: answer.model, prompt: answer.prompt };
    },
    async resolveAssessment(need) {
      return assessmentValueForNeed(ctx, need);
    },
  };

}
