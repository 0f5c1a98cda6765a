import { NotFoundError } from '../../../kernel/errors.js';
import type { BlobStore } from '../../../storage/blobs/blob-store.js';
import type { CommandContext } from '../../context.js';
import { publishDocumentChange } from '../../live/publish-change.js';

/**
 * `DELETE /v1/documents/{id}`: removes the document with its sections, data-needs, fields,
 * versions, gathered values and Word template (the database cascades), then the Word template's
 * file, which lives outside the database.
 *
 * @throws NotFoundError when absent or foreign.
 */
export async function deleteDocument(ctx: CommandContext, blobs: Pick<BlobStore, 'delete'>, documentId: string): Promise<void> {
  const orgId = ctx.actor.org.orgId;
  const wordTemplate = await ctx.repos.wordTemplates.find(orgId, documentId);
  await ctx.transaction(async (tx) => {
    const deleted = await tx.repos.documents.delete(orgId, documentId);
    if (!deleted) throw new NotFoundError(`document ${documentId} not found`);
    await publishDocumentChange(tx, documentId, { kind: 'document.changed', deleted: true });
  });
  if (wordTemplate) await blobs.delete(orgId, wordTemplate.blobKey);
}
