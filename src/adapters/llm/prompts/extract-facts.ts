/**
 * Orchestrate's intake step: entities and field values from free text. The schema is built per
 * call so each hinted field is its own required property (strict structured output).
 */
import type { JSONSchema7 } from 'ai';
import type { PromptPair } from '../model-caller.js';

export interface FieldHint {
  key: string;
  valueType: string;
  label: string | null;
}

const STRINGS: JSONSchema7 = { type: 'array', items: { type: 'string' } };

/** `{entities: {...}, fieldValues: {<hint key>: string}}`; an empty string means "not in the text". */
export function extractFactsSchema(hints: FieldHint[]): JSONSchema7 {
  const fieldProperties: Record<string, JSONSchema7> = {};
  for (const hint of hints) {
    fieldProperties[hint.key] = { type: 'string', description: `${hint.label ?? hint.key} (${hint.valueType}); "" when the text does not give it.` };
  }
  return {
    type: 'object',
    additionalProperties: false,
    required: ['entities', 'fieldValues'],
    properties: {
      entities: {
        type: 'object',
        additionalProperties: false,
        required: ['people', 'organizations', 'places', 'dates', 'money', 'emails'],
        properties: {
          people: STRINGS,
          organizations: STRINGS,
          places: STRINGS,
          dates: { ...STRINGS, description: 'YYYY-MM-DD when the text gives a full date, else as written.' },
          money: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['text', 'amount', 'currency'],
              properties: { text: { type: 'string' }, amount: { type: 'number' }, currency: { type: ['string', 'null'] } },
            },
          },
          emails: STRINGS,
        },
      },
      fieldValues: { type: 'object', additionalProperties: false, required: hints.map((h) => h.key), properties: fieldProperties },
    },
  };
}

/** Builds the messages for one intake text. */
export function buildExtractFactsPrompt(input: { text: string; fieldHints: FieldHint[] }): PromptPair {
  const hints = input.fieldHints.map((h) => `- ${h.key}: ${h.label ?? h.key} (${h.valueType})`);
  const system = [
    "You extract facts from an intake text so a document's fields can be filled in.",
    [
      'Rules:',
      '1. Take only what the text states; never infer or add values from outside knowledge.',
      '2. Copy names, amounts and emails exactly as written; write dates as YYYY-MM-DD when the text gives day, month and year.',
      '3. A field the text does not give is the empty string "".',
      '4. Field values are plain strings: numbers without thousands separators, booleans as "true" or "false".',
    ].join('\n'),
    hints.length > 0 ? `Fields to fill:\n${hints.join('\n')}` : 'Fields to fill: none (extract entities only; fieldValues is {}).',
  ].join('\n\n');
  return { system, user: `Intake text:\n${input.text}` };
}
