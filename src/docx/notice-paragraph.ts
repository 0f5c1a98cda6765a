import { BorderStyle, Paragraph, TextRun } from 'docx';
import type { ComposedDocument } from './composed-document.js';
import { DRAFT_COLOR } from './styles.js';
import { xmlSafe } from './xml-text.js';

/**
 * The document's notice (ComposedDocument.notice) as the first paragraph of the body: bold, in
 * the DRAFT mark's red, boxed, so a reader of the printed page cannot take the text below it as
 * current. None when the document has no notice.
 *
 * @throws never.
 */
export function noticeParagraphs(doc: Pick<ComposedDocument, 'notice'>): Paragraph[] {
  const notice = doc.notice?.trim();
  if (!notice) return [];
  const border = { style: BorderStyle.SINGLE, size: 8, color: DRAFT_COLOR, space: 4 };
  return [
    new Paragraph({
      border: { top: border, bottom: border, left: border, right: border },
      spacing: { after: 240 },
      children: [new TextRun({ text: xmlSafe(notice), bold: true, color: DRAFT_COLOR })],
    }),
  ];
}
