/**
 * Every tag of a part with its location (paragraph, table cell, the text around it), found in one
 * pass over the part's paragraphs and counted against the tag budget as it goes, so a template
 * with tens of thousands of tags is refused after the budget's worth, not after all of them.
 */
import { paragraphText, type WalkedPart, type WordParagraph } from './part-paragraphs.js';
import { findParagraphTags, type ParagraphTag } from './word-tags.js';
import type { WordPartArea, WordTagLocation } from './word-template-types.js';

export interface LocatedTag extends ParagraphTag {
  paragraph: WordParagraph;
  location: WordTagLocation;
}

/** Characters of context on each side of a tag. */
const AROUND = 40;

/** More tags than the budget allows: the caller reports `too-many-tags`. */
export class TagBudgetExceeded extends Error {
  constructor(readonly budget: number) {
    super(`the template has more than ${budget} tags (tag budget)`);
  }
}

export interface TagCounter {
  count: number;
  readonly budget: number;
}

export function locationOf(part: string, area: WordPartArea, paragraph: WordParagraph, text: string, tag: { start: number; end: number }): WordTagLocation {
  return {
    part,
    area,
    paragraph: paragraph.number,
    tableCell: paragraph.tableCell,
    before: text.slice(Math.max(0, tag.start - AROUND), tag.start),
    after: text.slice(tag.end, tag.end + AROUND),
  };
}

/**
 * The tags of every paragraph of a walked part, in document order.
 * @throws TagBudgetExceeded when the counter passes its budget
 */
export function locateTags(part: string, area: WordPartArea, walked: WalkedPart, counter: TagCounter): LocatedTag[] {
  const located: LocatedTag[] = [];
  for (const paragraph of walked.paragraphs) {
    if (paragraph.texts.length === 0) continue;
    const text = paragraphText(paragraph);
    if (!text.includes('{')) continue;
    for (const tag of findParagraphTags(text)) {
      counter.count += 1;
      if (counter.count > counter.budget) throw new TagBudgetExceeded(counter.budget);
      located.push({ ...tag, paragraph, location: locationOf(part, area, paragraph, text, tag) });
    }
  }
  return located;
}
