/**
 * JsonLogic conditions (orchestration rules), evaluated in a tenant-code worker: a rule is
 * tenant-authored, and `map`/`reduce` over `merge`d or `cat`ed values double their size per step,
 * so a rule of a few hundred bytes can run for hours or fill the heap.
 *
 * One operation of our own: `mentions` (`{"mentions": [{"var": "text"}, "personal data", "GDPR"]}`),
 * true when the text contains any of the phrases as whole words, case-insensitively.
 */
import jsonLogic from 'json-logic-js';
import { COMPUTATION_LIMITS } from './budgets.js';

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` mentions any phrase as whole words, ignoring case. */
export function mentions(text: unknown, ...phrases: unknown[]): boolean {
  if (typeof text !== 'string') return false;
  return phrases
    .flat()
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .some((phrase) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase.trim())}(?![\\p{L}\\p{N}])`, 'iu').test(text));
}

/**
 * `merge` and `cat` as JsonLogic defines them, within the sequence and string budgets of
 * computations: doubling an array or a string with them reaches, in a few dozen steps, one
 * allocation larger than the worker's heap cap, which V8 answers by aborting the whole process
 * (see budgets.ts). Each result is checked before it is built.
 */
export function boundedMerge(...values: unknown[]): unknown[] {
  const size = values.reduce<number>((sum, v) => sum + (Array.isArray(v) ? v.length : 1), 0);
  if (size > COMPUTATION_LIMITS.maxSequence) throw new Error(`merge would build ${size} items: the sequence budget is ${COMPUTATION_LIMITS.maxSequence}`);
  return values.flatMap((v) => (Array.isArray(v) ? (v as unknown[]) : [v]));
}

export function boundedCat(...values: unknown[]): string {
  const parts = values.map((v) => String(v));
  const size = parts.reduce((sum, p) => sum + p.length, 0);
  if (size > COMPUTATION_LIMITS.maxStringChars)
    throw new Error(`cat would build ${size} characters: the string budget is ${COMPUTATION_LIMITS.maxStringChars}`);
  return parts.join('');
}

// json-logic-js keeps operations in one module-level table; adding ours once at load is its
// documented way (an operation of the same name replaces the built-in one).
jsonLogic.add_operation('mentions', mentions);
jsonLogic.add_operation('merge', boundedMerge);
jsonLogic.add_operation('cat', boundedCat);

/** A condition's verdict, or why it could not be evaluated. */
export type ConditionOutcome = { ok: true; matched: boolean } | { ok: false; error: string };

/** Evaluates each condition against the same data (JsonLogic truthiness). */
export function evaluateConditions(conditions: readonly unknown[], data: unknown): ConditionOutcome[] {
  return conditions.map((condition) => {
    try {
      return { ok: true, matched: jsonLogic.truthy(jsonLogic.apply(condition as jsonLogic.RulesLogic, data as Record<string, unknown>)) };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  });
}
