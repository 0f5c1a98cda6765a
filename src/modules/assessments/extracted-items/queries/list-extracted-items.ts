/**
 * `GET /documents/{id}/extracted-items`: the current items by default, every run's with `run=all`;
 * one page of them in listing order, `next_cursor` naming where the next begins
 * (docs/adr/0262-extracted-items-cursor-paging.md). The page is `ITEM_PAGE_DEFAULT` items when
 * no `limit` is sent; `all=true` is the explicit whole list (docs/adr/0652-extracted-items-paged-by-default.md).
 */
import type { Static } from 'typebox';
import type { ExtractedItemList } from '../extracted-item.schemas.js';
import type { CommandContext } from '../../../context.js';
import { DomainValidationError } from '../../../../kernel/errors.js';
import { itemCounts, reviewStatus } from '../../uploads/source-document.presenter.js';
import { requireSourceDocument } from '../../uploads/require-source-document.js';
import { presentItem } from '../extracted-item.presenter.js';

/** A page's size when the client names none: a review screen's screenful, not a 12 MB answer. */
export const ITEM_PAGE_DEFAULT = 100;

export interface ListItemsQuery {
  run?: 'latest' | 'all';
  status?: string;
  key?: string;
  min_confidence?: number;
  max_confidence?: number;
  limit?: number;
  cursor?: string;
  all?: 'true' | 'false';
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
  const whole = query.all === 'true';
  if (whole && (query.limit !== undefined || query.cursor !== undefined))
    throw new DomainValidationError('all=true answers every item at once: send it without limit and cursor');
  if (query.min_confidence !== undefined && query.max_confidence !== undefined && query.min_confidence > query.max_confidence)
    throw new DomainValidationError('min_confidence is above max_confidence: no item can match');
  const { items: repo } = ctx.repos;
  const orgId = ctx.actor.org.orgId;
  const pageSize = whole ? undefined : (query.limit ?? ITEM_PAGE_DEFAULT);
  const filter = { all: query.run === 'all', status: query.status, key: query.key, minConfidence: query.min_confidence, maxConfidence: query.max_confidence };
  // One more than the page: whether a next page exists, without counting.
  const items = await repo.pageOfDocument(orgId, doc.id, filter, { limit: pageSize === undefined ? undefined : pageSize + 1, afterId: query.cursor });
  if (items === undefined) throw new DomainValidationError('unknown cursor: pass the next_cursor of a previous page of this document unchanged');
  const page = pageSize === undefined ? items : items.slice(0, pageSize);
  const counts = (await repo.countByDocument(orgId, [doc.id]))[doc.id];
  return {
    document_id: doc.id,
    run_id: (await repo.currentRunId(orgId, doc.id)) ?? (await runWithoutItems(ctx, doc.id)),
    review_status: reviewStatus(doc, itemCounts(counts)),
    items: page.map(presentItem),
    next_cursor: items.length > page.length ? (page.at(-1)?.id ?? null) : null,
  };
}
