/**
 * The `offline` language model: a deterministic composer, documented as such. It writes each
 * synthesized section extractively from the numbered sources it is given (with real `[n]`
 * citations), synthesizes a structured context from the inputs, extracts facts with an NLP
 * library, and rewrites prompts by a checklist. No network, same input → same output.
 * Token counts are estimates (characters / 4), so run manifests still show the work's size.
 */
import type { LlmStatus, ModelGateway, ModelResult } from '../../pipeline/ports.js';
import { composeSection } from './compose-section.js';
import { extractFacts } from './extract-facts.js';
import { improvePrompt } from './improve-prompt.js';
import { synthesizeContextWithReport } from './synthesize-context.js';

const MODEL = 'offline-composer-1';

function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** "processing_name" → "Processing name": how a person would label the value in prose. */
function humanize(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The values a composed section may state: the document's filled-in fields and its scalar
 * computed values, under readable labels. Sources carry the reference text (cited), so long
 * gathered texts and the synthesized blob are left out rather than dumped into prose.
 */
function statableContext(context: Record<string, unknown>): Record<string, unknown> {
  const statable: Record<string, unknown> = {};
  const fields = (context.fields ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) if (typeof value === 'string' && value.trim() !== '') statable[humanize(key)] = value;
  const computed = (context.computed ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(computed)) if (typeof value === 'number' || (typeof value === 'string' && value.length < 120)) statable[humanize(key)] = value;
  return statable;
}

function result<T>(value: T, prompt: string, output: string): ModelResult<T> {
  return { value, model: MODEL, usage: { inputTokens: estimateTokens(prompt), outputTokens: estimateTokens(output) }, prompt };
}

export function createOfflineModelGateway(): ModelGateway {
  const status: LlmStatus = { mode: 'offline', model: MODEL, gatherModel: MODEL, synthesisModel: MODEL };
  return {
    status: () => status,
    modelFor: () => MODEL,

    async synthesize(input) {
      const { context } = synthesizeContextWithReport({ fields: input.fields, gathered: input.gathered, computed: input.computed, brief: input.brief, schema: input.schema });
      const prompt = `synthesize context from ${Object.keys(input.fields).length} fields, ${Object.keys(input.gathered).length} gathered and ${Object.keys(input.computed).length} computed values`;
      return result(context, prompt, JSON.stringify(context));
    },

    async writeSection(input) {
      const { content } = composeSection({
        title: input.title,
        prompt: input.prompt,
        outputType: input.outputType,
        context: statableContext(input.context),
        sources: input.sources.map((s) => ({ n: s.n, title: s.title, text: s.text })),
        voice: input.voice,
      });
      const prompt = [`section: ${input.title}`, `prompt: ${input.prompt ?? ''}`, `voice: ${input.voice?.name ?? 'none'}`, ...input.sources.map((s) => `[${s.n}] ${s.title}: ${s.text}`)].join('\n');
      return result({ content }, prompt, content);
    },

    async completeDataNeed(input) {
      // Offline, an llm data-need answers with its prompt's subject drawn from the context
      // values it names, extractively; it never invents content.
      const { content } = composeSection({ title: input.prompt.slice(0, 80), prompt: input.prompt, outputType: 'string', context: input.context, sources: [], voice: null });
      return result(content, input.prompt, content);
    },

    async judgeClaims() {
      return null; // offline verification is the deterministic check in pipeline/verify
    },

    async extractFacts(input) {
      const facts = extractFacts(input.text, input.fieldHints.map((h) => ({ key: h.key, valueType: h.valueType, label: h.label })));
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
