import { ConflictError, DomainValidationError } from '../../../../kernel/errors.js';
import { newId } from '../../../../kernel/ids.js';
import type { CommandContext } from '../../../context.js';
import { requireEditableDocument, requireSection } from '../../../documents/require-document.js';
import { peopleDirectory } from '../../people.js';
import { sectionNow } from '../require-suggestion.js';
import { type SuggestionView, presentSuggestion } from '../suggestion.presenter.js';
import type { SuggestionRecord } from '../suggestion.repository.js';
import { publishDocumentChange } from '../../../live/publish-change.js';

/**
 * `POST …/sections/{id}/suggestions` (editors and above): proposes a new text for the section,
 * stored with the version it was written against. One mutation, one file (live stream hook).
 *
 * @throws NotFoundError when absent or foreign; DomainValidationError when finalized or nothing changes;
 *   ConflictError when `baseVersion` is no longer the section's version.
 */
export async function proposeSuggestion(
  ctx: CommandContext,
  documentId: string,
  sectionId: string,
  input: { content: string; baseVersion?: number; note?: string },
): Promise<SuggestionView> {
  return ctx.transaction(async (tx) => {
    const document = await requireEditableDocument(tx, documentId);
    const section = await requireSection(tx, document.id, sectionId);
    const now = await sectionNow(tx, section);
    if (input.baseVersion !== undefined && input.baseVersion !== now.version) {
      throw new ConflictError(
        `the section changed since version ${input.baseVersion} (it is at version ${now.version}): read it again and write the suggestion against the current text`,
      );
    }
    if (input.content === (section.content ?? '')) throw new DomainValidationError('content: the suggestion is the same as the section text');
    const suggestion: SuggestionRecord = {
      id: newId('sug'),
      documentId: document.id,
      sectionId: section.id,
      baseVersion: now.version,
      baseContent: section.content,
      content: input.content,
      note: input.note?.trim() || null,
      status: 'pending',
      authorId: tx.actor.userId,
      authorEmail: tx.actor.email,
      decidedBy: null,
      decidedAt: null,
      decisionNote: null,
      acceptedVersion: null,
      createdAt: tx.clock.now().toISOString(),
    };
    await tx.repos.suggestions.insert(tx.actor.org.orgId, suggestion);
    await publishDocumentChange(tx, document.id, { kind: 'suggestion.changed', sectionId: section.id, suggestionId: suggestion.id, action: 'proposed' });
    return presentSuggestion(suggestion, now, await peopleDirectory(tx));
  });
}
