import { NotFoundError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { requireEditableDocument } from '../../require-document.js';

/**
 * `DELETE /sections/{id}`: removes the section and its versions.
 *
 * @throws NotFoundError when the document or section is absent or foreign; DomainValidationError when finalized.
 */
export async function deleteSection(ctx: CommandContext, documentId: string, sectionId: string): Promise<void> {
  const document = await requireEditableDocument(ctx, documentId);
  const deleted = await ctx.repos.sections.delete(ctx.actor.org.orgId, document.id, sectionId);
  if (!deleted) throw new NotFoundError(`section ${sectionId} not found`);
}
