/**
 * The one place the service evaluates tenant-authored code: every template render, Jinja
 * expression and JSONata computation goes through here to a small pool of worker threads
 * (kernel/worker-pool.ts), each task within a CPU-time budget of its worker thread and each worker
 * within a heap cap. A task that runs out of either stops only its worker (which is replaced); the
 * caller gets a TenantCodeBudgetError naming the budget, and the main event loop never runs tenant
 * code. When the host is the cause (the queue stopped moving, or a task within its CPU budget took
 * longer than the overload time), the caller gets a TenantCodeOverloadedError (503, a run failure
 * saying the service is overloaded): see docs/adr/0202 and 0203.
 *
 * The pool is process-wide (one per process, like a connection pool): `configureTenantCode` is
 * called once at start-up with the configured sizes; until then the defaults apply.
 */
import { DomainValidationError } from '../kernel/errors.js';
import type { RenderResult, TemplateCheck } from '../templating/index.js';
import {
  PoolTaskError,
  WorkerOutOfMemoryError,
  WorkerOverloadedError,
  WorkerPool,
  WorkerQueueTimeoutError,
  WorkerTimeoutError,
} from '../kernel/worker-pool.js';
import { SOURCE_LIMITS, TenantCodeBudgetError, TenantCodeOverloadedError, checkSourceSize } from './budgets.js';
import { widenPolymorphicInlineCaches } from './polymorphic-inline-caches.js';
import type { ComputationCheck } from './check-computation.js';
import type { ComputeInput, ComputeOutput } from './evaluate-computations.js';
import type { ConditionOutcome } from './evaluate-logic.js';
import type { DecideInput, DecisionResult } from './evaluate-decisions.js';
import type { ExpressionOutcome, RenderedBatch, TenantCodeTask } from './tenant-code-task.js';

export interface TenantCodeSettings {
  /** Worker threads (tasks beyond them queue). */
  workers: number;
  /**
   * CPU time one task may spend, counted from when a worker takes it (the worker thread's own CPU
   * time where the platform lets it be read — Linux —, else wall-clock time).
   */
  timeoutMs: number;
  /** How long a task may wait for a free worker while no worker finishes a task before it fails (the service is overloaded). */
  queueTimeoutMs: number;
  /** Wall-clock time a task within its CPU budget may take before it fails as overloaded (default: 20 × timeoutMs, at least 60 s). */
  overloadAfterMs?: number;
  /** Heap cap of each worker, in MB. */
  maxHeapMb: number;
}

export const DEFAULT_TENANT_CODE_SETTINGS: TenantCodeSettings = { workers: 2, timeoutMs: 3_000, queueTimeoutMs: 30_000, maxHeapMb: 128 };

/** Templates per worker message: a run's sections go in few messages, each well inside the deadline. */
const RENDER_BATCH = 8;

let settings: TenantCodeSettings = DEFAULT_TENANT_CODE_SETTINGS;
let pool: WorkerPool<TenantCodeTask, unknown> | null = null;
/** Templates the workers compiled (a cache miss in the worker that rendered them). */
let compilations = 0;

/**
 * Sets the pool's sizes; a running pool with other sizes is replaced. The workers start with the
 * first task (a process that never evaluates tenant code, e.g. most test files, starts none);
 * their start-up is queue time, not run time, so it never counts against a tenant's deadline.
 */
export function configureTenantCode(next: TenantCodeSettings): void {
  if (pool && (next.workers !== settings.workers || next.maxHeapMb !== settings.maxHeapMb)) {
    const previous = pool;
    pool = null;
    void previous.close();
  }
  settings = next;
  settingsGeneration += 1;
}

/** Counts configureTenantCode calls: an answer that depended on the budgets (it ran out of one) is stale after one. */
let settingsGeneration = 0;

/** The current settings generation (see configureTenantCode). */
export function tenantCodeSettingsGeneration(): number {
  return settingsGeneration;
}

function thePool(): WorkerPool<TenantCodeTask, unknown> {
  // Before the workers start, so the interpreter's code is optimized with the wider caches from its first run.
  widenPolymorphicInlineCaches();
  pool ??= new WorkerPool<TenantCodeTask, unknown>({
    callerUrl: import.meta.url,
    module: 'tenant-code.worker',
    size: settings.workers,
    maxHeapMb: settings.maxHeapMb,
  });
  return pool;
}

/** The pool's counters (tests, metrics). */
export function tenantCodeStats() {
  return thePool().stats();
}

/** How many template compilations the workers have done in this process (tests, benchmarks). */
export function templateCompilationsInPool(): number {
  return compilations;
}

/**
 * The lane of a template: the same text always goes to the same worker, whose cache holds its
 * compiled program (compiled templates are per thread). FNV-1a over the UTF-16 units: cheap on
 * the main thread, and evenly spread. A worker with nothing of its lane left takes the other
 * lane's waiting batches (compiling them too), so colliding lanes never idle a worker.
 */
export function templateLane(source: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < source.length; i += 1) hash = Math.imul(hash ^ source.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % settings.workers;
}

/**
 * Runs one task; `what` names it in errors ("template of section X").
 * @throws TenantCodeBudgetError when the task ran out of time or memory (or waited out its deadline).
 */
export async function runTask(task: TenantCodeTask, what: string, affinity?: number): Promise<unknown> {
  const overloadAfterMs = settings.overloadAfterMs ?? Math.max(60_000, 20 * settings.timeoutMs);
  try {
    const { timeoutMs, queueTimeoutMs } = settings;
    return await thePool().run(task, { timeoutMs, queueTimeoutMs, affinity, cpuTime: { overloadAfterMs }, queueWhileMoving: true });
  } catch (error) {
    // The host's fault, not the template's: the queue stood still, or the task had CPU budget left.
    if (error instanceof WorkerQueueTimeoutError) {
      throw new TenantCodeOverloadedError(`${what} waited ${settings.queueTimeoutMs} ms for an evaluation worker while none finished a task`);
    }
    if (error instanceof WorkerOverloadedError) {
      throw new TenantCodeOverloadedError(`${what} was still within its CPU budget of ${settings.timeoutMs} ms: ${error.message}`);
    }
    if (error instanceof WorkerTimeoutError) {
      throw new TenantCodeBudgetError('time', `${what} ran past its time budget of ${settings.timeoutMs} ms of CPU and was stopped`);
    }
    if (error instanceof WorkerOutOfMemoryError)
      throw new TenantCodeBudgetError('memory', `${what} needed more than its memory budget of ${settings.maxHeapMb} MB and was stopped`);
    if (error instanceof PoolTaskError) throw new Error(`${what} could not be evaluated: ${error.message}`);
    throw error;
  }
}

/**
 * Renders several templates over one context: one promise per template, settled as soon as its
 * batch is rendered (a caller can use the first results while later batches still render).
 * Batches are formed per lane (see templateLane), in order, and sent as they fill. A template's own
 * problem (syntax, step or output budget, …) comes back in its result's `error`; a template over
 * the size budget is not sent at all.
 * @param describe names the template at `index` in errors
 * @returns promises that reject with TenantCodeBudgetError when their batch ran out of time or
 *   memory (the batch's templates are named); a caller that may leave some unawaited must catch them.
 */
export function renderTemplatesEach(
  sources: readonly string[],
  context: Record<string, unknown>,
  describe: (index: number) => string,
): Array<Promise<RenderResult>> {
  const results = new Array<Promise<RenderResult>>(sources.length);
  const send = (batch: number[], lane: number) => {
    const what = batch.length === 1 ? describe(batch[0]) : `rendering ${batch.map(describe).join(', ')}`;
    const answer = (runTask({ kind: 'render', sources: batch.map((i) => sources[i]), context }, what, lane) as Promise<RenderedBatch>).then((rendered) => {
      compilations += rendered.compilations;
      return rendered.results;
    });
    batch.forEach((index, at) => {
      results[index] = answer.then((rendered) => rendered[at]);
    });
  };
  const open = new Map<number, number[]>();
  sources.forEach((source, index) => {
    if (source.length > SOURCE_LIMITS.maxTemplateChars) {
      results[index] = Promise.resolve({
        output: '',
        undefinedVariables: [],
        error: `the template is ${source.length} characters long: the size budget is ${SOURCE_LIMITS.maxTemplateChars}`,
      });
      return;
    }
    const lane = templateLane(source);
    const batch = open.get(lane) ?? [];
    batch.push(index);
    open.set(lane, batch);
    if (batch.length === RENDER_BATCH) {
      open.delete(lane);
      send(batch, lane);
    }
  });
  for (const [lane, batch] of open) send(batch, lane);
  return results;
}

/**
 * Renders several templates over one context, in order (see renderTemplatesEach).
 * @throws TenantCodeBudgetError when a batch ran out of time or memory (the batch's templates are named).
 */
export async function renderTemplates(
  sources: readonly string[],
  context: Record<string, unknown>,
  describe: (index: number) => string,
): Promise<RenderResult[]> {
  return Promise.all(renderTemplatesEach(sources, context, describe));
}

/** Renders one template (see renderTemplates). */
export async function renderTemplateBounded(source: string, context: Record<string, unknown>, what = 'the template'): Promise<RenderResult> {
  const [result] = await renderTemplates([source], context, () => what);
  return result;
}

/**
 * Evaluates one Jinja expression (data-need kind `template`) in a worker.
 * @throws TenantCodeBudgetError over a budget; DomainValidationError when it does not parse or fails.
 */
export async function evaluateExpressionBounded(expression: string, context: Record<string, unknown>): Promise<unknown> {
  checkSourceSize('the expression', expression, SOURCE_LIMITS.maxExpressionChars);
  const outcome = (await runTask({ kind: 'expression', expression, context }, `expression "${expression.slice(0, 80)}"`)) as ExpressionOutcome;
  if (outcome.ok) return outcome.value;
  const budget = budgetNamed(outcome.error);
  throw budget ? new TenantCodeBudgetError(budget, outcome.error) : new DomainValidationError(outcome.error);
}

/** Which budget a Jinja runtime error names ("… (step budget) …"), if any. */
export function budgetNamed(message: string): string | undefined {
  return /\((\w+) budget/.exec(message)?.[1];
}

/**
 * Evaluates a document's computations in a worker. A computation over its own budget fails alone
 * (`errors`, `budgetExceeded`); when the whole task runs out of time or memory, every computation
 * fails with that budget's message.
 */
export async function computeBounded(input: ComputeInput): Promise<ComputeOutput> {
  const names = Object.keys(input.computations).sort();
  if (names.length === 0) return { computed: {}, errors: {} };
  const oversized = names.find((name) => (input.computations[name] ?? '').length > SOURCE_LIMITS.maxExpressionChars);
  try {
    if (oversized) checkSourceSize(`computation "${oversized}"`, input.computations[oversized] ?? '', SOURCE_LIMITS.maxExpressionChars);
    return (await runTask({ kind: 'computations', input }, `the computations (${names.join(', ')})`)) as ComputeOutput;
  } catch (error) {
    if (!(error instanceof TenantCodeBudgetError)) throw error;
    return {
      computed: Object.fromEntries(names.map((name) => [name, null])),
      errors: Object.fromEntries(names.map((name) => [name, error.message])),
      budgetExceeded: { name: oversized ?? names[0], budget: error.budget, message: error.message },
    };
  }
}

/**
 * Evaluates JsonLogic conditions over one set of facts in a worker. When the task runs out of
 * time or memory, every condition fails with that budget's message.
 */
export async function evaluateConditionsBounded(conditions: readonly unknown[], data: unknown): Promise<ConditionOutcome[]> {
  if (conditions.length === 0) return [];
  try {
    return (await runTask(
      { kind: 'logic', conditions: [...conditions], data },
      conditions.length === 1 ? 'the condition' : `the ${conditions.length} conditions`,
    )) as ConditionOutcome[];
  } catch (error) {
    if (!(error instanceof TenantCodeBudgetError)) throw error;
    return conditions.map(() => ({ ok: false, error: error.message }));
  }
}

/**
 * Evaluates a template's decisions in a worker. When the task runs out of time or memory, every
 * decision is undetermined with that budget's message (a readiness gap, never a guessed outcome).
 */
export async function evaluateDecisionsBounded(input: DecideInput): Promise<DecisionResult[]> {
  if (input.decisions.length === 0) return [];
  try {
    return (await runTask({ kind: 'decisions', input }, `the decisions (${input.decisions.map((d) => d.key).join(', ')})`)) as DecisionResult[];
  } catch (error) {
    if (!(error instanceof TenantCodeBudgetError)) throw error;
    return input.decisions.map((d) => ({
      key: d.key,
      label: d.label,
      status: 'undetermined',
      outcome: null,
      outcomeLabel: null,
      reasons: [],
      rule: null,
      inputs: [],
      error: error.message,
      outcomes: [],
    }));
  }
}

/**
 * Checks templates before they are stored: for each, whether it parses (why not, with the line)
 * and what it reads (members of `namespaces` too), in one worker task.
 * @throws TenantCodeBudgetError when checking them ran out of time or memory.
 */
export async function checkTemplatesBounded(sources: readonly string[], namespaces: readonly string[] = []): Promise<TemplateCheck[]> {
  if (sources.length === 0) return [];
  const what = sources.length === 1 ? 'checking the template' : `checking the ${sources.length} templates`;
  return (await runTask({ kind: 'check', sources: [...sources], namespaces: [...namespaces] }, what)) as TemplateCheck[];
}

/** A template no check answered for (a caller asked about a text it did not send). */
const UNCHECKED: TemplateCheck = { problem: 'the template was not checked', variables: [], members: [], reads: [] };

/** Checks templates in one worker task (see checkTemplatesBounded); the answer looks a check up by its text. */
export async function templateChecksOf(sources: readonly string[], namespaces: readonly string[] = []): Promise<(source: string) => TemplateCheck> {
  const unique = [...new Set(sources)];
  const checks = await checkTemplatesBounded(unique, namespaces);
  const bySource = new Map(unique.map((source, i) => [source, checks[i] ?? UNCHECKED]));
  return (source) => bySource.get(source) ?? UNCHECKED;
}

/** Why `source` does not parse (with the line), or null; checked in a worker (see checkTemplatesBounded). */
export async function templateSyntaxProblem(source: string): Promise<string | null> {
  const [check] = await checkTemplatesBounded([source]);
  return check?.problem ?? null;
}

/**
 * Re-indents a template's block tags in a worker (the tidy assistant).
 * @throws DomainValidationError when it does not parse; TenantCodeBudgetError over a budget.
 */
export async function tidyTemplateBounded(source: string): Promise<string> {
  const outcome = (await runTask({ kind: 'tidy', source }, 'tidying the template')) as ExpressionOutcome;
  if (!outcome.ok) throw new DomainValidationError(`template does not parse: ${outcome.error}`);
  return outcome.value as string;
}

/**
 * Checks computations (JSONata) in one worker task: JSONata's parser is super-linear, so a legal
 * 10,000-character expression would hold the main thread for seconds (docs/adr/0201). Answers
 * are remembered by text (readiness and staleness ask about the same few on every read).
 * @throws TenantCodeBudgetError when checking them ran out of time or memory.
 */
export async function computationChecksOf(sources: readonly string[]): Promise<(source: string) => ComputationCheck> {
  const unknown = [...new Set(sources)].filter((source) => !checkedComputations.has(source));
  if (unknown.length > 0) {
    const what = unknown.length === 1 ? 'checking the computation' : `checking the ${unknown.length} computations`;
    const checks = (await runTask({ kind: 'computation-check', sources: unknown }, what)) as ComputationCheck[];
    unknown.forEach((source, i) => rememberCheck(source, checks[i] ?? UNCHECKED_COMPUTATION));
  }
  const answers = new Map(sources.map((source) => [source, checkedComputations.get(source) ?? UNCHECKED_COMPUTATION]));
  return (source) => answers.get(source) ?? UNCHECKED_COMPUTATION;
}

/** A computation no check answered for (a caller asked about a text it did not send). */
const UNCHECKED_COMPUTATION: ComputationCheck = { problem: 'the computation was not checked', reads: [] };

/** Checked computations by text, the least recently checked dropped first beyond the bound. */
const checkedComputations = new Map<string, ComputationCheck>();
const MAX_CHECKED_COMPUTATIONS = 1_000;

function rememberCheck(source: string, check: ComputationCheck): void {
  checkedComputations.delete(source);
  checkedComputations.set(source, check);
  if (checkedComputations.size > MAX_CHECKED_COMPUTATIONS) checkedComputations.delete(checkedComputations.keys().next().value as string);
}

/**
 * What each computation reads (see computationChecksOf), for readiness and staleness: a read must
 * not fail over a computation too costly to parse (it failed its save, or the budget has shrunk
 * since), so such a computation reads nothing known here; an overloaded pool still throws.
 */
export async function computationReadsOf(sources: readonly string[]): Promise<(source: string) => readonly string[]> {
  try {
    const checkOf = await computationChecksOf(sources);
    return (source) => checkOf(source).reads;
  } catch (error) {
    if (!(error instanceof TenantCodeBudgetError)) throw error;
    return () => [];
  }
}
