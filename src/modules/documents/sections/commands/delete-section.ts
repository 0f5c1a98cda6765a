import { NotFoundError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { requireEditableDocument } from '../../require-document.js';
import { publishDocumentChange } from '../../../live/publish-change.js';

/**
 * `DELETE /sections/{id}`: removes the section and its versions.
 *
 * @throws NotFoundError when the document or section is absent or foreign; DomainValidationError when finalized.
 */
export async function deleteSection(ctx: CommandContext, documentId: string, sectionId: string): Promise<void> {
  await ctx.transaction(async (tx) => {
    const document = await requireEditableDocument(tx, documentId);
    const deleted = await tx.repos.sections.delete(tx.actor.org.orgId, document.id, sectionId);
    if (!deleted) throw new NotFoundError(`section ${sectionId} not found`);
    await publishDocumentChange(tx, document.id, { kind: 'section.changed', sectionId, action: 'deleted' });
  });
}
