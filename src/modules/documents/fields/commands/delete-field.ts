import { NotFoundError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { requireEditableDocument } from '../../require-document.js';

/**
 * `DELETE /v1/documents/{id}/fields/{field_id}`.
 *
 * @throws NotFoundError when the document or field is absent or foreign; DomainValidationError when finalized.
 */
export async function deleteField(ctx: CommandContext, documentId: string, fieldId: string): Promise<void> {
  const document = await requireEditableDocument(ctx, documentId);
  const deleted = await ctx.repos.fields.delete(ctx.actor.org.orgId, document.id, fieldId);
  if (!deleted) throw new NotFoundError(`field ${fieldId} not found`);
}
