/**
 * Fills a Word template: each templated part's Jinja source rendered over the document's context
 * (in the sandbox, under the section templates' budgets), section placeholders' markers handed to
 * section placement, the package zipped reproducibly. Runs in a tenant-code worker
 * (tenant-code/word-templates.ts); the per-fill work is the render and the zip of the changed parts.
 */
import { storeZipEntries, zipPackage } from '../docx/deterministic-zip.js';
import { renderTemplatesOver } from '../templating/index.js';
import { compileWordTemplate, type CompiledWordTemplate } from './compile-template.js';
import type { TemplatePackage } from './docx-package-type.js';
import { XML_CHUNKS } from './part-source.js';
import { placeSections } from './place-sections.js';
import { describeProblem } from './problem-text.js';
import type { WordTemplateFill } from './word-template-types.js';

export type WordFillOutcome = { ok: true; bytes: Uint8Array } | { ok: false; error: string };

/** Comments, processing instructions and CDATA (skipped whole), or a start, end or empty-element tag. */
const ELEMENT_TAG = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<(\/?)([^\s/>!?][^\s/>]*)[^>]*?(\/?)>/g;

/** Why a filled part is not well-formed XML (a block opened in one element and closed in another), or null. One pass, no token objects: it runs on every fill. */
export function wellFormedProblem(xml: string): string | null {
  const open: string[] = [];
  ELEMENT_TAG.lastIndex = 0;
  for (let match = ELEMENT_TAG.exec(xml); match !== null; match = ELEMENT_TAG.exec(xml)) {
    const [, closing, name, empty] = match;
    if (name === undefined || empty) continue;
    if (!closing) open.push(name);
    else if (open.pop() !== name) {
      return `</${name}> closes an element it did not open: a {%p %} / {%tr %} / {%tc %} / {%r %} block probably starts in one element and ends in another`;
    }
  }
  return open.length === 0 ? null : `<${open.at(-1)}> is never closed: a block of the template probably ends in another element than it starts`;
}

/** Section placement runs when there is something to place, or the DRAFT mark to add. */
function needsPlacement(compiled: CompiledWordTemplate, fill: WordTemplateFill): boolean {
  return fill.composed.lifecycleState !== 'finalized' || compiled.parts.some((part) => part.tags.some((tag) => tag.kind === 'section'));
}

/** A render error as a reader should see it: a stack overflow is the call-depth budget. */
const explained = (error: string): string =>
  /Maximum call stack size exceeded/.test(error) ? 'render error: template recursion ran past the depth budget (the call stack)' : error;

/** The filled package (`pkg`) and the template's own (`template`, whose deflated entries the zip reuses). */
export type RenderedParts = { ok: true; pkg: TemplatePackage; template: TemplatePackage } | { ok: false; error: string };

/**
 * The template's package with its templated parts rendered over `context` — section placeholders
 * still markers — or why it cannot be (an error-severity problem, a render error or budget, a
 * block that broke the XML).
 */
export function renderTemplateParts(compiled: CompiledWordTemplate, context: Record<string, unknown>): RenderedParts {
  const refusal = compiled.problems.find((problem) => problem.severity === 'error');
  if (compiled.pkg === null || refusal)
    return { ok: false, error: `the Word template cannot be filled: ${refusal ? describeProblem(refusal) : 'it is not a .docx'}` };
  const results = renderTemplatesOver(
    compiled.parts.map((part) => part.source),
    { ...context, [XML_CHUNKS]: compiled.chunks },
  );
  const pkg = new Map(compiled.pkg);
  for (const [index, result] of results.entries()) {
    const path = compiled.parts[index].path;
    if (result.error) return { ok: false, error: `the Word template's ${path}: ${explained(result.error)}` };
    const malformed = wellFormedProblem(result.output);
    if (malformed) return { ok: false, error: `the filled ${path} is not well-formed: ${malformed}` };
    pkg.set(path, result.output);
  }
  return { ok: true, pkg, template: compiled.pkg };
}

export async function fillWordTemplateNow(bytes: Uint8Array, fill: WordTemplateFill): Promise<WordFillOutcome> {
  const compiled = await compileWordTemplate(bytes);
  const rendered = renderTemplateParts(compiled, fill.context);
  if (!rendered.ok) return rendered;
  const pkg = rendered.pkg;
  if (needsPlacement(compiled, fill)) placeSections(pkg, fill);
  compiled.stored ??= storeZipEntries(rendered.template);
  return { ok: true, bytes: zipPackage(pkg, compiled.stored) };
}
