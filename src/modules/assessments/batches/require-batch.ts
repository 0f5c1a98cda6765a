/** ⚠ TENANCY GATE for batches and batch documents ⚠ Another organization's ids are "not found" (404). */
import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import type { BatchDocumentRecord, BatchRecord } from './batch.repository.js';

/** @throws NotFoundError when the batch is absent or foreign. */
export async function requireBatch(ctx: CommandContext, batchId: string): Promise<BatchRecord> {
  const batch = await ctx.repos.batches.findById(ctx.actor.org.orgId, batchId);
  if (!batch) throw new NotFoundError(`batch ${batchId} not found`);
  return batch;
}

/** @throws NotFoundError when the batch document is absent or foreign. */
export async function requireBatchDocument(ctx: CommandContext, id: string): Promise<BatchDocumentRecord> {
  const row = await ctx.repos.batches.findDocument(ctx.actor.org.orgId, id);
  if (!row) throw new NotFoundError(`batch document ${id} not found`);
  return row;
}
