/**
 * Reading a model's structured answer the way a person would: models wrap JSON in a code fence,
 * put a sentence before it, leave a trailing comma, quote with single quotes, or stop before the
 * last brace. `jsonrepair` (a maintained library) mends those common faults; what it cannot
 * mend, or what still does not match the schema, is an error the caller feeds back to the model
 * on a bounded retry (model-caller.ts, issue 31 row 8).
 */
import { jsonrepair } from 'jsonrepair';
import { validateAgainstSchema } from '../offline/schema-fill.js';
import { stripCodeFences } from './strip-code-fences.js';

/** The answer as an object the schema accepts, or what is wrong with it, in words. */
export type StructuredReading = { ok: true; value: Record<string, unknown>; repaired: boolean } | { ok: false; error: string };

/** The JSON in an answer: from its first brace on, when prose comes before it. */
function jsonPart(text: string): string {
  const inner = stripCodeFences(text);
  const brace = inner.indexOf('{');
  return brace > 0 ? inner.slice(brace) : inner;
}

function parse(text: string): { value: unknown; repaired: boolean } | { error: string } {
  // Prose with no object in it is not a damaged answer: repairing it would only quote it.
  if (!/^\s*[{[]/.test(text)) return { error: 'the answer is not valid JSON for the requested schema: it holds no JSON object' };
  try {
    return { value: JSON.parse(text) as unknown, repaired: false };
  } catch (error) {
    try {
      return { value: JSON.parse(jsonrepair(text)) as unknown, repaired: true };
    } catch {
      return { error: `the answer is not valid JSON for the requested schema (${error instanceof Error ? error.message : String(error)})` };
    }
  }
}

/** Reads (and if need be repairs) a structured answer and checks it against the schema. */
export function readStructuredAnswer(text: string, schema: object): StructuredReading {
  const parsed = parse(jsonPart(text));
  if ('error' in parsed) return { ok: false, error: parsed.error };
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'the answer is not a JSON object' };
  const errors = validateAgainstSchema(schema, value);
  if (errors.length > 0) return { ok: false, error: `the answer does not match the schema: ${errors.slice(0, 5).join('; ')}` };
  return { ok: true, value: value as Record<string, unknown>, repaired: parsed.repaired };
}
