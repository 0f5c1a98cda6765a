/**
 * `GET /computed`: the named computations evaluated over the persisted gathered rows and the
 * fields — never dispatching a tool — with the readiness of the computation inputs.
 */
import { computeValues } from '../../../pipeline/stages/compute.js';
import type { CommandContext } from '../../context.js';
import { fieldMap } from '../../documents/document.presenter.js';
import { computationsOf } from '../inputs/readiness-input.js';
import { requireDocument } from '../../documents/require-document.js';

/**
 * @throws NotFoundError when absent or foreign.
 */
export async function getComputed(ctx: CommandContext, documentId: string) {
  const document = await requireDocument(ctx, documentId);
  const orgId = ctx.actor.org.orgId;
  const [fields, gatheredRows, needs] = await Promise.all([
    ctx.repos.fields.listByDocument(orgId, document.id),
    ctx.repos.gathered.latestByDocument(orgId, document.id),
    ctx.repos.dataNeeds.listByDocument(orgId, document.id),
  ]);
  const fns = computationsOf(document);
  const gathered = Object.fromEntries(gatheredRows.map((r) => [r.outputKey, r.value]));
  const { computed, errors } = await computeValues({ computations: fns, fields: fieldMap(fields), gathered, now: document.updatedAt });
  const notGathered = needs.map((n) => n.outputKey).filter((key) => !(key in gathered));
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
