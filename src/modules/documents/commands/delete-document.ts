import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';

/**
 * `DELETE /v1/documents/{id}`: removes the document with its sections, data-needs, fields,
 * versions and gathered values (the database cascades).
 *
 * @throws NotFoundError when absent or foreign.
 */
export async function deleteDocument(ctx: CommandContext, documentId: string): Promise<void> {
  const deleted = await ctx.repos.documents.delete(ctx.actor.org.orgId, documentId);
  if (!deleted) throw new NotFoundError(`document ${documentId} not found`);
}
