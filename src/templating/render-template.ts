/**
 * Renders a tenant-authored Jinja template inside the sandbox.
 *
 * Pipeline: parse → mark missing variables → sandbox rewrite → interpret in a scope that
 * holds only data and our helpers. Nothing in the template can reach a host object: the
 * library resolves names and attributes through Maps only, our rewrite refuses function
 * values wherever they would be turned into text, and the context is copied to plain data.
 */
import { Interpreter } from '@huggingface/jinja';
import type { ProgramNode } from './jinja-ast.js';
import { stringOf } from './jinja-runtime.js';
import { guardMissingVariables } from './missing-variable-guard.js';
import { RenderBudget } from './render-budget.js';
import { rewriteBody } from './sandbox-rewrite.js';
import { createSandboxScope } from './sandbox-scope.js';
import { parseTemplateOrExplain } from './template-syntax.js';

export { validateTemplateSyntax } from './template-syntax.js';

/** Result of a render; `error` is set (and `output` empty) when the template cannot render. */
export interface RenderResult {
  output: string;
  /** Variables rendered as `[[missing: …]]`, unique, in first-seen order. */
  undefinedVariables: string[];
  error?: string;
}

/**
 * Renders `source` with `context`. Never throws for template problems: a syntax error
 * (with its line) or a runtime error (unknown filter, step limit, …) comes back in `error`.
 * Deterministic: the same source and context give the same bytes.
 */
export function renderTemplate(source: string, context: Record<string, unknown>): RenderResult {
  const missing = new Set<string>();
  const undefinedVariables = (): string[] => [...missing];
  let parsed: ProgramNode;
  try {
    parsed = parseTemplateOrExplain(source);
  } catch (error) {
    return { output: '', undefinedVariables: [], error: error instanceof Error ? error.message : String(error) };
  }
  try {
    guardMissingVariables(parsed.body);
    parsed.body = rewriteBody(parsed.body);
    // The context's `locale` (the document's render language) is what `date("long")` and other
    // locale-aware filters format in, so one document writes every date the same way.
    const locale = typeof context.locale === 'string' ? context.locale : undefined;
    const scope = createSandboxScope(context, { budget: new RenderBudget(), recordMissing: (path) => missing.add(path), locale });
    const output = new Interpreter(scope).run(parsed);
    return { output: stringOf(output) ?? '', undefinedVariables: undefinedVariables() };
  } catch (error) {
    // Includes a stack overflow from runaway recursion: a RangeError like any other.
    return { output: '', undefinedVariables: undefinedVariables(), error: `render error: ${error instanceof Error ? error.message : String(error)}` };
  }
}
