import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import { requireDocument } from '../../documents/require-document.js';
import { publishDocumentChange } from '../../live/publish-change.js';

/**
 * `DELETE /snapshots/{id}` → `{ok: true}`.
 *
 * @throws NotFoundError when the document or snapshot is absent or foreign.
 */
export async function deleteSnapshot(ctx: CommandContext, documentId: string, snapshotId: string): Promise<void> {
  await ctx.transaction(async (tx) => {
    const document = await requireDocument(tx, documentId);
    const deleted = await tx.repos.snapshots.delete(tx.actor.org.orgId, document.id, snapshotId);
    if (!deleted) throw new NotFoundError(`snapshot ${snapshotId} not found`);
    await publishDocumentChange(tx, document.id, { kind: 'snapshot.changed', snapshotId, action: 'deleted' });
  });
}
