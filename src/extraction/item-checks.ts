/**
 * Runs an item type's declarative checks (JsonLogic, json-logic-js) on an item (D6).
 * The data a rule sees is the item itself (`{"var": "value.amount"}`) plus an optional
 * `context` (e.g. `{"items": {"invoice.subtotal": {...}}}` for cross-item rules).
 */
import jsonLogic, { type AdditionalOperation, type RulesLogic } from 'json-logic-js';
import type { CheckDefinition, ExtractedItem, JsonValue } from './types.js';

/** One check outcome. `skipped` checks (no value to check) count as passed. */
export interface CheckResult {
  id: string;
  severity: CheckDefinition['severity'];
  passed: boolean;
  message: string | null;
  skipped?: true;
}

/** The part of an item the checks read. */
export type CheckableItem = Pick<ExtractedItem, 'key' | 'value' | 'value_state' | 'value_type'> & Partial<ExtractedItem>;

/**
 * Evaluates each check. Items without a value (blank, absent, …) are not evaluated: their
 * checks are reported `skipped` (missing values are the completeness rules' business). A rule
 * that throws fails with the error text.
 */
export function runItemChecks(checks: CheckDefinition[], item: CheckableItem, context: Record<string, JsonValue> = {}): CheckResult[] {
  const hasValue = item.value_state === 'present' || item.value_state === 'inferred';
  return checks.map((c) => {
    if (!hasValue) return { id: c.id, severity: c.severity, passed: true, message: 'not evaluated: the item has no value', skipped: true };
    let passed: boolean;
    let message: string | null = null;
    try {
      passed = jsonLogic.truthy(jsonLogic.apply(c.rule as unknown as RulesLogic<AdditionalOperation>, { ...item, context }));
      if (!passed) message = c.message ?? `check ${c.id} failed`;
    } catch (err) {
      passed = false;
      message = `check ${c.id} could not be evaluated: ${err instanceof Error ? err.message : String(err)}`;
    }
    return { id: c.id, severity: c.severity, passed, message };
  });
}

/** True when any error-severity check failed (validation must be refused, §4.5). */
export function hasFailedErrorCheck(results: CheckResult[]): boolean {
  return results.some((r) => !r.passed && r.severity === 'error');
}
