import type { Inline, Marks } from '../docx/document-blocks.js';
import { xmlSafe } from '../docx/xml-text.js';
import { escapeXml } from './docx-package.js';
import type { StyleRole } from './style-role.js';

/**
 * Inlines of the intermediate model (src/docx/document-blocks.ts) → WordprocessingML runs,
 * written straight into a template's part. Every text is made XML-safe and escaped here.
 */

export const CODE_FONT = 'Courier New';

/** What writing runs needs from the package: the template's style ids, hyperlink and note numbering. */
export interface InlineWriter {
  styles: Readonly<Partial<Record<StyleRole, string>>>;
  /** The relationship id of an external hyperlink from the part being written. */
  link(url: string): string;
  /** The `w:id` of a note in its part. */
  noteId(registryId: number): number;
  /** The number a reader sees on the note (what a repeated mark prints). */
  noteNumber(registryId: number): number;
}

/** Extra run properties beside the marks: a character style, superscript. */
export interface RunExtras {
  rStyle?: string;
  superscript?: boolean;
  color?: string;
}

/** `w:rPr` in the schema's order (rStyle, rFonts, b, i, strike, color, vertAlign). */
export function runProperties(marks: Marks, extras: RunExtras = {}): string {
  let rPr = '';
  if (extras.rStyle) rPr += `<w:rStyle w:val="${escapeXml(extras.rStyle)}"/>`;
  if (marks.code) rPr += `<w:rFonts w:ascii="${CODE_FONT}" w:hAnsi="${CODE_FONT}" w:cs="${CODE_FONT}"/>`;
  if (marks.bold) rPr += '<w:b/><w:bCs/>';
  if (marks.italic) rPr += '<w:i/><w:iCs/>';
  if (marks.strike) rPr += '<w:strike/>';
  if (extras.color) rPr += `<w:color w:val="${extras.color}"/>`;
  if (extras.superscript) rPr += '<w:vertAlign w:val="superscript"/>';
  return rPr ? `<w:rPr>${rPr}</w:rPr>` : '';
}

/** One run of text; tabs become `w:tab`, and spaces are kept. */
export function textRun(text: string, marks: Marks = {}, extras: RunExtras = {}): string {
  const pieces = xmlSafe(text)
    .split('\t')
    .map((piece) => (piece ? `<w:t xml:space="preserve">${escapeXml(piece)}</w:t>` : ''));
  return `<w:r>${runProperties(marks, extras)}${pieces.join('<w:tab/>')}</w:r>`;
}

function noteRun(inline: Extract<Inline, { kind: 'note' }>, writer: InlineWriter): string {
  const role: StyleRole = inline.part === 'endnote' ? 'endnote reference' : 'footnote reference';
  const rStyle = writer.styles[role];
  if (inline.repeat) {
    // Word gives a note one reference: a repeat is its number, set as note marks are.
    return textRun(String(writer.noteNumber(inline.noteId)), {}, { rStyle, superscript: true });
  }
  const tag = inline.part === 'endnote' ? 'w:endnoteReference' : 'w:footnoteReference';
  return `<w:r>${runProperties({}, { rStyle, superscript: !rStyle })}<${tag} w:id="${writer.noteId(inline.noteId)}"/></w:r>`;
}

/** Inlines → runs; consecutive text with the same (safe) link becomes one hyperlink. */
export function inlinesXml(inlines: readonly Inline[], writer: InlineWriter, base: Marks = {}): string {
  let out = '';
  let i = 0;
  while (i < inlines.length) {
    const inline = inlines[i];
    if (inline.kind === 'text' && inline.link) {
      const link = inline.link;
      let runs = '';
      for (; i < inlines.length; i++) {
        const next = inlines[i];
        if (next.kind !== 'text' || next.link !== link) break;
        runs += textRun(next.text, { ...base, ...next.marks }, { rStyle: writer.styles.Hyperlink });
      }
      out += `<w:hyperlink r:id="${writer.link(link)}" w:history="1">${runs}</w:hyperlink>`;
      continue;
    }
    if (inline.kind === 'text') out += textRun(inline.text, { ...base, ...inline.marks });
    else if (inline.kind === 'lineBreak') out += '<w:r><w:br/></w:r>';
    else if (inline.kind === 'note') {
      // "[1, 2]" → "¹,²" rather than "¹²", which reads as note twelve.
      if (i > 0 && inlines[i - 1].kind === 'note') out += textRun(',', {}, { superscript: true });
      out += noteRun(inline, writer);
    }
    // Comment anchors are not written: unsupported-claim comments are the built-in layouts' review aid.
    i++;
  }
  return out;
}
