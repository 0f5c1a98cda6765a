/** `GET /batches` and `GET /batch-documents` (cursor paging, org-scoped). */
import type { CommandContext } from '../../../context.js';
import type { Static } from 'typebox';
import type { BatchRecord } from '../batch.repository.js';
import type { Batch, BatchDocument } from '../batch.schemas.js';
import { presentBatch, presentBatchDocument } from '../batch.presenter.js';

/** A batch with its derived status and counts. */
export async function presentLoadedBatch(ctx: CommandContext, batch: BatchRecord): Promise<Static<typeof Batch>> {
  const repos = ctx.repos;
  const orgId = ctx.actor.org.orgId;
  const latest = batch.latest_run_id ? await repos.batches.findRun(orgId, batch.latest_run_id) : undefined;
  return presentBatch(batch, latest, await repos.batches.listDocuments(orgId, { batch_id: batch.id }));
}

export async function listBatches(
  ctx: CommandContext,
  page: { limit: number; cursor?: string },
): Promise<{ batches: Array<Static<typeof Batch>>; next_cursor: string | null }> {
  const rows = await ctx.repos.batches.list(ctx.actor.org.orgId, { limit: page.limit + 1, cursor: page.cursor });
  const pageRows = rows.slice(0, page.limit);
  const batches = [];
  for (const b of pageRows) batches.push(await presentLoadedBatch(ctx, b));
  return { batches, next_cursor: rows.length > page.limit ? (pageRows.at(-1)?.id ?? null) : null };
}

export async function listBatchDocuments(
  ctx: CommandContext,
  filter: { batch_id?: string; status?: string; document_id?: string; limit: number; cursor?: string },
): Promise<{ batch_documents: Array<Static<typeof BatchDocument>>; next_cursor: string | null }> {
  const rows = await ctx.repos.batches.listDocuments(ctx.actor.org.orgId, { ...filter, limit: filter.limit + 1 });
  const pageRows = rows.slice(0, filter.limit);
  return { batch_documents: pageRows.map(presentBatchDocument), next_cursor: rows.length > filter.limit ? (pageRows.at(-1)?.id ?? null) : null };
}
