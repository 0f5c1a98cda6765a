/**
 * JsonLogic over extracted facts, with one operation of our own: `mentions`
 * (`{"mentions": [{"var": "text"}, "personal data", "GDPR"]}`), true when the text contains any
 * of the phrases as whole words, case-insensitively — what intake rules need and plain JsonLogic
 * (`in`, case-sensitive substring) does badly.
 */
import jsonLogic from 'json-logic-js';

/** What a rule's condition reads: the fields (after extraction), the entities and the text. */
export interface OrchestrationFacts {
  fields: Record<string, string>;
  entities: Record<string, unknown>;
  text: string;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` mentions any phrase as whole words, ignoring case. */
export function mentions(text: unknown, ...phrases: unknown[]): boolean {
  if (typeof text !== 'string') return false;
  return phrases
    .flat()
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .some((phrase) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase.trim())}(?![\\p{L}\\p{N}])`, 'iu').test(text));
}

// json-logic-js keeps operations in one module-level table; adding ours once at load is its documented way.
jsonLogic.add_operation('mentions', mentions);

/** Whether a value is a JsonLogic rule (an object with exactly one operator key). */
export function isLogic(value: unknown): boolean {
  return jsonLogic.is_logic(value);
}

/**
 * Evaluates a condition against facts; JsonLogic truthiness (empty arrays are false).
 *
 * @throws Error for an unknown operation ("Unrecognized operation …").
 */
export function evaluateCondition(condition: unknown, facts: OrchestrationFacts): boolean {
  return jsonLogic.truthy(jsonLogic.apply(condition as jsonLogic.RulesLogic, facts as unknown as Record<string, unknown>));
}

/** The fact at a dot path (`entities.organizations.0`), JsonLogic `var` semantics; null when absent. */
export function factAt(facts: OrchestrationFacts, path: string): unknown {
  return jsonLogic.apply({ var: path }, facts as unknown as Record<string, unknown>) ?? null;
}

/** Sample facts that exercise every key, used to try a condition when it is saved. */
export const SAMPLE_FACTS: OrchestrationFacts = {
  fields: {},
  entities: { people: [], organizations: [], places: [], dates: [], money: [], emails: [] },
  text: '',
};
