import { Paragraph, TableOfContents, TextRun, type FileChild } from 'docx';
import { plainText, type Block } from './document-blocks.js';

/**
 * The table of contents, written with its entries. docx can fill a table of contents from the
 * headings, but only while it holds the whole body as one object tree, which the composer avoids
 * (see body-writer.ts); so the headings it lists are bookmarked here, as they are converted, and
 * the entries link to those bookmarks. Each entry carries its heading's number ("1.", "1.1") as
 * the heading numbering draws it, so the table reads right before any update. The field is
 * written dirty and the document asks for its fields to be updated on open (compose-docx.ts), so
 * Word fills in the page numbers; LibreOffice does not update on open, which is why the PDF
 * export updates the indexes itself (src/pdf/uno_bridge.py).
 */

/** Heading levels the table lists, as Word's `\o "1-3"`. */
const LISTED_LEVELS = 3;

interface TocEntry {
  title: string;
  level: number;
  href: string;
}

export class TableOfContentsBuilder {
  private readonly entries: TocEntry[] = [];
  /** The heading numbering's counters, one per level, as Word counts numbered headings. */
  private readonly counters: number[] = [];

  /**
   * Bookmarks a heading the table lists and returns the bookmark name; undefined when not
   * listed. Every numbered heading is counted, listed or not, so the numbers match the body's.
   */
  listHeading(level: number, title: string, numbered = false): string | undefined {
    const label = numbered ? this.count(level) : undefined;
    const text = title.replace(/\s+/g, ' ').trim();
    if (level < 1 || level > LISTED_LEVELS || text === '') return undefined;
    const href = `_Toc${this.entries.length + 1}`;
    this.entries.push({ title: label ? `${label} ${text}` : text, level, href });
    return href;
  }

  /** The number a numbered heading at this level gets: "1." at the top, "1.2", "1.2.1" below (numbering.ts). */
  private count(level: number): string {
    const index = Math.max(0, level - 1);
    for (let i = 0; i < index; i++) this.counters[i] ??= 0;
    this.counters[index] = (this.counters[index] ?? 0) + 1;
    this.counters.length = index + 1;
    return index === 0 ? `${this.counters[0]}.` : this.counters.join('.');
  }

  /** Bookmarks every listed heading among the blocks (in place). */
  listHeadingsOf(blocks: Block[]): void {
    for (const block of blocks) {
      if (block.kind !== 'heading') continue;
      const bookmark = this.listHeading(block.level, plainText(block.inlines), block.numbered);
      if (bookmark) block.bookmark = bookmark;
    }
  }

  /** The "Contents" heading and the table, once every heading has been listed. */
  elements(): FileChild[] {
    return [
      new Paragraph({ style: 'TOCHeading', children: [new TextRun('Contents')] }),
      new TableOfContents('Table of Contents', { hyperlink: true, headingStyleRange: `1-${LISTED_LEVELS}`, cachedEntries: this.entries }),
    ];
  }
}
