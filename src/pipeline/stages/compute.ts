/**
 * The compute stage: named JSONata expressions over fields, gathered values and earlier
 * computations. Pure and deterministic — `$now()` and `$millis()` return the run's pinned
 * time, so a reproduced run computes the same values. Also serves `GET /computed`.
 */
import jsonata from 'jsonata';
import { NON_DETERMINISTIC_FUNCTIONS } from './compile-computation.js';

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
}

/** Evaluates each computation in name order; each sees the ones before it under `computed`. */
export async function computeValues(input: ComputeInput): Promise<ComputeOutput> {
  const computed: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  const nowMs = Date.parse(input.now);
  for (const name of Object.keys(input.computations).sort()) {
    const source = input.computations[name];
    try {
      const expression = jsonata(source);
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
      const value: unknown = await withTimeout(expression.evaluate(data), 2_000, name);
      computed[name] = value === undefined ? null : toPlain(value);
    } catch (error) {
      errors[name] = error instanceof Error ? error.message : String((error as { message?: string }).message ?? error);
      computed[name] = null;
    }
  }
  return { computed, errors };
}

/** JSONata returns arrays with extra properties (`sequence`); keep plain JSON only. */
function toPlain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

function withTimeout<T>(promise: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`computation "${name}" took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
