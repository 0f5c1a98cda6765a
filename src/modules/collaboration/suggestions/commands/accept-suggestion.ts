import { ConflictError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { applySectionOutput } from '../../../documents/sections/commands/apply-section-output.js';
import { requireEditableDocument, requireSection } from '../../../documents/require-document.js';
import { peopleDirectory } from '../../people.js';
import { requireSuggestion, sectionNow } from '../require-suggestion.js';
import { type SuggestionView, isStale, presentSuggestion } from '../suggestion.presenter.js';
import { publishDocumentChange } from '../../../live/publish-change.js';

/**
 * `POST …/suggestions/{id}/accept` (editors and above, ADR 0612): the proposal becomes the
 * section's text through the same use case as a hand edit (`PUT …/output`), so the section is
 * `edited`, a version is recorded and staleness, snapshots and exports see an ordinary edit.
 * One mutation, one file (live stream hook).
 *
 * @throws NotFoundError when absent or foreign; DomainValidationError when finalized;
 *   ConflictError when already decided or when the section changed since the proposal.
 */
export async function acceptSuggestion(ctx: CommandContext, documentId: string, suggestionId: string, input: { note?: string }): Promise<SuggestionView> {
  return ctx.transaction(async (tx) => {
    const document = await requireEditableDocument(tx, documentId);
    const suggestion = await requireSuggestion(tx, document.id, suggestionId);
    if (suggestion.status !== 'pending') throw new ConflictError(`this suggestion was already ${suggestion.status}`);
    const section = await requireSection(tx, document.id, suggestion.sectionId);
    const before = await sectionNow(tx, section);
    if (isStale(suggestion, before)) {
      throw new ConflictError(
        `the section changed since this suggestion was made (made against version ${suggestion.baseVersion}, the section is at version ${before.version}): reject it, or propose it again against the current text`,
      );
    }
    const updated = await applySectionOutput(tx, document.id, section.id, suggestion.content);
    const after = await sectionNow(tx, updated);
    const decided = {
      status: 'accepted' as const,
      by: tx.actor.userId,
      at: tx.clock.now().toISOString(),
      note: input.note?.trim() || null,
      acceptedVersion: after.version,
    };
    if (!(await tx.repos.suggestions.decide(tx.actor.org.orgId, suggestion.id, decided))) throw new ConflictError('this suggestion was decided meanwhile');
    await publishDocumentChange(tx, document.id, { kind: 'suggestion.changed', sectionId: section.id, suggestionId: suggestion.id, action: 'accepted' });
    const record = {
      ...suggestion,
      status: decided.status,
      decidedBy: decided.by,
      decidedAt: decided.at,
      decisionNote: decided.note,
      acceptedVersion: decided.acceptedVersion,
    };
    return presentSuggestion(record, after, await peopleDirectory(tx));
  });
}
