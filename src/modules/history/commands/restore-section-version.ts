import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import { requireEditableDocument } from '../../documents/require-document.js';
import { recordSectionVersion } from '../../documents/sections/record-section-version.js';
import { requireSection } from '../../documents/require-document.js';
import type { SectionRecord } from '../../documents/sections/section.repository.js';
import { captureCurrentOutput } from '../capture-current-output.js';
import { publishDocumentChange } from '../../live/publish-change.js';

/**
 * `POST /sections/{id}/versions/{n}/restore`: the section gets version n's output back (as a
 * new version); its current output is versioned first.
 *
 * @throws NotFoundError when the document, section or version is absent or foreign; DomainValidationError when finalized.
 */
export async function restoreSectionVersion(ctx: CommandContext, documentId: string, sectionId: string, versionNumber: number): Promise<SectionRecord> {
  return ctx.transaction(async (tx) => {
    const document = await requireEditableDocument(tx, documentId);
    const section = await requireSection(tx, document.id, sectionId);
    const version = await tx.repos.sectionVersions.findByNumber(tx.actor.org.orgId, section.id, versionNumber);
    if (!version) throw new NotFoundError(`version ${versionNumber} of section ${sectionId} not found`);
    await captureCurrentOutput(tx, section);
    const now = tx.clock.now().toISOString();
    await tx.repos.sections.update(tx.actor.org.orgId, document.id, section.id, { content: version.content, status: version.status }, now);
    await recordSectionVersion(tx, document.id, { id: section.id, content: version.content, status: version.status }, 'restored');
    await publishDocumentChange(tx, document.id, { kind: 'section.changed', sectionId: section.id, action: 'restored' });
    return { ...section, content: version.content, status: version.status, updatedAt: now };
  });
}
