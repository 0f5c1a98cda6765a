/**
 * Word-level changes inside a changed line (jsdiff's diffWords, pinned): the parts each side
 * shows, each kept, removed or inserted, so a one-word edit in a long paragraph is seen as one word.
 */
import { diffWords } from 'diff';

export interface WordPart {
  text: string;
  kind: 'same' | 'removed' | 'added';
}

/** The parts of the old line (kept and removed words) and of the new one (kept and inserted words). */
export function wordDiff(before: string, after: string): { left: WordPart[]; right: WordPart[] } {
  const left: WordPart[] = [];
  const right: WordPart[] = [];
  for (const change of diffWords(before, after)) {
    if (change.added) right.push({ text: change.value, kind: 'added' });
    else if (change.removed) left.push({ text: change.value, kind: 'removed' });
    else {
      left.push({ text: change.value, kind: 'same' });
      right.push({ text: change.value, kind: 'same' });
    }
  }
  return { left, right };
}
