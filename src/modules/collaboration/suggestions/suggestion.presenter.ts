/** Suggestions on the wire: with the section's version now, whether the proposal is stale, and its word diff. */
import { wordDiff } from '../../history/text-diff.js';
import type { PersonView } from '../people.js';
import type { SuggestionRecord } from './suggestion.repository.js';

type Directory = (userId: string, fallbackEmail?: string | null) => PersonView;

/** What a pending suggestion is compared with: the section's text and version now. */
export interface SectionNow {
  version: number;
  content: string | null;
}

/** True when the section moved on since the proposal was made (its version or its text). */
export function isStale(suggestion: Pick<SuggestionRecord, 'baseVersion' | 'baseContent'>, now: SectionNow): boolean {
  return now.version !== suggestion.baseVersion || (now.content ?? '') !== (suggestion.baseContent ?? '');
}

export function presentSuggestion(s: SuggestionRecord, now: SectionNow, people: Directory) {
  return {
    id: s.id,
    documentId: s.documentId,
    sectionId: s.sectionId,
    status: s.status,
    content: s.content,
    note: s.note,
    baseVersion: s.baseVersion,
    baseContent: s.baseContent,
    currentVersion: now.version,
    stale: s.status === 'pending' && isStale(s, now),
    diff: wordDiff(s.baseContent ?? '', s.content),
    author: people(s.authorId, s.authorEmail),
    createdAt: s.createdAt,
    decidedBy: s.decidedBy ? people(s.decidedBy) : null,
    decidedAt: s.decidedAt,
    decisionNote: s.decisionNote,
    acceptedVersion: s.acceptedVersion,
  };
}

export type SuggestionView = ReturnType<typeof presentSuggestion>;
