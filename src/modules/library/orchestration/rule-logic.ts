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

// `mentions` lives with the evaluator that runs conditions (in a tenant-code worker); importing
// it also registers it with json-logic-js here, for `isLogic` and `factAt`.
export { mentions, type ConditionOutcome } from '../../../tenant-code/evaluate-logic.js';
import type { ConditionOutcome } from '../../../tenant-code/evaluate-logic.js';
import { evaluateConditionsBounded } from '../../../tenant-code/tenant-code-pool.js';

/** Whether a value is a JsonLogic rule (an object with exactly one operator key). */
export function isLogic(value: unknown): boolean {
  return jsonLogic.is_logic(value);
}

/**
 * Evaluates conditions against facts (JsonLogic truthiness: empty arrays are false) in a
 * tenant-code worker, within its deadline and heap cap: a rule is tenant-authored code.
 * An unknown operation ("Unrecognized operation …") or a budget comes back as that condition's error.
 */
export function evaluateConditions(conditions: readonly unknown[], facts: OrchestrationFacts): Promise<ConditionOutcome[]> {
  return evaluateConditionsBounded(conditions, facts);
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
