import { DomainValidationError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { requireEditableDocument } from '../../require-document.js';
import type { SectionRecord } from '../section.repository.js';
import { publishDocumentChange } from '../../../live/publish-change.js';

/**
 * `PUT /sections/order`: `sectionIds` must be an exact permutation of the document's sections.
 *
 * @throws NotFoundError when the document is absent or foreign; DomainValidationError for a partial, repeated or foreign set.
 */
export async function reorderSections(ctx: CommandContext, documentId: string, sectionIds: string[]): Promise<SectionRecord[]> {
  return ctx.transaction(async (tx) => {
    const document = await requireEditableDocument(tx, documentId);
    const orgId = tx.actor.org.orgId;
    const sections = await tx.repos.sections.listByDocument(orgId, document.id);
    const known = new Set(sections.map((s) => s.id));
    const sent = new Set(sectionIds);
    const foreign = sectionIds.filter((id) => !known.has(id));
    const missing = sections.filter((s) => !sent.has(s.id)).map((s) => s.id);
    if (sent.size !== sectionIds.length) throw new DomainValidationError('sectionIds lists a section more than once');
    if (foreign.length > 0 || missing.length > 0) {
      const parts = [];
      if (foreign.length > 0) parts.push(`not sections of this document: ${foreign.join(', ')}`);
      if (missing.length > 0) parts.push(`missing: ${missing.join(', ')}`);
      throw new DomainValidationError(`sectionIds must list every section of the document exactly once (${parts.join('; ')})`);
    }
    const now = tx.clock.now().toISOString();
    const byId = new Map(sections.map((s) => [s.id, s]));
    const ordered: SectionRecord[] = [];
    for (const [ordinal, id] of sectionIds.entries()) {
      const section = byId.get(id);
      if (!section) continue;
      if (section.ordinal !== ordinal) await tx.repos.sections.update(orgId, document.id, id, { ordinal }, now);
      ordered.push({ ...section, ordinal });
    }
    await publishDocumentChange(tx, document.id, { kind: 'section.changed', sectionId: null, action: 'reordered' });
    return ordered;
  });
}
