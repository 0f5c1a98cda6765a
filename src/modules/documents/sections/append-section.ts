/**
 * Adds a section at the end of an editable document, with a key derived from its title:
 * the shared tail of both section creation commands.
 */
import { DomainValidationError } from '../../../kernel/errors.js';
import { newId } from '../../../kernel/ids.js';
import { LIMITS } from '../../../kernel/limits.js';
import type { CommandContext } from '../../context.js';
import { requireEditableDocument } from '../require-document.js';
import { deriveSectionKey } from './section-keys.js';
import type { SectionRecord } from './section.repository.js';
import { publishDocumentChange } from '../../live/publish-change.js';

export interface SectionDefinition {
  title: string;
  renderMode: string;
  outputType: string;
  prompt: string | null;
  outputTemplate: string | null;
}

/**
 * @throws NotFoundError when the document is absent or foreign; DomainValidationError when
 *   finalized or when it already holds `LIMITS.sectionsPerDocument` sections.
 */
export async function appendSection(ctx: CommandContext, documentId: string, definition: SectionDefinition): Promise<SectionRecord> {
  const document = await requireEditableDocument(ctx, documentId);
  const orgId = ctx.actor.org.orgId;
  const existing = await ctx.repos.sections.listByDocument(orgId, document.id);
  if (existing.length >= LIMITS.sectionsPerDocument) {
    throw new DomainValidationError(`a document holds at most ${LIMITS.sectionsPerDocument} sections (limit sectionsPerDocument)`);
  }
  const now = ctx.clock.now().toISOString();
  return ctx.transaction(async (tx) => {
    const section = await tx.repos.sections.insert(orgId, {
      id: newId('sec'),
      documentId: document.id,
      key: deriveSectionKey(definition.title, new Set(existing.map((s) => s.key))),
      ordinal: existing.reduce((max, s) => Math.max(max, s.ordinal + 1), 0),
      ...definition,
      content: null,
      status: 'empty',
      createdAt: now,
      updatedAt: now,
    });
    await publishDocumentChange(tx, document.id, { kind: 'section.changed', sectionId: section.id, action: 'created' });
    return section;
  });
}
