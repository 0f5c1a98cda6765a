/**
 * Evaluates a document's computations (named JSONata expressions) — the work the compute stage
 * and `GET /computed` send to a tenant-code worker. Deterministic: `$now()` and `$millis()`
 * return the pinned time. Each computation runs within COMPUTATION_LIMITS (JSONata's own
 * guardrails: evaluation depth, time, sequence length); a computation that hits one fails with
 * a message naming that budget, and the ones after it still run.
 */
import jsonata from 'jsonata';
import { COMPUTATION_LIMITS } from './budgets.js';

/** JSONata functions whose answer differs between runs; refused at save and at evaluation. */
export const NON_DETERMINISTIC_FUNCTIONS = ['random', 'shuffle'] as const;

export interface ComputeInput {
  computations: Readonly<Record<string, string>>;
  fields: Readonly<Record<string, string>>;
  gathered: Readonly<Record<string, unknown>>;
  /** ISO timestamp the expressions see as "now". */
  now: string;
}

export interface ComputeOutput {
  computed: Record<string, unknown>;
  errors: Record<string, string>;
  /** The first computation that ran out of a budget, and which budget (a direct request answers 422 with it). */
  budgetExceeded?: { name: string; budget: string; message: string };
}

/** Our own guardrail's code (JSONata's codes are letter + four digits). */
const STRING_BUDGET_CODE = 'QUIRE_STRING';

/**
 * JSONata calls this as each step of an evaluation ends: a string past the budget stops the
 * computation before the next step can double it again.
 */
function checkStringSize(_expr: unknown, _input: unknown, _environment: unknown, result: unknown): void {
  if (typeof result === 'string' && result.length > COMPUTATION_LIMITS.maxStringChars) throw { code: STRING_BUDGET_CODE };
}

/** JSONata's guardrail error codes, by the budget each enforces. */
const BUDGET_OF_CODE: Record<string, { budget: string; explain: () => string }> = {
  D1011: { budget: 'depth', explain: () => `went deeper than its depth budget of ${COMPUTATION_LIMITS.maxDepth} nested evaluations (runaway recursion?)` },
  D1012: { budget: 'time', explain: () => `ran longer than its time budget of ${COMPUTATION_LIMITS.timeoutMs} ms` },
  D2014: { budget: 'sequence', explain: () => `built a sequence longer than its sequence budget of ${COMPUTATION_LIMITS.maxSequence} items` },
  D2015: { budget: 'sequence', explain: () => `built a sequence longer than its sequence budget of ${COMPUTATION_LIMITS.maxSequence} items` },
  [STRING_BUDGET_CODE]: { budget: 'string', explain: () => `built a string longer than its string budget of ${COMPUTATION_LIMITS.maxStringChars} characters` },
};

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
}

/** JSONata returns arrays with extra properties (`sequence`); keep plain JSON only. */
function toPlain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** Evaluates each computation in name order; each sees the ones before it under `computed`. */
export async function evaluateComputations(input: ComputeInput): Promise<ComputeOutput> {
  const computed: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  let budgetExceeded: ComputeOutput['budgetExceeded'];
  const nowMs = Date.parse(input.now);
  for (const name of Object.keys(input.computations).sort()) {
    const source = input.computations[name];
    try {
      const expression = jsonata(source, { stack: COMPUTATION_LIMITS.maxDepth, timeout: COMPUTATION_LIMITS.timeoutMs, sequence: COMPUTATION_LIMITS.maxSequence });
      // JSONata looks its evaluation hooks up by symbol in the bindings (`assign` is typed for names).
      expression.assign(Symbol.for('jsonata.__evaluate_exit') as unknown as string, checkStringSize);
      expression.registerFunction('now', () => input.now, '<:s>');
      expression.registerFunction('millis', () => nowMs, '<:n>');
      // Refused when the config is saved (compile-computation.ts); this catches what a save
      // could not see, such as `$eval('$random()')` or a row stored before the check existed.
      for (const refused of NON_DETERMINISTIC_FUNCTIONS) {
        expression.registerFunction(refused, () => {
          throw new Error(`$${refused}() is not allowed: computations must be reproducible`);
        });
      }
      const data = { fields: input.fields, gathered: input.gathered, computed: { ...computed }, ...input.gathered, ...input.fields };
      const value: unknown = await expression.evaluate(data);
      computed[name] = value === undefined ? null : toPlain(value);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      const known = typeof code === 'string' ? BUDGET_OF_CODE[code] : undefined;
      if (known) {
        errors[name] = `computation "${name}" ${known.explain()}`;
        budgetExceeded ??= { name, budget: known.budget, message: errors[name] };
      } else if (error instanceof RangeError && /call stack/.test(error.message)) {
        errors[name] = `computation "${name}" went deeper than the call stack allows (depth budget)`;
        budgetExceeded ??= { name, budget: 'depth', message: errors[name] };
      } else {
        errors[name] = messageOf(error);
      }
      computed[name] = null;
    }
  }
  return budgetExceeded ? { computed, errors, budgetExceeded } : { computed, errors };
}
