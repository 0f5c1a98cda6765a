/**
 * `GET /documents/{id}/extracted-items`: the current items by default, every run's with `run=all`;
 * with `limit`, one page of them in listing order, `next_cursor` naming where the next begins
 * (docs/adr/0262-extracted-items-cursor-paging.md). Without `limit`, every item in one answer.
 */
import type { Static } from 'typebox';
import type { ExtractedItemList } from '../extracted-item.schemas.js';
import type { CommandContext } from '../../../context.js';
import { DomainValidationError } from '../../../../kernel/errors.js';
import { itemCounts, reviewStatus } from '../../uploads/source-document.presenter.js';
import { requireSourceDocument } from '../../uploads/require-source-document.js';
import { presentItem } from '../extracted-item.presenter.js';

export interface ListItemsQuery {
  run?: 'latest' | 'all';
  status?: string;
  key?: string;
  limit?: number;
  cursor?: string;
}

/**
 * The run the (empty) current item set comes from: the latest run that finished with a result.
 * A failed run keeps the previous items current, so it never names the set.
 */
async function runWithoutItems(ctx: CommandContext, documentId: string): Promise<string | null> {
  const runs = await ctx.repos.processingRuns.listByDocument(ctx.actor.org.orgId, documentId);
  return runs.filter((r) => r.status === 'succeeded' || r.status === 'partially_succeeded').at(-1)?.id ?? null;
}

/**
 * @throws NotFoundError when the document is absent or foreign.
 * @throws DomainValidationError (422) when `cursor` names no item of the document.
 */
export async function listExtractedItems(ctx: CommandContext, documentId: string, query: ListItemsQuery): Promise<Static<typeof ExtractedItemList>> {
  const doc = await requireSourceDocument(ctx, documentId);
  const { items: repo } = ctx.repos;
  const orgId = ctx.actor.org.orgId;
  // One more than the page: whether a next page exists, without counting.
  const limit = query.limit === undefined ? undefined : query.limit + 1;
  const filter = { all: query.run === 'all', status: query.status, key: query.key };
  const items = await repo.pageOfDocument(orgId, doc.id, filter, { limit, afterId: query.cursor });
  if (items === undefined) throw new DomainValidationError('unknown cursor: pass the next_cursor of a previous page of this document unchanged');
  const page = query.limit === undefined ? items : items.slice(0, query.limit);
  const counts = (await repo.countByDocument(orgId, [doc.id]))[doc.id];
  return {
    document_id: doc.id,
    run_id: (await repo.currentRunId(orgId, doc.id)) ?? (await runWithoutItems(ctx, doc.id)),
    review_status: reviewStatus(doc, itemCounts(counts)),
    items: page.map(presentItem),
    next_cursor: items.length > page.length ? (page.at(-1)?.id ?? null) : null,
  };
}
