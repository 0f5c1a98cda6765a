/**
 * What a tenant-code worker does with one task: the messages the pool sends and answers, and the
 * plain function that runs them (the worker is a thin shell around it, so it is testable on the
 * main thread too).
 */
import {
  checkTemplate,
  evaluateExpression,
  renderTemplatesOver,
  templateCompilations,
  tidyTemplate,
  type RenderResult,
  type TemplateCheck,
  validateTemplateSyntax,
} from '../templating/index.js';
import { checkComputation, type ComputationCheck } from './check-computation.js';
import { evaluateComputations, type ComputeInput, type ComputeOutput } from './evaluate-computations.js';
import { evaluateConditions, type ConditionOutcome } from './evaluate-logic.js';
import { evaluateDecisions, type DecideInput, type DecisionResult } from './evaluate-decisions.js';
import { fillWordTemplateNow, type WordFillOutcome } from '../word-template/fill-template.js';
import { inspectWordTemplateNow } from '../word-template/inspect-template.js';
import type { WordNameCatalog, WordTemplateFill, WordTemplateReport } from '../word-template/word-template-types.js';

export type TenantCodeTask =
  /** Several templates over one context (one structured clone of the context for all). */
  | { kind: 'render'; sources: string[]; context: Record<string, unknown> }
  | { kind: 'expression'; expression: string; context: Record<string, unknown> }
  | { kind: 'computations'; input: ComputeInput }
  /** JsonLogic conditions over one set of facts. */
  | { kind: 'logic'; conditions: unknown[]; data: unknown }
  /** A template's decisions (rules in JsonLogic) over the run's values. */
  | { kind: 'decisions'; input: DecideInput }
  /** Templates to check before they are stored (syntax, what they read). */
  | { kind: 'check'; sources: string[]; namespaces: string[] }
  /** A template to re-indent (the tidy assistant); it must parse. */
  | { kind: 'tidy'; source: string }
  /** Computations (JSONata) to check before they are stored or read: whether they can work, what they read. */
  | { kind: 'computation-check'; sources: string[] }
  /** A Word template to inspect (tags, names, problems) against the names its document can bind to. */
  | { kind: 'word-inspect'; bytes: Uint8Array; catalog: WordNameCatalog }
  /** A Word template to fill (word-template/fill-template.ts). */
  | { kind: 'word-fill'; bytes: Uint8Array; fill: WordTemplateFill };

export type ExpressionOutcome = { ok: true; value: unknown } | { ok: false; error: string };

/** A render task's answer: the results in order, and how many templates it had to compile (not cached in this worker). */
export interface RenderedBatch {
  results: RenderResult[];
  compilations: number;
}

/** A stack overflow is the call-depth budget running out: say so instead of V8's wording. */
function explainOverflow(render: () => RenderResult): RenderResult {
  const result = render();
  if (result.error && /Maximum call stack size exceeded/.test(result.error)) {
    return { ...result, error: 'render error: template recursion ran past the depth budget (the call stack)' };
  }
  return result;
}

/** A tidied template, or why it cannot be tidied (it does not parse: tidying could change its meaning). */
function tidied(source: string): ExpressionOutcome {
  const problem = validateTemplateSyntax(source);
  return problem === null ? { ok: true, value: tidyTemplate(source) } : { ok: false, error: problem };
}

/** What a task answers, by kind. */
export type TenantCodeAnswer =
  | RenderedBatch
  | ExpressionOutcome
  | ComputeOutput
  | ConditionOutcome[]
  | DecisionResult[]
  | TemplateCheck[]
  | ComputationCheck[]
  | WordTemplateReport
  | WordFillOutcome;

export async function runTenantCodeTask(task: TenantCodeTask): Promise<TenantCodeAnswer> {
  switch (task.kind) {
    case 'render': {
      // The context is converted once for the batch; each template compiles once per worker.
      const before = templateCompilations();
      const results = renderTemplatesOver(task.sources, task.context, explainOverflow);
      return { results, compilations: templateCompilations() - before };
    }
    case 'expression':
      try {
        return { ok: true, value: evaluateExpression(task.expression, task.context) };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    case 'computations':
      return evaluateComputations(task.input);
    case 'logic':
      return evaluateConditions(task.conditions, task.data);
    case 'decisions':
      return evaluateDecisions(task.input);
    case 'check':
      return task.sources.map((source) => checkTemplate(source, task.namespaces));
    case 'tidy':
      return tidied(task.source);
    case 'computation-check':
      return task.sources.map(checkComputation);
    case 'word-inspect':
      return inspectWordTemplateNow(task.bytes, task.catalog);
    case 'word-fill':
      return fillWordTemplateNow(task.bytes, task.fill);
  }
}
