/**
 * `GET /computed`: the named computations evaluated over the persisted gathered rows and the
 * fields — never dispatching a tool — with the readiness of the computation inputs.
 */
import { computeValues } from '../../../pipeline/stages/compute.js';
import { TenantCodeBudgetError } from '../../../tenant-code/budgets.js';
import type { CommandContext } from '../../context.js';
import { requireDocument } from '../../documents/require-document.js';
import { loadDocumentInputs } from '../inputs/load-document-inputs.js';

/**
 * @throws NotFoundError when absent or foreign.
 * @throws TenantCodeBudgetError (422) when a computation ran out of its time, memory, depth or sequence budget.
 */
export async function getComputed(ctx: CommandContext, documentId: string) {
  const inputs = await loadDocumentInputs(ctx, await requireDocument(ctx, documentId));
  const fns = inputs.computations;
  const gathered = Object.fromEntries((await inputs.gathered()).map((r) => [r.outputKey, r.value]));
  const { computed, errors, budgetExceeded } = await computeValues({ computations: fns, fields: inputs.fieldValues, gathered, now: inputs.document.updatedAt });
  // Evaluated for this request: a computation that ran out of a budget is the caller's to fix (422).
  if (budgetExceeded) throw new TenantCodeBudgetError(budgetExceeded.budget, budgetExceeded.message);
  const notGathered = inputs.dataNeeds.map((n) => n.outputKey).filter((key) => !(key in gathered));
  return {
    computed,
    readiness: {
      complete: Object.keys(errors).length === 0 && notGathered.length === 0,
      gatheredKeys: Object.keys(gathered),
      notGathered,
      errors,
    },
    fns,
  };
}
