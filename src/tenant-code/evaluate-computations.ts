/**
 * Evaluates a document's computations (named JSONata expressions) — the work the compute stage
 * and `GET /computed` send to a tenant-code worker. Deterministic: `$now()` and `$millis()`
 * return the pinned time. Each computation runs within COMPUTATION_LIMITS (JSONata's own
 * guardrails for evaluation depth and sequence length, ours for CPU time and string size); a
 * computation that hits one fails with a message naming that budget, and the ones after it still run.
 */
import jsonata from 'jsonata';
import { ownCpuClock } from '../kernel/thread-cpu-time.js';
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

/** Our own guardrails' codes (JSONata's codes are letter + four digits). */
const STRING_BUDGET_CODE = 'QUIRE_STRING';
const CPU_BUDGET_CODE = 'QUIRE_CPU_TIME';

/**
 * Steps between two readings of the thread's CPU time. A reading is a /proc read (~50 µs on a
 * loaded host), a step ~1 µs: every 256 steps cost a third more CPU, every 4096 a few percent
 * and overshoot the budget by a few ms.
 */
const STEPS_PER_CPU_READING = 4_096;

/**
 * What JSONata calls as each step of an evaluation ends (one hook: each is awaited per step).
 * - A string past the budget stops the computation before the next step can double it again.
 * - The CPU time the computation's thread spent bounds it, not the wall clock: JSONata's own
 *   `timeout` is wall clock, which a busy host stretches until a legitimate computation fails
 *   and is blamed for it (issue 28). Runaway recursion, which never ends a step, is caught by
 *   the depth budget; a single long built-in step by the pool's CPU budget of the whole task.
 */
function stepGuard(): (expr: unknown, input: unknown, environment: unknown, result: unknown) => void {
  const cpuMs = ownCpuClock();
  const startedMs = cpuMs();
  let steps = 0;
  return (_expr, _input, _environment, result) => {
    if (typeof result === 'string' && result.length > COMPUTATION_LIMITS.maxStringChars) throw { code: STRING_BUDGET_CODE };
    steps += 1;
    if (steps % STEPS_PER_CPU_READING === 0 && cpuMs() - startedMs > COMPUTATION_LIMITS.cpuTimeMs) throw { code: CPU_BUDGET_CODE };
  };
}

/** JSONata's guardrail error codes, by the budget each enforces. */
const BUDGET_OF_CODE: Record<string, { budget: string; explain: () => string }> = {
  D1011: { budget: 'depth', explain: () => `went deeper than its depth budget of ${COMPUTATION_LIMITS.maxDepth} nested evaluations (runaway recursion?)` },
  [CPU_BUDGET_CODE]: { budget: 'time', explain: () => `ran past its time budget of ${COMPUTATION_LIMITS.cpuTimeMs} ms of CPU` },
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
      // No JSONata `timeout` (wall clock): stepGuard bounds the CPU time instead.
      const expression = jsonata(source, { stack: COMPUTATION_LIMITS.maxDepth, sequence: COMPUTATION_LIMITS.maxSequence });
      // JSONata looks its evaluation hooks up by symbol in the bindings (`assign` is typed for names).
      expression.assign(Symbol.for('jsonata.__evaluate_exit') as unknown as string, stepGuard());
      expression.registerFunction('now', () => input.now, '<:s>');
      expression.registerFunction('millis', () => nowMs, '<:n>');
      // Refused when the config is saved (check-computation.ts); this catches what a save
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
