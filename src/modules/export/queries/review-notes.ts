/**
 * Where an export shows the claims the check stage flagged (unsupported-claims-of.ts). The
 * .docx of a draft carries them as Word comments on the claims, for the reviewer who edits it;
 * a PDF carries none unless its reader asks (`comments=true`), and then as a "Review notes"
 * annex after the text: LibreOffice's import of Word comments attaches the wrong footnote
 * bodies to the references (docs/adr/0411-review-notes-in-exports.md). A finalized document
 * carries none anywhere.
 */
import { stripCitationMarkers } from '../../../docx/citations.js';
import type { SnippetBlock, UnsupportedClaim } from '../../../docx/composed-document.js';

/** `word`: Word comments on the claims; `annex`: a "Review notes" block at the end; `none`: neither. */
export type ReviewComments = 'word' | 'annex' | 'none';

export const REVIEW_NOTES_HEADING = 'Review notes';

/** Markdown's punctuation escaped, so a claim reads as written (never as emphasis, a link or a list). */
function literal(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\`*_{}[\]()<>#+\-.!|~]/g, (ch) => `\\${ch}`);
}

/**
 * The annex: under each flagged section's title, each claim and why it was flagged. Citation
 * markers are dropped from the quoted claim, so the annex adds no notes of its own. Null when
 * nothing is flagged.
 *
 * @throws never.
 */
export function reviewNotesBlock(sections: ReadonlyArray<{ id: string; title: string }>, claims: ReadonlyMap<string, UnsupportedClaim[]>): SnippetBlock | null {
  const parts: string[] = [];
  for (const section of sections) {
    const flagged = (claims.get(section.id) ?? []).filter((c) => c.text.trim() !== '');
    if (flagged.length === 0) continue;
    parts.push(`**${literal(section.title)}**`);
    parts.push(flagged.map((c) => `- “${literal(stripCitationMarkers(c.text).trim())}” Unsupported claim: ${literal(c.reason)}`).join('\n'));
  }
  if (parts.length === 0) return null;
  return { kind: 'snippet', heading: REVIEW_NOTES_HEADING, body: parts.join('\n\n') };
}
