import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import { requireDocument } from '../../documents/require-document.js';

/**
 * `DELETE /snapshots/{id}` → `{ok: true}`.
 *
 * @throws NotFoundError when the document or snapshot is absent or foreign.
 */
export async function deleteSnapshot(ctx: CommandContext, documentId: string, snapshotId: string): Promise<void> {
  const document = await requireDocument(ctx, documentId);
  const deleted = await ctx.repos.snapshots.delete(ctx.actor.org.orgId, document.id, snapshotId);
  if (!deleted) throw new NotFoundError(`snapshot ${snapshotId} not found`);
}
