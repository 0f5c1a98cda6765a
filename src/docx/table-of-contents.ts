import { Paragraph, TableOfContents, TextRun, type FileChild } from 'docx';
import { plainText, type Block } from './document-blocks.js';

/**
 * The table of contents, written with its entries. docx can fill a table of contents from the
 * headings, but only while it holds the whole body as one object tree, which the composer avoids
 * (see body-writer.ts); so the headings it lists are bookmarked here, as they are converted, and
 * the entries link to those bookmarks. The field stays dirty: Word adds the page numbers when it
 * updates it.
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

  /** Bookmarks a heading the table lists and returns the bookmark name; undefined when not listed. */
  listHeading(level: number, title: string): string | undefined {
    const text = title.replace(/\s+/g, ' ').trim();
    if (level < 1 || level > LISTED_LEVELS || text === '') return undefined;
    const href = `_Toc${this.entries.length + 1}`;
    this.entries.push({ title: text, level, href });
    return href;
  }

  /** Bookmarks every listed heading among the blocks (in place). */
  listHeadingsOf(blocks: Block[]): void {
    for (const block of blocks) {
      if (block.kind !== 'heading') continue;
      const bookmark = this.listHeading(block.level, plainText(block.inlines));
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
