import type { Block, CellAlign, TableCellBlock } from '../docx/document-blocks.js';
import { BULLETS, listTextIndent } from '../docx/numbering.js';
import { RISK_ACCENT, RISK_FILL } from '../docx/styles.js';
import { escapeXml } from './docx-package.js';
import { inlinesXml, textRun, type InlineWriter } from './ooxml-inlines.js';
import type { StyleRole } from './style-role.js';

/**
 * Blocks of the intermediate model → WordprocessingML paragraphs and tables in the template's
 * styles: headings in its Heading 1–3, lists in List Bullet / List Number with numbering,
 * tables in its table style. The built-in layouts' own styles (risk heading, signature line,
 * code) have no counterpart in a customer's template and are drawn with direct formatting.
 */

export interface BlockWriter extends InlineWriter {
  /** The numId of one list instance. */
  listNumId(reference: string, instance: number): string;
}

const QUOTE_INDENT = 567;
const GRID_WIDTH = 9000; // twips; the table itself is 100 % wide, the grid only gives proportions
const EMPTY_PARAGRAPH = '<w:p/>';
const ORDERED_PREFIX = 'quire-ordered-from-';

type BlockOf<K extends Block['kind']> = Extract<Block, { kind: K }>;

/** `<w:p>` with its properties in the schema's order. */
function paragraph(
  props: { style?: string; keepNext?: boolean; numPr?: string; border?: string; spacingBefore?: number; indent?: number; jc?: string },
  runs: string,
): string {
  let pPr = '';
  if (props.style) pPr += `<w:pStyle w:val="${escapeXml(props.style)}"/>`;
  if (props.keepNext) pPr += '<w:keepNext/>';
  if (props.numPr) pPr += props.numPr;
  if (props.border) pPr += props.border;
  if (props.spacingBefore !== undefined) pPr += `<w:spacing w:before="${props.spacingBefore}"/>`;
  if (props.indent) pPr += `<w:ind w:left="${props.indent}"/>`;
  if (props.jc) pPr += `<w:jc w:val="${props.jc}"/>`;
  return `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${runs}</w:p>`;
}

function headingXml(block: BlockOf<'heading'>, writer: BlockWriter): string {
  const role = `heading ${Math.min(Math.max(block.level, 1), 3)}` as StyleRole;
  return paragraph({ style: writer.styles[role] }, inlinesXml(block.inlines, writer));
}

function bodyParagraphXml(block: BlockOf<'paragraph'>, writer: BlockWriter): string {
  const quoteIndent = (block.quoteDepth ?? 0) * QUOTE_INDENT;
  const runs = (bold = false, italic = false): string => inlinesXml(block.inlines, writer, { bold, italic });
  if (block.list) {
    const role: StyleRole = block.list.reference === BULLETS ? 'List Bullet' : 'List Number';
    const numId = writer.listNumId(block.list.reference, block.list.instance);
    const numPr = `<w:numPr><w:ilvl w:val="${block.list.level}"/><w:numId w:val="${numId}"/></w:numPr>`;
    return paragraph({ style: writer.styles[role], numPr }, runs());
  }
  if (block.listIndentLevel !== undefined) return paragraph({ indent: listTextIndent(block.listIndentLevel) + quoteIndent }, runs());
  switch (block.style) {
    case 'MinorHeading':
    case 'RiskHeading':
    case 'SnippetHeading':
      return paragraph({ keepNext: true, indent: quoteIndent }, runs(true));
    case 'StatutoryReference':
      return paragraph({ indent: quoteIndent }, runs(false, true));
    case 'SignatureLine':
      return paragraph({ spacingBefore: 480 }, runs());
    default:
      return paragraph({ indent: quoteIndent }, runs(false, block.style === 'Quote'));
  }
}

function codeXml(block: BlockOf<'code'>): string {
  const lines = block.text.replace(/\t/g, '    ').split(/\r?\n/);
  const runs = lines.map((line, i) => (i > 0 ? '<w:r><w:br/></w:r>' : '') + textRun(line, { code: true })).join('');
  return paragraph({ indent: (block.quoteDepth ?? 0) * QUOTE_INDENT }, runs);
}

function jcOf(align: CellAlign): string | undefined {
  return align === 'center' ? 'center' : align === 'right' ? 'right' : undefined;
}

function tableXml(block: BlockOf<'table'>, writer: BlockWriter): string {
  const columns = Math.max(block.header.length, ...block.rows.map((row) => row.length), 1);
  const width = Math.floor(GRID_WIDTH / columns);
  const cell = (content: TableCellBlock | undefined, col: number, header: boolean): string =>
    `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>` +
    paragraph({ jc: jcOf(block.align[col] ?? null), keepNext: header || undefined }, inlinesXml(content?.inlines ?? [], writer, { bold: header })) +
    '</w:tc>';
  const row = (cells: readonly TableCellBlock[], header: boolean): string =>
    `<w:tr><w:trPr><w:cantSplit/>${header ? '<w:tblHeader/>' : ''}</w:trPr>${Array.from({ length: columns }, (_, col) => cell(cells[col], col, header)).join('')}</w:tr>`;
  const style = writer.styles['Table Grid'];
  return (
    `<w:tbl><w:tblPr>${style ? `<w:tblStyle w:val="${escapeXml(style)}"/>` : ''}<w:tblW w:w="5000" w:type="pct"/>` +
    '<w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr>' +
    `<w:tblGrid>${`<w:gridCol w:w="${width}"/>`.repeat(columns)}</w:tblGrid>` +
    [row(block.header, true), ...block.rows.map((r) => row(r, false))].join('') +
    '</w:tbl>'
  );
}

function calloutXml(block: BlockOf<'callout'>, writer: BlockWriter): string {
  // A one-cell shaded box with a heavy left rule, as the built-in layouts draw a risk.
  const none = 'w:val="nil"';
  const inner = blocksXml(block.children, writer);
  return (
    '<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/><w:tblBorders>' +
    `<w:top ${none}/><w:left w:val="single" w:sz="24" w:space="0" w:color="${RISK_ACCENT}"/><w:bottom ${none}/><w:right ${none}/><w:insideH ${none}/><w:insideV ${none}/>` +
    `</w:tblBorders></w:tblPr><w:tblGrid><w:gridCol w:w="${GRID_WIDTH}"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:tcW w:w="${GRID_WIDTH}" w:type="dxa"/>` +
    `<w:shd w:val="clear" w:color="auto" w:fill="${RISK_FILL}"/></w:tcPr>${endsWithParagraph(inner) ? inner : inner + EMPTY_PARAGRAPH}</w:tc></w:tr></w:tbl>`
  );
}

/** A table cell's content must end with a paragraph (and have one); Word refuses the file otherwise. */
export function endsWithParagraph(xml: string): boolean {
  return xml.endsWith('</w:p>') || xml.endsWith(EMPTY_PARAGRAPH);
}

/** Blocks → body XML. Tables are followed by an empty paragraph, as Word glues consecutive tables together. */
export function blocksXml(blocks: readonly Block[], writer: BlockWriter): string {
  let out = '';
  for (const block of blocks) {
    if (block.kind === 'heading') out += headingXml(block, writer);
    else if (block.kind === 'paragraph') out += bodyParagraphXml(block, writer);
    else if (block.kind === 'code') out += codeXml(block);
    else if (block.kind === 'table') out += tableXml(block, writer) + EMPTY_PARAGRAPH;
    else if (block.kind === 'callout') out += calloutXml(block, writer) + EMPTY_PARAGRAPH;
    else if (block.kind === 'pageBreak') out += '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
    else out += paragraph({ border: '<w:pBdr><w:bottom w:val="single" w:sz="6" w:space="1" w:color="auto"/></w:pBdr>' }, '');
  }
  return out;
}

/** The first number of an ordered list's reference (`quire-ordered-from-5` → 5). */
export function listStart(reference: string): number {
  return reference.startsWith(ORDERED_PREFIX) ? Number(reference.slice(ORDERED_PREFIX.length)) || 1 : 1;
}
