/**
 * The `offline` language model: a deterministic composer, documented as such. It writes each
 * synthesized section by its intent from the field values (under their labels) and the numbered
 * sources it is given (with real `[n]` citations), synthesizes a structured context from the inputs, extracts facts with an NLP
 * library, and rewrites prompts by a checklist. No network, same input → same output.
 * Token counts are estimates (characters / 4), so run manifests still show the work's size.
 */
import type { FieldDefinitionInput, LlmStatus, ModelGateway, ModelResult, SynthesizeInput, WriteSectionInput } from '../../pipeline/ports.js';
import { type FieldFact, composeSection } from './compose-section.js';
import type { DecisionFactInput } from './compose-prose.js';
import { extractFacts } from './extract-facts.js';
import { improvePrompt } from './improve-prompt.js';
import { synthesizeContextWithReport } from './synthesize-context.js';

const MODEL = 'offline-composer-1';

function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * The fields a composed section may state: each definition with its value from the context's
 * `fields`. Computed values and gathered texts are left out — computed ones restate fields
 * under a key with no label, and gathered texts reach the composer as cited sources.
 */
function fieldFactsOf(definitions: FieldDefinitionInput[], context: Record<string, unknown>): FieldFact[] {
  const values = (context.fields ?? {}) as Record<string, unknown>;
  return definitions.map((d) => ({
    key: d.key,
    label: d.label,
    valueType: d.valueType,
    options: d.options,
    value: typeof values[d.key] === 'string' ? (values[d.key] as string) : '',
  }));
}

/** Without definitions (a run pinned before issue #15), the filled string fields under their keys. */
function fieldValuesOf(context: Record<string, unknown>): Record<string, unknown> {
  const fields = (context.fields ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));
}

function result<T>(value: T, prompt: string, output: string): ModelResult<T> {
  return { value, model: MODEL, usage: { inputTokens: estimateTokens(prompt), outputTokens: estimateTokens(output) }, prompt };
}

/** The structured context from the inputs, by the deterministic synthesizer. */
function synthesizeOffline(input: SynthesizeInput): ModelResult<Record<string, unknown>> {
  const { context } = synthesizeContextWithReport({
    fields: input.fields,
    gathered: input.gathered,
    computed: input.computed,
    brief: input.brief,
    schema: input.schema,
  });
  const prompt = `synthesize context from ${Object.keys(input.fields).length} fields, ${Object.keys(input.gathered).length} gathered and ${Object.keys(input.computed).length} computed values`;
  return result(context, prompt, JSON.stringify(context));
}

/** One section composed by its intent from the field values and the numbered sources. */
function writeSectionOffline(input: WriteSectionInput): ModelResult<{ content: string }> {
  const { content } = composeSection({
    title: input.title,
    prompt: input.prompt,
    outputType: input.outputType,
    context: fieldValuesOf(input.context),
    fields: input.fieldDefinitions && input.fieldDefinitions.length > 0 ? fieldFactsOf(input.fieldDefinitions, input.context) : null,
    sources: input.sources.map((s) => ({ n: s.n, title: s.title, text: s.text })),
    voice: input.voice,
    decisions: (input.context.decisions ?? {}) as Record<string, DecisionFactInput>,
  });
  const prompt = [
    `section: ${input.title}`,
    `prompt: ${input.prompt ?? ''}`,
    `voice: ${input.voice?.name ?? 'none'}`,
    ...input.sources.map((s) => `[${s.n}] ${s.title}: ${s.text}`),
  ].join('\n');
  return result({ content }, prompt, content);
}

export function createOfflineModelGateway(): ModelGateway {
  const status: LlmStatus = { mode: 'offline', model: MODEL, gatherModel: MODEL, synthesisModel: MODEL };
  return {
    status: () => status,
    modelFor: () => MODEL,

    async synthesize(input) {
      return synthesizeOffline(input);
    },

    async writeSection(input) {
      return writeSectionOffline(input);
    },

    async completeDataNeed(input) {
      // Offline, an llm data-need answers with its prompt's subject drawn from the context
      // values it names, extractively; it never invents content. A value, not a section: it
      // describes (no verdict or tally), whatever words its prompt uses.
      const { content } = composeSection({
        title: input.prompt.slice(0, 80),
        prompt: input.prompt,
        outputType: 'string',
        context: input.context,
        sources: [],
        voice: null,
        intent: 'description',
      });
      return result(content, input.prompt, content);
    },

    async judgeClaims() {
      return null; // offline verification is the deterministic check in pipeline/verify
    },

    async extractFacts(input) {
      const facts = extractFacts(
        input.text,
        input.fieldHints.map((h) => ({ key: h.key, valueType: h.valueType, label: h.label })),
      );
      const value = {
        entities: { ...facts.entities, money: facts.entities.money.map((m) => ({ text: m.text, amount: m.amount, currency: m.currency ?? null })) },
        fieldValues: facts.fieldValues,
      };
      return result(value, input.text, JSON.stringify(value));
    },

    async improvePrompt(input) {
      const improved = improvePrompt(input.prompt, input.topic);
      return result(improved, input.prompt, improved);
    },
  };
}
