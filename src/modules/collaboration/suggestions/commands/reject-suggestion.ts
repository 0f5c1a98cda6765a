import { ConflictError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { requireDocument, requireSection } from '../../../documents/require-document.js';
import { peopleDirectory } from '../../people.js';
import { requireSuggestion, sectionNow } from '../require-suggestion.js';
import { type SuggestionView, presentSuggestion } from '../suggestion.presenter.js';
import { publishDocumentChange } from '../../../live/publish-change.js';

/**
 * `POST …/suggestions/{id}/reject` (editors and above, ADR 0612): the section stays as it is; the
 * suggestion is kept, rejected, with the note. One mutation, one file (live stream hook).
 *
 * @throws NotFoundError when absent or foreign; ConflictError when already decided.
 */
export async function rejectSuggestion(ctx: CommandContext, documentId: string, suggestionId: string, input: { note?: string }): Promise<SuggestionView> {
  return ctx.transaction(async (tx) => {
    const document = await requireDocument(tx, documentId);
    const suggestion = await requireSuggestion(tx, document.id, suggestionId);
    const decided = {
      status: 'rejected' as const,
      by: tx.actor.userId,
      at: tx.clock.now().toISOString(),
      note: input.note?.trim() || null,
      acceptedVersion: null,
    };
    if (suggestion.status !== 'pending' || !(await tx.repos.suggestions.decide(tx.actor.org.orgId, suggestion.id, decided))) {
      throw new ConflictError(`this suggestion was already ${suggestion.status === 'pending' ? 'decided' : suggestion.status}`);
    }
    const section = await requireSection(tx, document.id, suggestion.sectionId);
    await publishDocumentChange(tx, document.id, { kind: 'suggestion.changed', sectionId: section.id, suggestionId: suggestion.id, action: 'rejected' });
    const record = { ...suggestion, status: decided.status, decidedBy: decided.by, decidedAt: decided.at, decisionNote: decided.note };
    return presentSuggestion(record, await sectionNow(tx, section), await peopleDirectory(tx));
  });
}
