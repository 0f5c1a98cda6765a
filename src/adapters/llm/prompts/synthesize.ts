/**
 * The synthesize stage's one batched structured-output call: fields, gathered and computed
 * values and the brief become the synthesized context the sections are written from. Without a
 * schema in the document's config, the default shape matches the offline composer's, so
 * templates read `synthesized.summary`, `synthesized.amounts[0].amount` the same in both modes.
 */
import type { JSONSchema7 } from 'ai';
import type { SynthesizeInput } from '../../../pipeline/ports.js';
import type { PromptPair } from '../model-caller.js';
import { jsonBlock } from './prompt-parts.js';

const STRINGS: JSONSchema7 = { type: 'array', items: { type: 'string' } };

/** The default synthesized context, written to OpenAI's strict subset (all keys required, no extras). */
export const DEFAULT_SYNTHESIS_SCHEMA: JSONSchema7 = {
  type: 'object',
  additionalProperties: false,
  required: ['summary', 'key_facts', 'parties', 'dates', 'amounts', 'open_questions'],
  properties: {
    summary: { type: 'string', description: 'Two or three sentences: what the document is about, for whom, and why.' },
    key_facts: { ...STRINGS, description: 'Facts stated in the inputs, one per item, as "Label: value".' },
    parties: {
      type: 'array',
      description: 'Organizations and people named in the inputs.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'kind', 'role'],
        properties: {
          name: { type: 'string' },
          kind: { type: 'string', enum: ['organization', 'person'] },
          role: { type: ['string', 'null'], description: 'Their role in the document (e.g. "Client"), or null.' },
        },
      },
    },
    dates: { ...STRINGS, description: 'Dates named in the inputs, YYYY-MM-DD when fully given.' },
    amounts: {
      type: 'array',
      description: 'Money amounts named in the inputs.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['text', 'amount', 'currency'],
        properties: {
          text: { type: 'string', description: 'As written, e.g. "EUR 25,000".' },
          amount: { type: 'number' },
          currency: { type: ['string', 'null'], description: 'ISO 4217 code, or null when not stated.' },
        },
      },
    },
    open_questions: { ...STRINGS, description: 'What the inputs leave unknown or undecided and a writer would need.' },
  },
};

/** Builds the messages; the schema itself goes to the provider as the response format too. */
export function buildSynthesizePrompt(input: SynthesizeInput, schema: object): PromptPair {
  const system = [
    'You condense the inputs of a document into a structured context that later steps write the document from.',
    [
      'Rules:',
      '1. Use only the inputs in the user message; never add facts, names, numbers or dates from outside knowledge.',
      '2. Copy names, numbers, amounts and dates exactly as the inputs give them.',
      '3. Where the inputs do not give a value the schema asks for, use an empty string, an empty list or null as the schema allows — never a guess — and, when the schema has a place for open questions, record the gap there.',
      '4. Answer with one JSON object that matches the JSON Schema below, and nothing else.',
    ].join('\n'),
    input.instructions && input.instructions.trim() !== '' ? `Instructions from the document's author:\n${input.instructions.trim()}` : '',
    `JSON Schema of the answer:\n${jsonBlock(schema)}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const user = [
    `Brief:\n${input.brief && input.brief.trim() !== '' ? input.brief.trim() : '(none)'}`,
    `Fields (JSON):\n${jsonBlock(input.fields)}`,
    `Gathered data (JSON):\n${jsonBlock(input.gathered)}`,
    `Computed values (JSON):\n${jsonBlock(input.computed)}`,
  ].join('\n\n');
  return { system, user };
}
