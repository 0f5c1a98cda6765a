/** `GET /documents/{id}` and `GET /documents` (filters, cursor paging). */
import type { CommandContext } from '../../../context.js';
import { presentSourceDocument, reviewStatus, itemCounts } from '../source-document.presenter.js';
import { requireSourceDocument } from '../require-source-document.js';
import type { SourceDocumentRecord } from '../source-document.repository.js';
import type { Static } from 'typebox';
import type { SourceDocument } from '../source-document.schemas.js';

type SourceDocumentWire = Static<typeof SourceDocument>;

/** Presents documents with their item counts (one grouped query). */
export async function presentDocuments(ctx: CommandContext, docs: readonly SourceDocumentRecord[]): Promise<SourceDocumentWire[]> {
  const counts = await ctx.repos.items.countByDocument(
    ctx.actor.org.orgId,
    docs.map((d) => d.id),
  );
  return docs.map((d) => presentSourceDocument(d, counts[d.id]));
}

/** @throws NotFoundError when absent or foreign. */
export async function getSourceDocument(ctx: CommandContext, documentId: string): Promise<SourceDocumentWire> {
  const doc = await requireSourceDocument(ctx, documentId);
  const [presented] = await presentDocuments(ctx, [doc]);
  return presented;
}

export interface ListDocumentsQuery {
  assessment_id?: string;
  processing_status?: string;
  review_status?: string;
  limit: number;
  cursor?: string;
}

/** Rows read at most per request when filtering by the derived `review_status`. */
const REVIEW_FILTER_SCAN_BUDGET = 2000;

/**
 * Newest first. `review_status` is derived from item counts, not stored, so with that filter
 * rows are read in batches and filtered until the page is full or the scan budget is spent; a
 * page then comes back short only with a `next_cursor` to continue from, and `next_cursor` is
 * null only when nothing further matches.
 */
export async function listSourceDocuments(
  ctx: CommandContext,
  query: ListDocumentsQuery,
): Promise<{ documents: SourceDocumentWire[]; next_cursor: string | null }> {
  const orgId = ctx.actor.org.orgId;
  const repo = ctx.repos.sourceDocuments;
  if (!query.review_status) {
    const rows = await repo.list(orgId, { ...query, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const counts = await ctx.repos.items.countByDocument(
      orgId,
      page.map((d) => d.id),
    );
    return { documents: page.map((d) => presentSourceDocument(d, counts[d.id])), next_cursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
  }
  const batchSize = Math.max(query.limit * 2, 10);
  const kept: SourceDocumentWire[] = [];
  let cursor = query.cursor;
  let scanned = 0;
  for (;;) {
    const rows = await repo.list(orgId, { ...query, cursor, limit: batchSize });
    const counts = await ctx.repos.items.countByDocument(
      orgId,
      rows.map((d) => d.id),
    );
    for (const doc of rows) {
      scanned++;
      if (reviewStatus(doc, itemCounts(counts[doc.id])) !== query.review_status) continue;
      // One more match than the page holds: the page is full and there is more after it.
      if (kept.length === query.limit) return { documents: kept, next_cursor: cursor ?? null };
      kept.push(presentSourceDocument(doc, counts[doc.id]));
      cursor = doc.id;
    }
    if (rows.length < batchSize) return { documents: kept, next_cursor: null };
    cursor = rows[rows.length - 1].id;
    if (scanned >= REVIEW_FILTER_SCAN_BUDGET) return { documents: kept, next_cursor: cursor };
  }
}
