/** `GET /documents/{id}` and `GET /documents` (filters, cursor paging). */
import type { CommandContext } from '../../../context.js';
import { reposOf } from '../../assessment-repos.js';
import { countItemsByDocument } from '../../extracted-items/extracted-item.repository.js';
import { presentSourceDocument, reviewStatus, itemCounts } from '../source-document.presenter.js';
import { requireSourceDocument } from '../require-source-document.js';
import type { SourceDocumentRecord } from '../source-document.repository.js';

/** Presents documents with their item counts (one grouped query). */
export async function presentDocuments(ctx: CommandContext, docs: readonly SourceDocumentRecord[]): Promise<Array<Record<string, unknown>>> {
  const counts = await countItemsByDocument(ctx.db, ctx.actor.org.orgId, docs.map((d) => d.id));
  return docs.map((d) => presentSourceDocument(d, counts[d.id]));
}

/** @throws NotFoundError when absent or foreign. */
export async function getSourceDocument(ctx: CommandContext, documentId: string): Promise<Record<string, unknown>> {
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

/** Newest first. `review_status` is derived, so it filters after loading (pages may come back short). */
export async function listSourceDocuments(ctx: CommandContext, query: ListDocumentsQuery): Promise<{ documents: Array<Record<string, unknown>>; next_cursor: string | null }> {
  const orgId = ctx.actor.org.orgId;
  const rows = await reposOf(ctx).documents.list(orgId, { ...query, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const counts = await countItemsByDocument(ctx.db, orgId, page.map((d) => d.id));
  const kept = query.review_status ? page.filter((d) => reviewStatus(d, itemCounts(counts[d.id])) === query.review_status) : page;
  return { documents: kept.map((d) => presentSourceDocument(d, counts[d.id])), next_cursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}
