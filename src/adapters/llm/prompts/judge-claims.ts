/**
 * The model judge of the verify stage: each cited sentence against the text of the sources it
 * cites, strictly — supported only when the sources state it, not when it is merely plausible.
 */
import type { JSONSchema7 } from 'ai';
import type { JudgeClaimsInput } from '../../../pipeline/ports.js';
import type { PromptPair } from '../model-caller.js';

/** `{verdicts: [{sentence, supported, reason}]}` — an object root, as structured output requires. */
export const JUDGE_CLAIMS_SCHEMA: JSONSchema7 = {
  type: 'object',
  additionalProperties: false,
  required: ['verdicts'],
  properties: {
    verdicts: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['sentence', 'supported', 'reason'],
        properties: {
          sentence: { type: 'string', description: 'The claim, copied exactly as given.' },
          supported: { type: 'boolean' },
          reason: { type: 'string', description: 'One sentence: what in the cited sources supports it, or what is missing or contradicted.' },
        },
      },
    },
  },
};

/** Builds the messages: every claim with its citations, then the text of every cited source. */
export function buildJudgeClaimsPrompt(input: JudgeClaimsInput): PromptPair {
  const system = [
    "You check a document's claims against the sources they cite, as a careful fact-checker.",
    [
      'Rules:',
      '1. A claim is supported only when the sources it cites state it: every number, amount, date, name and quotation in the claim must match the cited sources.',
      '2. Judge each claim only against the sources it cites, never against other sources or outside knowledge.',
      '3. A claim that goes beyond its sources, contradicts them, or cites a source that is not listed is not supported.',
      '4. The document also states facts of its own (its form and its computed decisions, listed under "Stated facts"): a number, date, name or value taken from them needs no source. A claim that states a different conclusion than a stated decision is not supported.',
      '5. A claim written as a table row lists the cells of one row, separated by semicolons: judge the row as one claim.',
      "6. Answer with one verdict per claim, in the order given, copying each claim's sentence exactly.",
    ].join('\n'),
  ].join('\n\n');
  const cited = new Set(input.claims.flatMap((c) => c.citations));
  const claims = input.claims.map((c, i) => `${i + 1}. ${c.sentence}\n   cites: ${c.citations.map((n) => `[${n}]`).join(' ') || 'nothing'}`);
  const sources = input.sources.filter((s) => cited.has(s.n)).map((s) => `[${s.n}]\n${s.text.trim()}`);
  const facts = (input.facts ?? []).map((f) => `- ${f.label}: ${f.value}`);
  const user = [
    `Claims:\n${claims.join('\n')}`,
    `Sources:\n\n${sources.length > 0 ? sources.join('\n\n') : '(none)'}`,
    `Stated facts:\n${facts.length > 0 ? facts.join('\n') : '(none)'}`,
  ].join('\n\n');
  return { system, user };
}
