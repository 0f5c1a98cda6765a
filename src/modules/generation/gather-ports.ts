/**
 * The gather stage's ports for one run: the cache of gathered rows, registered tools (called
 * with the caller's token and email, held in memory only), the model for `llm` needs, and
 * assessments. Rows and registrations come from the document's inputs, read once per run.
 */
import type { GatherPorts } from '../../pipeline/stages/gather.js';
import type { ModelChoice, ModelGateway, ToolCaller, ToolGateway } from '../../pipeline/ports.js';
import type { CommandContext } from '../context.js';
import { assessmentValueForNeed } from './assessment-need-value.js';
import type { DocumentInputs } from './inputs/load-document-inputs.js';

/** The ports over `inputs` (its gathered rows and tool registrations are read on first use). */
export function gatherPorts(
  ctx: CommandContext,
  services: { model: ModelGateway; tools: ToolGateway },
  inputs: Pick<DocumentInputs, 'gathered' | 'toolRegistrations'>,
  run: { caller: ToolCaller | null; models: ModelChoice },
): Omit<GatherPorts, 'emit'> {
  return {
    async cached(need, inputsHash) {
      // An assessment's values change with every review decision and are a local read: always
      // gathered afresh, so a correction reaches the next run.
      if (need.kind === 'assessment') return null;
      const row = (await inputs.gathered()).find((r) => r.outputKey === need.outputKey && r.inputsHash === inputsHash);
      return row ? { value: row.value, source: row.source } : null;
    },
    async callTool(need, args, timeoutMs) {
      const name = need.toolRef ?? '';
      const record = (await inputs.toolRegistrations()).find((r) => r.name === name);
      if (!record) throw new Error(`tool "${name}" is not registered in this organization`);
      const caller = run.caller ?? { bearerToken: '', email: ctx.actor.email, orgSlug: ctx.actor.org.slug };
      const registration = { name: record.name, classPath: record.classPath, config: record.config };
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
