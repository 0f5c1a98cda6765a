/**
 * The live language model gateway: each pipeline task as one call through the Vercel AI SDK,
 * with its prompt from `prompts/`, the model chosen per step (document config over environment),
 * structured output where the task returns data, and usage, model and prompt recorded.
 * Any provider failure rejects with a `ModelCallError` naming provider, model and cause.
 */
import type { ExtractedFacts, LlmStatus, ModelGateway, ModelResult } from '../../pipeline/ports.js';
import { chooseModel, type ServiceModels } from './choose-model.js';
import type { ModelCaller } from './model-caller.js';
import { writeSectionAnswer } from './section-answer.js';
import { buildCompleteDataNeedPrompt } from './prompts/complete-data-need.js';
import { buildExtractFactsPrompt, extractFactsSchema } from './prompts/extract-facts.js';
import { buildImprovePromptPrompt } from './prompts/improve-prompt.js';
import { buildJudgeClaimsPrompt, JUDGE_CLAIMS_SCHEMA } from './prompts/judge-claims.js';
import { buildSynthesizePrompt, DEFAULT_SYNTHESIS_SCHEMA } from './prompts/synthesize.js';
import { stripCodeFences } from './strip-code-fences.js';

type Verdict = { sentence: string; supported: boolean; reason: string };

function asVerdicts(value: Record<string, unknown>): Array<Partial<Verdict>> {
  return Array.isArray(value.verdicts) ? (value.verdicts as Array<Partial<Verdict>>) : [];
}

/** Keeps the extraction's shape and drops fields the text did not give (empty strings). */
function asExtractedFacts(value: Record<string, unknown>): ExtractedFacts {
  const facts = value as unknown as ExtractedFacts;
  const fieldValues: Record<string, string> = {};
  for (const [key, raw] of Object.entries(facts.fieldValues)) {
    if (typeof raw === 'string' && raw.trim() !== '') fieldValues[key] = raw.trim();
  }
  return { entities: facts.entities, fieldValues };
}

/**
 * Creates the gateway over one provider's caller. Creating it calls nothing.
 *
 * @throws ModelCallError from every task method (not from this factory) when the provider fails,
 *   times out, answers invalid JSON, or a structured answer does not match its schema.
 */
export function createLiveModelGateway(caller: ModelCaller, models: ServiceModels): ModelGateway {
  const status: LlmStatus = { mode: caller.provider, model: models.model, gatherModel: models.gatherModel, synthesisModel: models.synthesisModel };

  return {
    status: () => status,
    modelFor: (step, choice) => chooseModel(step, choice, models),

    async synthesize(input) {
      const schema = input.schema ?? DEFAULT_SYNTHESIS_SCHEMA;
      return caller.object({
        model: chooseModel('synthesis', input.models, models),
        ...buildSynthesizePrompt(input, schema),
        schema,
        name: 'synthesized_context',
        // Our default schema is written for strict decoding; an author's may use keywords it refuses.
        strict: input.schema === null,
      });
    },

    async writeSection(input) {
      return writeSectionAnswer(caller, chooseModel('render', input.models, models), input);
    },

    async completeDataNeed(input) {
      const result = await caller.text({ model: chooseModel('gather', input.models, models), ...buildCompleteDataNeedPrompt(input) });
      return { ...result, value: stripCodeFences(result.value) };
    },

    async judgeClaims(input) {
      if (input.claims.length === 0) return null;
      const result = await caller.object({
        model: chooseModel('verify', input.models, models),
        ...buildJudgeClaimsPrompt(input),
        schema: JUDGE_CLAIMS_SCHEMA,
        name: 'claim_verdicts',
        strict: true,
      });
      const verdicts = asVerdicts(result.value);
      // Verdicts are matched to claims by position and keep the claim's own sentence, so a model
      // that paraphrases or drops a claim cannot make an unchecked sentence pass.
      const value: Verdict[] = input.claims.map((claim, i) => {
        const verdict = verdicts[i];
        if (verdict === undefined) return { sentence: claim.sentence, supported: false, reason: 'the judge gave no verdict for this claim' };
        return { sentence: claim.sentence, supported: verdict.supported === true, reason: String(verdict.reason ?? '') };
      });
      return { ...result, value } satisfies ModelResult<Verdict[]>;
    },

    async extractFacts(input) {
      const result = await caller.object({
        model: chooseModel('gather', {}, models),
        ...buildExtractFactsPrompt(input),
        schema: extractFactsSchema(input.fieldHints),
        name: 'extracted_facts',
        strict: true,
      });
      return { ...result, value: asExtractedFacts(result.value) };
    },

    async improvePrompt(input) {
      const result = await caller.text({ model: chooseModel('default', {}, models), ...buildImprovePromptPrompt(input) });
      const improved = stripCodeFences(result.value);
      // An empty rewrite is useless to the author; keep what they wrote.
      return { ...result, value: improved === '' ? input.prompt : improved };
    },
  };
}
