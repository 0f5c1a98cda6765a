import type { CommandContext } from '../../../context.js';
import { requireEditableDocument, requireSection } from '../../require-document.js';
import { recordSectionVersion } from '../record-section-version.js';
import type { SectionRecord } from '../section.repository.js';
import { publishDocumentChange } from '../../../live/publish-change.js';

/**
 * `PUT /sections/{id}/output`: a hand-edited rendered output. The section becomes `edited`
 * and the output is recorded as a new section-output version; the section's draft, if any, is
 * what was published, so it goes (ADR 0621).
 *
 * @throws NotFoundError when the document or section is absent or foreign; DomainValidationError when finalized.
 */
export async function applySectionOutput(ctx: CommandContext, documentId: string, sectionId: string, content: string): Promise<SectionRecord> {
  return ctx.transaction(async (tx) => {
    const document = await requireEditableDocument(tx, documentId);
    const section = await requireSection(tx, document.id, sectionId);
    const now = tx.clock.now().toISOString();
    await tx.repos.sections.update(tx.actor.org.orgId, document.id, section.id, { content, status: 'edited' }, now);
    const updated = { ...section, content, status: 'edited', updatedAt: now };
    await recordSectionVersion(tx, document.id, updated, 'edited');
    await publishDocumentChange(tx, document.id, { kind: 'section.changed', sectionId: section.id, action: 'edited' });
    await tx.repos.sectionDrafts.remove(tx.actor.org.orgId, section.id);
    return updated;
  });
}
