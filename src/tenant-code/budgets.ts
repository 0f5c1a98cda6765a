/**
 * The budgets tenant-authored code runs within, and the error that names the one it ran out of.
 *
 * Templates, expressions, computations and rules are written by tenants and evaluated by the
 * service. Each evaluation runs in a pooled worker thread (tenant-code-pool.ts) within a budget
 * of that thread's CPU time and a heap cap; inside the worker the evaluators have finer budgets of
 * their own (the Jinja step budget of templating/render-budget.ts, a computation's depth, CPU time,
 * sequence and string limits below), which stop an evaluation earlier and with a more precise name.
 */
import { DomainValidationError, ServiceUnavailableError } from '../kernel/errors.js';

/** Limits of one computation (JSONata's guardrails and ours, evaluate-computations.ts, in the worker). */
export const COMPUTATION_LIMITS = {
  /** Nested evaluation depth (recursion included): past this a computation fails with "depth budget". */
  maxDepth: 500,
  /** CPU time of one computation, counted on its worker thread: a busy host stretches the wall clock, not this. */
  cpuTimeMs: 1_000,
  /** Items of any sequence a computation builds (`[1..n]`, `$map`, `$append`, …). */
  maxSequence: 100_000,
  /**
   * Characters of any string a computation builds (checked as each step of the evaluation
   * ends). Without it, doubling a string reaches one allocation larger than the worker's whole
   * heap cap, and V8 aborts the *process* for that (a worker's heap limit only catches gradual
   * growth): a string budget keeps every allocation small.
   */
  maxStringChars: 1_000_000,
} as const;

/** Source sizes checked on the main thread before anything is parsed or sent to a worker. */
export const SOURCE_LIMITS = {
  /** A template (section output template, prompt, text narrative, …). */
  maxTemplateChars: 100_000,
  /** A JSONata computation or a Jinja expression. */
  maxExpressionChars: 10_000,
} as const;

/**
 * Tenant code ran out of one of its budgets. A request that evaluates directly answers 422 with
 * this message (it is a DomainValidationError); a run fails with it.
 */
export class TenantCodeBudgetError extends DomainValidationError {
  constructor(
    /** Which budget: `time`, `memory`, `step`, `output`, `range`, `depth`, `sequence`, `size`, `queue`. */
    readonly budget: string,
    message: string,
  ) {
    super(message);
  }
}

/** Throws when `source` is longer than `max` characters. */
export function checkSourceSize(what: string, source: string, max: number): void {
  if (source.length > max) throw new TenantCodeBudgetError('size', `${what} is ${source.length} characters long: the size budget is ${max}`);
}

/**
 * The host, not the tenant's code, is why an evaluation could not finish: the workers stayed busy
 * and the queue did not move, or the task had CPU time left but the host gave it too little. A
 * request answers 503 with `Retry-After`; a run fails saying the service is overloaded.
 */
export class TenantCodeOverloadedError extends ServiceUnavailableError {
  constructor(message: string) {
    super(`the service is overloaded: ${message}; try again later`, OVERLOAD_RETRY_AFTER_SECONDS);
  }
}

/** What an overloaded answer tells a client to wait before trying again. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;
