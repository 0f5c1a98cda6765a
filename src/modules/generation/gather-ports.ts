/**
 * The gather stage's ports for one run: the cache of gathered rows, registered tools (per-user
 * tools called with the caller's token and email; other tools never see the token), the model
 * for `llm` needs, and assessments. Rows and registrations come from the document's inputs, read once per run.
 * A tool's answer is recorded against its registration, and — for a tool that forwards the
 * caller — against the caller's identity (subject and e-mail, never the token).
 */
import type { DataNeed } from '../../pipeline/data-need.js';
import type { GatherPorts } from '../../pipeline/stages/gather.js';
import type { ModelChoice, ModelGateway, ToolCaller, ToolGateway } from '../../pipeline/ports.js';
import type { CommandContext } from '../context.js';
import { assessmentValueForNeed } from './assessment-need-value.js';
import type { DocumentInputs } from './inputs/load-document-inputs.js';
import { tokenExpiredReason } from './run-caller.js';

/** The ports over `inputs` (its gathered rows and tool registrations are read on first use). */
export function gatherPorts(
  ctx: CommandContext,
  services: { model: ModelGateway; tools: ToolGateway },
  inputs: Pick<DocumentInputs, 'gathered' | 'toolRegistrations'>,
  run: {
    caller: ToolCaller | null;
    /** When the caller's token expires (a run's recalled caller); past it the token is not sent. */
    callerExpiresAt?: string;
    /** Why `caller` is null, for the per-user need that wanted it. */
    callerUnavailable?: string;
    models: ModelChoice;
  },
): Omit<GatherPorts, 'emit'> {
  // Who the answers are for (recorded and cached by it): the caller, else the run's creator.
  const identity = (): ToolCaller => run.caller ?? { bearerToken: '', subject: ctx.actor.subject, email: ctx.actor.email, orgSlug: ctx.actor.org.slug };
  // A per-user tool needs the token itself: without it the need fails saying why, rather than
  // calling the tool server with an empty token.
  const callerFor = (registration: { name: string; classPath: string }): ToolCaller => {
    if (!services.tools.forwardsCaller(registration)) return { ...identity(), bearerToken: '' };
    const expired = run.callerExpiresAt !== undefined && Date.parse(run.callerExpiresAt) <= ctx.clock.now().getTime();
    if (run.caller && run.caller.bearerToken !== '' && !expired) return run.caller;
    const why = expired && run.callerExpiresAt ? tokenExpiredReason(run.callerExpiresAt) : (run.callerUnavailable ?? 'no token of the caller is known');
    const who = identity().email ?? identity().subject;
    throw new Error(`per-user tool "${registration.name}" cannot act for ${who}: ${why}; generate again to run it with a fresh token`);
  };
  const registrationOf = async (need: DataNeed) => {
    const name = need.toolRef ?? '';
    const record = (await inputs.toolRegistrations()).find((r) => r.name === name);
    return record ? { name: record.name, classPath: record.classPath, config: record.config } : null;
  };
  return {
    async cached(need, inputsHash) {
      // An assessment's values change with every review decision and are a local read: always
      // gathered afresh, so a correction reaches the next run.
      if (need.kind === 'assessment') return null;
      const row = (await inputs.gathered()).find((r) => r.outputKey === need.outputKey && r.inputsHash === inputsHash);
      return row ? { value: row.value, source: row.source } : null;
    },
    async toolInputs(need) {
      const registration = await registrationOf(need);
      if (!registration) return null;
      const { subject, email } = identity();
      return { registration, caller: services.tools.forwardsCaller(registration) ? { subject, email } : null };
    },
    async callTool(need, args, timeoutMs) {
      const registration = await registrationOf(need);
      if (!registration) throw new Error(`tool "${need.toolRef ?? ''}" is not registered in this organization`);
      return services.tools.call({ registration, args, caller: callerFor(registration), timeoutMs });
    },
    llmModel() {
      return services.model.modelFor('gather', run.models);
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
