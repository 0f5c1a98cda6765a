/**
 * A template's decisions (issue 31): conclusions computed by rules, not written by a model. Each
 * decision names its inputs (paths into the fields, computed values, gathered data and earlier
 * decisions), then rules in order — the first whose JsonLogic condition holds decides — and an
 * `otherwise` outcome. The result records the rule that fired and the input values it saw, so a
 * reader sees why. Rules are tenant-authored: this runs in a tenant-code worker (evaluate-logic.ts
 * bounds `merge`/`cat` there), never on the main thread.
 */
import { evaluateConditions } from './evaluate-logic.js';

/** One outcome a decision can reach, with the words a sentence stating it uses (for the check stage). */
export interface DecisionOutcomeSpec {
  outcome: string;
  label?: string;
  /** Why, with `{input}` replaced by that input's value. */
  reason?: string;
  /** Phrases a sentence stating this outcome contains ("approve", "approval"); default: the label. */
  phrases?: string[];
}

export interface DecisionRuleSpec extends DecisionOutcomeSpec {
  /** JsonLogic over the decision's inputs (by name). */
  when: unknown;
}

/** An input: a path (`computed.pentest_age_months`), or the path and whether the decision may go on without a value. */
export type DecisionInputSpec = string | { from: string; optional?: boolean };

export interface DecisionSpec {
  key: string;
  label: string;
  inputs: Record<string, DecisionInputSpec>;
  rules: DecisionRuleSpec[];
  otherwise: DecisionOutcomeSpec;
}

export interface DecisionInputValue {
  name: string;
  from: string;
  value: unknown;
}

export interface DecisionResult {
  key: string;
  label: string;
  /** `undetermined`: an input was missing or a rule failed; `error` says which. */
  status: 'decided' | 'undetermined';
  outcome: string | null;
  outcomeLabel: string | null;
  reasons: string[];
  /** The rule that fired: its position (null: `otherwise`) and condition. */
  rule: { index: number | null; when: unknown } | null;
  inputs: DecisionInputValue[];
  error: string | null;
  /** Every outcome the decision can reach (what a contradicting sentence would state). */
  outcomes: Array<{ outcome: string; label: string; phrases: string[] }>;
}

export interface DecideInput {
  decisions: readonly DecisionSpec[];
  fields: Readonly<Record<string, string>>;
  computed: Readonly<Record<string, unknown>>;
  gathered: Readonly<Record<string, unknown>>;
}

/** `approve_with_conditions` → "Approve with conditions". */
export function outcomeLabelOf(spec: DecisionOutcomeSpec): string {
  if (spec.label && spec.label.trim() !== '') return spec.label.trim();
  const words = spec.outcome.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function outcomesOf(decision: DecisionSpec): DecisionResult['outcomes'] {
  const byOutcome = new Map<string, { outcome: string; label: string; phrases: string[] }>();
  for (const spec of [...decision.rules, decision.otherwise]) {
    const known = byOutcome.get(spec.outcome) ?? { outcome: spec.outcome, label: outcomeLabelOf(spec), phrases: [] };
    // `phrases: []` says a sentence never states this outcome in words the check could read (a per-rule verdict such as "met").
    const phrases = spec.phrases ?? [outcomeLabelOf(spec)];
    known.phrases = [...new Set([...known.phrases, ...phrases])];
    byOutcome.set(spec.outcome, known);
  }
  return [...byOutcome.values()];
}

/** The value at a dotted path (`computed.age`, `fields.vendor_name`, `decisions.assurance`). */
function valueAt(root: Record<string, unknown>, path: string): unknown {
  let value: unknown = root;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const isEmpty = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A value as a reason reads it: numbers and text as they are, a list joined. */
function spoken(value: unknown): string {
  if (isEmpty(value)) return 'none';
  if (Array.isArray(value)) return value.map(spoken).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function reasonOf(spec: DecisionOutcomeSpec, values: Record<string, unknown>): string[] {
  if (!spec.reason) return [];
  return [spec.reason.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => (name in values ? spoken(values[name]) : whole))];
}

/** One decision over the values before it; never throws (a failure is an `undetermined` result). */
function decide(decision: DecisionSpec, root: Record<string, unknown>): DecisionResult {
  const inputs = Object.entries(decision.inputs).map(([name, spec]) => {
    const from = typeof spec === 'string' ? spec : spec.from;
    const value = valueAt(root, from);
    return { name, from, value: value === undefined ? null : value, optional: typeof spec === 'object' && spec.optional === true };
  });
  const base = {
    key: decision.key,
    label: decision.label,
    inputs: inputs.map(({ name, from, value }) => ({ name, from, value })),
    outcomes: outcomesOf(decision),
  };
  const undetermined = (error: string): DecisionResult => ({
    ...base,
    status: 'undetermined',
    outcome: null,
    outcomeLabel: null,
    reasons: [],
    rule: null,
    error,
  });
  const missing = inputs.filter((i) => !i.optional && isEmpty(i.value));
  if (missing.length > 0) return undetermined(`no value for ${missing.map((i) => `${i.name} (${i.from})`).join(', ')}`);
  const values = Object.fromEntries(inputs.map((i) => [i.name, i.value]));
  const verdicts = evaluateConditions(
    decision.rules.map((r) => r.when),
    values,
  );
  for (const [index, verdict] of verdicts.entries()) {
    if (!verdict.ok) return undetermined(`rule ${index + 1} failed: ${verdict.error}`);
    if (!verdict.matched) continue;
    const rule = decision.rules[index];
    return {
      ...base,
      status: 'decided',
      outcome: rule.outcome,
      outcomeLabel: outcomeLabelOf(rule),
      reasons: reasonOf(rule, values),
      rule: { index, when: rule.when },
      error: null,
    };
  }
  const otherwise = decision.otherwise;
  return {
    ...base,
    status: 'decided',
    outcome: otherwise.outcome,
    outcomeLabel: outcomeLabelOf(otherwise),
    reasons: reasonOf(otherwise, values),
    rule: { index: null, when: null },
    error: null,
  };
}

/** Every decision in order; each may read the outcomes before it under `decisions.<key>`. */
export function evaluateDecisions(input: DecideInput): DecisionResult[] {
  const decided: Record<string, unknown> = {};
  const root: Record<string, unknown> = { fields: input.fields, computed: input.computed, gathered: input.gathered, decisions: decided };
  return input.decisions.map((decision) => {
    const result = decide(decision, root);
    decided[decision.key] = { outcome: result.outcome, label: result.outcomeLabel };
    return result;
  });
}
