/**
 * Renders a tenant-authored Jinja template inside the sandbox.
 *
 * Pipeline: compile (parse → mark missing variables → sandbox rewrite, cached by content hash:
 * compiled-templates.ts) → interpret in a scope that holds only data and our helpers. Nothing in
 * the template can reach a host object: the library resolves names and attributes through Maps
 * only, our rewrite refuses function values wherever they would be turned into text, and the
 * context is copied to plain data.
 */
import { Interpreter } from '@huggingface/jinja';
import { compileTemplate } from './compiled-templates.js';
import { stringOf } from './jinja-runtime.js';
import { RenderBudget } from './render-budget.js';
import { type TemplateData, createSandboxScope, templateDataOf } from './sandbox-scope.js';

export { validateTemplateSyntax } from './template-syntax.js';

/** Result of a render; `error` is set (and `output` empty) when the template cannot render. */
export interface RenderResult {
  output: string;
  /** Variables rendered as `[[missing: …]]`, unique, in first-seen order. */
  undefinedVariables: string[];
  error?: string;
}

/** The context's `locale` (the document's render language) is what `date("long")` and other
 * locale-aware filters format in, so one document writes every date the same way. */
function localeOf(context: Record<string, unknown>): string | undefined {
  return typeof context.locale === 'string' ? context.locale : undefined;
}

function renderCompiled(source: string, data: TemplateData, locale: string | undefined): RenderResult {
  const compiled = compileTemplate(source);
  if ('error' in compiled) return { output: '', undefinedVariables: [], error: compiled.error };
  const missing = new Set<string>();
  try {
    const scope = createSandboxScope(data, { budget: new RenderBudget(), recordMissing: (path) => missing.add(path), locale });
    const output = new Interpreter(scope).run(compiled.program);
    return { output: stringOf(output) ?? '', undefinedVariables: [...missing] };
  } catch (error) {
    // Includes a stack overflow from runaway recursion: a RangeError like any other.
    return { output: '', undefinedVariables: [...missing], error: `render error: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Renders `source` with `context`. Never throws for template problems: a syntax error
 * (with its line) or a runtime error (unknown filter, step limit, …) comes back in `error`.
 * Deterministic: the same source and context give the same bytes.
 */
export function renderTemplate(source: string, context: Record<string, unknown>): RenderResult {
  return renderCompiled(source, templateDataOf(context), localeOf(context));
}

/**
 * Renders several templates over one context, converting the context to template data once
 * (the converted values are never changed by a render: only a render's own `namespace()`
 * objects can be assigned to).
 */
export function renderTemplatesOver(
  sources: readonly string[],
  context: Record<string, unknown>,
  renderOne: (render: () => RenderResult) => RenderResult = (render) => render(),
): RenderResult[] {
  const data = templateDataOf(context);
  const locale = localeOf(context);
  return sources.map((source) => renderOne(() => renderCompiled(source, data, locale)));
}
