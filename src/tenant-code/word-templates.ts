/**
 * The Word-template engine's entry points (issue 30): inspect and fill a customer's .docx. Both run
 * in the tenant-code pool — the tags are tenant code, parsed and rendered under the section
 * templates' budgets, never on the main thread. A template always goes to the same worker (its
 * lane, by the hash of its bytes), whose memo holds it compiled, so filling it again costs a
 * render and a zip.
 */
import { createHash } from 'node:crypto';
import { DomainValidationError } from '../kernel/errors.js';
import type { WordFillOutcome } from '../word-template/fill-template.js';
import type { WordNameCatalog, WordTemplateFill, WordTemplateReport } from '../word-template/word-template-types.js';
import { TenantCodeBudgetError } from './budgets.js';
import { budgetNamed, runTask, templateLane } from './tenant-code-pool.js';

/** The worker whose memo holds this template (a hash of the bytes is cheap next to sending them; a merge computes it once for all its rows). */
export function laneOf(bytes: Uint8Array): number {
  return templateLane(createHash('sha256').update(bytes).digest('base64'));
}

/**
 * Inspects a Word template: its tags, what they read and bind to, and its problems (a file that is
 * not a .docx, macros, external links, too many tags, syntax errors are problems, not throws).
 * @throws TenantCodeBudgetError when inspecting it ran out of time or memory; TenantCodeOverloadedError when the pool is overloaded.
 */
export async function inspectWordTemplate(bytes: Uint8Array, catalog: WordNameCatalog): Promise<WordTemplateReport> {
  return (await runTask({ kind: 'word-inspect', bytes, catalog }, 'inspecting the Word template', laneOf(bytes))) as WordTemplateReport;
}

/**
 * Fills a Word template for one document and returns the .docx (the same input gives the same bytes).
 * @throws TenantCodeBudgetError (a DomainValidationError) when the render ran out of a budget;
 *   DomainValidationError when the template has errors or a tag fails to render.
 */
export async function fillWordTemplate(bytes: Uint8Array, fill: WordTemplateFill, lane = laneOf(bytes)): Promise<Buffer> {
  const outcome = (await runTask({ kind: 'word-fill', bytes, fill }, 'filling the Word template', lane)) as WordFillOutcome;
  if (outcome.ok) return Buffer.from(outcome.bytes.buffer, outcome.bytes.byteOffset, outcome.bytes.byteLength);
  const budget = budgetNamed(outcome.error);
  throw budget ? new TenantCodeBudgetError(budget, outcome.error) : new DomainValidationError(outcome.error);
}
