import {
  AlignmentType,
  Bookmark,
  BorderStyle,
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  ExternalHyperlink,
  EndnoteReferenceRun,
  FootnoteReferenceRun,
  HeadingLevel,
  PageBreak,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import type { Block, CellAlign, Inline, TableCellBlock } from './document-blocks.js';
import { HEADINGS, listTextIndent } from './numbering.js';
import { RISK_ACCENT, RISK_FILL, TABLE_BORDER, TABLE_HEADER_FILL } from './styles.js';
import { xmlSafe } from './xml-text.js';

/** Document blocks → docx paragraphs and tables. */

export type BodyElement = Paragraph | Table;

const HEADING_STYLES = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

const QUOTE_INDENT = 567; // 1 cm per quote level
const CELL_MARGIN = { top: 60, bottom: 60, left: 100, right: 100 };

export interface DocxRenderContext {
  /** Width between page margins, in twips. */
  textWidth: number;
}

function run(inline: Extract<Inline, { kind: 'text' }>, style?: string): TextRun {
  return new TextRun({
    text: xmlSafe(inline.text),
    bold: inline.marks.bold || undefined,
    italics: inline.marks.italic || undefined,
    strike: inline.marks.strike || undefined,
    style: inline.marks.code ? 'VerbatimChar' : style,
  });
}

/** Inlines → paragraph children; consecutive text with the same link becomes one hyperlink. */
export function inlinesToChildren(inlines: readonly Inline[]): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  let i = 0;
  while (i < inlines.length) {
    const inline = inlines[i];
    switch (inline.kind) {
      case 'text': {
        const link = inline.link;
        if (!link) {
          out.push(run(inline));
          i++;
          break;
        }
        const runs: TextRun[] = [];
        while (i < inlines.length) {
          const next = inlines[i];
          if (next.kind !== 'text' || next.link !== link) break;
          runs.push(run(next, 'Hyperlink'));
          i++;
        }
        out.push(new ExternalHyperlink({ link, children: runs }));
        break;
      }
      case 'note':
        // "[1, 2]" → "¹,²" rather than "¹²", which reads as footnote twelve.
        if (i > 0 && inlines[i - 1].kind === 'note') out.push(new TextRun({ text: ',', superScript: true }));
        out.push(noteMark(inline));
        i++;
        break;
      case 'lineBreak':
        out.push(new TextRun({ break: 1 }));
        i++;
        break;
      case 'commentStart':
        out.push(new CommentRangeStart(inline.commentId));
        i++;
        break;
      case 'commentEnd':
        out.push(new CommentRangeEnd(inline.commentId));
        out.push(new TextRun({ children: [new CommentReference(inline.commentId)] }));
        i++;
        break;
    }
  }
  return out;
}

/**
 * A note's mark. A repeat is the section's note of the same source once more: Word gives a note
 * one reference, so the repeat is its number, set as the note marks are (ids follow the text,
 * so the id is the number Word and LibreOffice print).
 */
function noteMark(inline: Extract<Inline, { kind: 'note' }>): ParagraphChild {
  const endnote = inline.part === 'endnote';
  if (inline.repeat) {
    return new TextRun({ text: String(inline.noteId), style: endnote ? 'EndnoteReference' : 'FootnoteReference', superScript: true });
  }
  return endnote ? new EndnoteReferenceRun(inline.noteId) : new FootnoteReferenceRun(inline.noteId);
}

function alignment(align: CellAlign): (typeof AlignmentType)[keyof typeof AlignmentType] | undefined {
  if (align === 'center') return AlignmentType.CENTER;
  if (align === 'right') return AlignmentType.RIGHT;
  return undefined;
}

function tableElement(block: Extract<Block, { kind: 'table' }>, ctx: DocxRenderContext): Table {
  const columns = Math.max(block.header.length, ...block.rows.map((row) => row.length), 1);
  const columnWidth = Math.floor(ctx.textWidth / columns);
  const border = { style: BorderStyle.SINGLE, size: 4, color: TABLE_BORDER };
  const cell = (content: TableCellBlock | undefined, col: number, header: boolean): TableCell =>
    new TableCell({
      width: { size: columnWidth, type: WidthType.DXA },
      margins: CELL_MARGIN,
      shading: header ? { type: ShadingType.CLEAR, color: 'auto', fill: TABLE_HEADER_FILL } : undefined,
      children: [
        new Paragraph({
          style: 'TableText',
          alignment: alignment(block.align[col] ?? null),
          keepNext: header || undefined,
          children: inlinesToChildren(
            header ? (content?.inlines ?? []).map((i) => (i.kind === 'text' ? { ...i, marks: { ...i.marks, bold: true } } : i)) : (content?.inlines ?? []),
          ),
        }),
      ],
    });
  const row = (cells: readonly TableCellBlock[], header: boolean): TableRow =>
    new TableRow({
      // A header row repeats at the top of every page the table runs onto.
      tableHeader: header || undefined,
      cantSplit: true,
      children: Array.from({ length: columns }, (_, col) => cell(cells[col], col, header)),
    });
  return new Table({
    width: { size: columnWidth * columns, type: WidthType.DXA },
    columnWidths: Array.from({ length: columns }, () => columnWidth),
    layout: TableLayoutType.FIXED,
    borders: { top: border, bottom: border, left: border, right: border, insideHorizontal: border, insideVertical: border },
    rows: [row(block.header, true), ...block.rows.map((r) => row(r, false))],
  });
}

function calloutElement(block: Extract<Block, { kind: 'callout' }>, ctx: DocxRenderContext): Table {
  // A one-cell shaded table with a heavy left rule: the usual "call-out box" of business
  // documents, and it keeps lists and tables of the risk body inside the box.
  const inner: DocxRenderContext = { textWidth: ctx.textWidth - 2 * CELL_MARGIN.left - 200 };
  const children = blocksToDocx(block.children, inner);
  const none = { style: BorderStyle.NONE, size: 0, color: 'auto' };
  return new Table({
    width: { size: ctx.textWidth, type: WidthType.DXA },
    columnWidths: [ctx.textWidth],
    layout: TableLayoutType.FIXED,
    borders: {
      top: none,
      bottom: none,
      right: none,
      insideHorizontal: none,
      insideVertical: none,
      left: { style: BorderStyle.SINGLE, size: 24, color: RISK_ACCENT },
    },
    rows: [
      new TableRow({
        children: [
          new TableCell({
            width: { size: ctx.textWidth, type: WidthType.DXA },
            margins: { top: 120, bottom: 120, left: 200, right: 200 },
            shading: { type: ShadingType.CLEAR, color: 'auto', fill: RISK_FILL },
            children: children.length > 0 ? children : [new Paragraph({})],
          }),
        ],
      }),
    ],
  });
}

type BlockOf<K extends Block['kind']> = Extract<Block, { kind: K }>;

export function blocksToDocx(blocks: readonly Block[], ctx: DocxRenderContext): BodyElement[] {
  const out: BodyElement[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
        out.push(headingParagraph(block));
        break;
      case 'paragraph':
        out.push(bodyParagraph(block));
        break;
      case 'code':
        out.push(codeParagraph(block));
        break;
      case 'table':
        out.push(tableElement(block, ctx));
        // Word glues consecutive tables together; an empty paragraph keeps them apart.
        out.push(new Paragraph({ spacing: { after: 60 } }));
        break;
      case 'callout':
        out.push(calloutElement(block, ctx));
        out.push(new Paragraph({ spacing: { after: 60 } }));
        break;
      case 'pageBreak':
        out.push(new Paragraph({ children: [new PageBreak()] }));
        break;
      case 'rule':
        out.push(new Paragraph({ style: 'HorizontalRule' }));
        break;
    }
  }
  return out;
}

function headingParagraph(block: BlockOf<'heading'>): Paragraph {
  const index = Math.min(Math.max(block.level, 1), HEADING_STYLES.length) - 1;
  return new Paragraph({
    heading: HEADING_STYLES[index],
    // `custom` keeps the heading style instead of docx's default List Paragraph.
    numbering: block.numbered ? { reference: HEADINGS, level: index, instance: 1, custom: true } : undefined,
    children: block.bookmark ? [new Bookmark({ id: block.bookmark, children: inlinesToChildren(block.inlines) })] : inlinesToChildren(block.inlines),
  });
}

/** A paragraph, indented for its list level and quote depth. */
function bodyParagraph(block: BlockOf<'paragraph'>): Paragraph {
  const quoteIndent = (block.quoteDepth ?? 0) * QUOTE_INDENT;
  const indent =
    block.listIndentLevel !== undefined
      ? { left: listTextIndent(block.listIndentLevel) + quoteIndent }
      : quoteIndent > 0 && !block.list
        ? { left: quoteIndent }
        : undefined;
  return new Paragraph({
    style: block.style,
    numbering: block.list ? { reference: block.list.reference, level: block.list.level, instance: block.list.instance } : undefined,
    indent,
    children: inlinesToChildren(block.inlines),
  });
}

/** A code block: one paragraph, its lines kept apart by line breaks, tabs as four spaces. */
function codeParagraph(block: BlockOf<'code'>): Paragraph {
  const lines = block.text.replace(/\t/g, '    ').split(/\r?\n/);
  const quoteIndent = (block.quoteDepth ?? 0) * QUOTE_INDENT;
  return new Paragraph({
    style: 'SourceCode',
    indent: quoteIndent > 0 ? { left: quoteIndent } : undefined,
    children: lines.map((line, i) => new TextRun({ text: xmlSafe(line), break: i > 0 ? 1 : undefined })),
  });
}
