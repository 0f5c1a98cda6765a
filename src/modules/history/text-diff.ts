/**
 * A word-level diff of two section texts, for the snapshot comparison: what a reader marks up
 * by hand (jsdiff's `diffWordsWithSpace`, which keeps whitespace and punctuation as their own
 * tokens, so the parts joined give back each side exactly). Bounded: past `MAX_EDIT_LENGTH`
 * edits the texts are too different for a word diff to help, and it reads as one deletion and
 * one insertion (jsdiff's `maxEditLength` stops the search rather than spending quadratic time).
 */
import { diffWordsWithSpace } from 'diff';

export type TextDiffOp = 'equal' | 'insert' | 'delete';

export interface TextDiffPart {
  op: TextDiffOp;
  text: string;
}

const MAX_EDIT_LENGTH = 1_000;

/**
 * `before` → `after` as parts in reading order; [] when both are the same. Pure.
 *
 * @throws never.
 */
export function wordDiff(before: string, after: string): TextDiffPart[] {
  if (before === after) return [];
  const whole = (): TextDiffPart[] => [
    ...(before ? [{ op: 'delete' as const, text: before }] : []),
    ...(after ? [{ op: 'insert' as const, text: after }] : []),
  ];
  if (!before || !after) return whole();
  const changes = diffWordsWithSpace(before, after, { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) return whole();
  return changes.map((c) => ({ op: c.added ? 'insert' : c.removed ? 'delete' : 'equal', text: c.value }));
}
