/**
 * An intermediate model between Markdown tokens and docx objects. Converting in two steps keeps
 * the Markdown walk free of docx details and lets comments be anchored (which needs splitting
 * text at arbitrary offsets) before any docx object exists.
 */

export interface Marks {
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  code?: boolean;
}

export type Inline =
  | { kind: 'text'; text: string; marks: Marks; link?: string }
  /** A note mark; `repeat`: the section's note of that source again (its number, not a new note). */
  | { kind: 'note'; noteId: number; part: 'footnote' | 'endnote'; repeat: boolean }
  | { kind: 'lineBreak' }
  | { kind: 'commentStart'; commentId: number }
  | { kind: 'commentEnd'; commentId: number };

export interface ListPlacement {
  /** Reference of a numbering definition in the NumberingRegistry. */
  reference: string;
  level: number;
  instance: number;
}

export type CellAlign = 'left' | 'center' | 'right' | null;

export interface TableCellBlock {
  inlines: Inline[];
}

export type Block =
  | {
      kind: 'heading';
      level: number;
      inlines: Inline[];
      numbered: boolean;
      /** Bookmark name a table-of-contents entry links to (`_Toc3`); none when not listed. */
      bookmark?: string;
    }
  | {
      kind: 'paragraph';
      inlines: Inline[];
      /** Paragraph style id (see styles.ts); body text when absent. */
      style?: string;
      /** Nesting depth of block quotes around the paragraph; each level indents further. */
      quoteDepth?: number;
      /** First paragraph of a list item: carries the list number or bullet. */
      list?: ListPlacement;
      /** Later paragraphs of a list item: indented to the item's text, without a bullet. */
      listIndentLevel?: number;
    }
  | { kind: 'code'; text: string; quoteDepth?: number }
  | { kind: 'table'; header: TableCellBlock[]; rows: TableCellBlock[][]; align: CellAlign[] }
  | { kind: 'pageBreak' }
  | { kind: 'rule' }
  | { kind: 'callout'; tone: 'risk'; children: Block[] };

export function plainText(inlines: readonly Inline[]): string {
  let out = '';
  for (const inline of inlines) {
    if (inline.kind === 'text') out += inline.text;
  }
  return out;
}

/** Every inline list of the blocks, including table cells and callout bodies, in document order. */
export function* inlineContainers(blocks: readonly Block[]): Generator<Inline[]> {
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
      case 'paragraph':
        yield block.inlines;
        break;
      case 'table':
        for (const cell of block.header) yield cell.inlines;
        for (const row of block.rows) for (const cell of row) yield cell.inlines;
        break;
      case 'callout':
        yield* inlineContainers(block.children);
        break;
      default:
        break;
    }
  }
}
