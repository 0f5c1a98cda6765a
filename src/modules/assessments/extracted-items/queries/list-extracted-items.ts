/** `GET /documents/{id}/extracted-items`: the current items by default, every run's with `run=all`. */
import type { Static } from 'typebox';
import type { ExtractedItemList } from '../extracted-item.schemas.js';
import type { CommandContext } from '../../../context.js';
import { itemCounts, reviewStatus } from '../../uploads/source-document.presenter.js';
import { requireSourceDocument } from '../../uploads/require-source-document.js';
import type { ValidationStatus } from '../extracted-item.repository.js';
import { presentItem } from '../extracted-item.presenter.js';

export interface ListItemsQuery {
  run?: 'latest' | 'all';
  status?: string;
  key?: string;
}

/**
 * The run the (empty) current item set comes from: the latest run that finished with a result.
 * A failed run keeps the previous items current, so it never names the set.
 */
async function runWithoutItems(ctx: CommandContext, documentId: string): Promise<string | null> {
  const runs = await ctx.repos.processingRuns.listByDocument(ctx.actor.org.orgId, documentId);
  return runs.filter((r) => r.status === 'succeeded' || r.status === 'partially_succeeded').at(-1)?.id ?? null;
}

/** @throws NotFoundError when the document is absent or foreign. */
export async function listExtractedItems(ctx: CommandContext, documentId: string, query: ListItemsQuery): Promise<Static<typeof ExtractedItemList>> {
  const doc = await requireSourceDocument(ctx, documentId);
  const repos = ctx.repos;
  const orgId = ctx.actor.org.orgId;
  const current = await repos.items.listCurrent(orgId, [doc.id]);
  const all = query.run === 'all' ? await repos.items.listByDocument(orgId, doc.id) : current;
  const items = all.filter((i) => (!query.status || i.validation_status === query.status) && (!query.key || i.key === query.key));
  const byStatus: Partial<Record<ValidationStatus, number>> = {};
  for (const i of current) byStatus[i.validation_status] = (byStatus[i.validation_status] ?? 0) + 1;
  return {
    document_id: doc.id,
    run_id: current[0]?.run_id ?? (await runWithoutItems(ctx, doc.id)),
    review_status: reviewStatus(doc, itemCounts(byStatus)),
    items: items.map(presentItem),
    next_cursor: null,
  };
}
