/**
 * Completeness of one assessment from what its size does not change
 * (docs/adr/0651-item-tallies.md): its documents, the item tallies per document and status
 * (kept by triggers) and the current items of the requirements' keys only — never every item.
 */
import type { CommandContext } from '../../../context.js';
import type { AssessmentRecord } from '../assessment.repository.js';
import { type Completeness, computeCompleteness, itemTotalsOf, requirementKeys } from './compute-completeness.js';

export async function loadCompleteness(ctx: CommandContext, assessment: AssessmentRecord): Promise<Completeness> {
  const repos = ctx.repos;
  const orgId = ctx.actor.org.orgId;
  const docs = await repos.sourceDocuments.listByAssessment(orgId, assessment.id);
  const documentIds = docs.map((d) => d.id);
  const items = await repos.items.listCurrentByKeys(orgId, documentIds, requirementKeys(assessment, docs));
  const byStatus: Record<string, number> = {};
  for (const counts of Object.values(await repos.items.countByDocument(orgId, documentIds))) {
    for (const [status, n] of Object.entries(counts)) byStatus[status] = (byStatus[status] ?? 0) + (n ?? 0);
  }
  return computeCompleteness(assessment, docs, items, itemTotalsOf(byStatus), ctx.clock.now().toISOString());
}
