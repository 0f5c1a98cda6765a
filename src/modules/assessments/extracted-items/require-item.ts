/** ⚠ TENANCY GATE for extracted items ⚠ Another organization's item is "not found" (404). */
import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import type { ExtractedItemRecord } from './extracted-item.repository.js';

/**
 * @throws NotFoundError when the item is absent, foreign, or (when `documentId` is given) of another document.
 */
export async function requireItem(ctx: CommandContext, itemId: string, documentId?: string): Promise<ExtractedItemRecord> {
  const item = await ctx.repos.items.findById(ctx.actor.org.orgId, itemId);
  if (!item || (documentId !== undefined && item.document_id !== documentId)) throw new NotFoundError(`extracted item ${itemId} not found`);
  return item;
}
