/**
 * The syntax of data-needs' templates, checked in the tenant-code pool before a command opens its
 * transaction: parsing tenant text can take seconds (the Jinja tokenizer is quadratic on
 * whitespace), which must hold neither the main thread nor the database (docs/adr/0291).
 */
import { templateChecksOf } from '../../../tenant-code/tenant-code-pool.js';
import { type SyntaxProblemOf, dataNeedTemplatesToCheck } from './data-need-rules.js';
import type { DataNeedSpec } from '../../../pipeline/data-need.js';

/**
 * Checks the templates of `needs` in one task; the answer is what dataNeedProblems reads. A text it
 * was not asked about (the need changed in between) answers that it was not checked.
 * @throws TenantCodeBudgetError (422) when checking them ran out of a budget.
 */
export async function dataNeedSyntaxOf(needs: ReadonlyArray<Pick<DataNeedSpec, 'kind' | 'args'>>): Promise<SyntaxProblemOf> {
  const checkOf = await templateChecksOf(needs.flatMap(dataNeedTemplatesToCheck));
  return (template) => checkOf(template).problem;
}
