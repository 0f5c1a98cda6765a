/**
 * The paragraphs of a WordprocessingML part, each with the text a reader sees in it (the `<w:t>`
 * elements of its runs, in order) and where it is: its number in the part, and the table, row and
 * cell around it. The runs Word splits text into (spell-check marks, a formatting change, a
 * bookmark) are invisible here: a paragraph's text is the concatenation of its text nodes.
 */
import { decodeXmlText, elementEnds, tokenizeXml, type XmlToken } from './xml-tokens.js';

export interface TextNode {
  /** Index of the character-data token. */
  token: number;
  /** Index of its `<w:t>` start tag. */
  textOpen: number;
  /** Index of the start tag of the run (`<w:r>`) around it, or null. */
  run: number | null;
  /** The text, decoded. */
  text: string;
}

export interface WordParagraph {
  /** 1-based, in document order, paragraphs inside tables counted too. */
  number: number;
  /** Index of the `<w:p>` start tag. */
  start: number;
  texts: TextNode[];
  /** Start tags of the innermost row and cell around the paragraph, or null outside tables. */
  row: number | null;
  cell: number | null;
  tableCell: { table: number; row: number; cell: number } | null;
}

export interface WalkedPart {
  tokens: XmlToken[];
  /** End token by start token (elementEnds). */
  ends: Map<number, number>;
  paragraphs: WordParagraph[];
}

interface TableState {
  number: number;
  row: number;
  cell: number;
  rowStart: number | null;
  cellStart: number | null;
}

class Walker {
  readonly paragraphs: WordParagraph[] = [];
  private readonly open: WordParagraph[] = [];
  private readonly tables: TableState[] = [];
  private tableCount = 0;
  private run: number | null = null;
  private textOpen: number | null = null;

  token(token: XmlToken, index: number): void {
    if (token.type === 'text') return this.text(token, index);
    if (token.type === 'open' || token.type === 'empty') this.start(token, index);
    if (token.type === 'close' || token.type === 'empty') this.end(token.name);
  }

  private start(token: XmlToken, index: number): void {
    const table = this.tables.at(-1);
    if (token.name === 'w:tbl') {
      this.tableCount += 1;
      this.tables.push({ number: this.tableCount, row: 0, cell: 0, rowStart: null, cellStart: null });
    } else if (token.name === 'w:tr' && table) {
      Object.assign(table, { row: table.row + 1, cell: 0, rowStart: index });
    } else if (token.name === 'w:tc' && table) {
      Object.assign(table, { cell: table.cell + 1, cellStart: index });
    } else if (token.name === 'w:p') {
      this.paragraph(index, table);
    } else if (token.name === 'w:r') {
      this.run = index;
    } else if (token.name === 'w:t' && token.type === 'open') {
      this.textOpen = index;
    }
  }

  private paragraph(index: number, table: TableState | undefined): void {
    const tableCell = table ? { table: table.number, row: table.row, cell: table.cell } : null;
    const paragraph: WordParagraph = {
      number: this.paragraphs.length + 1,
      start: index,
      texts: [],
      row: table?.rowStart ?? null,
      cell: table?.cellStart ?? null,
      tableCell,
    };
    this.paragraphs.push(paragraph);
    this.open.push(paragraph);
  }

  private end(name: string): void {
    if (name === 'w:tbl') this.tables.pop();
    else if (name === 'w:p') this.open.pop();
    else if (name === 'w:r') this.run = null;
    else if (name === 'w:t') this.textOpen = null;
  }

  private text(token: XmlToken, index: number): void {
    const paragraph = this.open.at(-1);
    if (this.textOpen === null || paragraph === undefined) return;
    paragraph.texts.push({ token: index, textOpen: this.textOpen, run: this.run, text: decodeXmlText(token.text) });
  }
}

export function walkPart(xml: string): WalkedPart {
  const tokens = tokenizeXml(xml);
  const walker = new Walker();
  tokens.forEach((token, index) => walker.token(token, index));
  return { tokens, ends: elementEnds(tokens), paragraphs: walker.paragraphs };
}

/** What a reader sees of a paragraph. */
export function paragraphText(paragraph: WordParagraph): string {
  return paragraph.texts.map((node) => node.text).join('');
}
