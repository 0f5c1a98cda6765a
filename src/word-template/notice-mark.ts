import { DRAFT_COLOR } from '../docx/styles.js';
import { xmlSafe } from '../docx/xml-text.js';
import { escapeXml, partText, type DocxPackage } from './docx-package.js';

/**
 * The document's notice (ComposedDocument.notice: which sections are out of date) in a filled
 * Word template: a paragraph before the template's first one, drawn as the built-in layouts draw
 * it (bold, in the DRAFT mark's red, boxed; src/docx/notice-paragraph.ts), in the template's
 * default paragraph style. The template's own text is untouched.
 */

const DOCUMENT = 'word/document.xml';

/**
 * The notice as one WordprocessingML paragraph, its text escaped.
 *
 * @throws never.
 */
export function noticeParagraphXml(notice: string): string {
  const side = (name: string) => `<w:${name} w:val="single" w:sz="8" w:space="4" w:color="${DRAFT_COLOR}"/>`;
  const borders = `<w:pBdr>${['top', 'left', 'bottom', 'right'].map(side).join('')}</w:pBdr>`;
  const run = `<w:r><w:rPr><w:b/><w:bCs/><w:color w:val="${DRAFT_COLOR}"/></w:rPr><w:t xml:space="preserve">${escapeXml(xmlSafe(notice))}</w:t></w:r>`;
  return `<w:p><w:pPr>${borders}<w:spacing w:after="240"/></w:pPr>${run}</w:p>`;
}

/**
 * Puts the notice at the top of the body. Edits `pkg` in place; a blank notice (or a package
 * without a body) changes nothing.
 *
 * @throws never.
 */
export function addNotice(pkg: DocxPackage, notice: string | null | undefined): void {
  const text = notice?.trim();
  const xml = partText(pkg, DOCUMENT);
  if (!text || xml === null) return;
  const body = /<w:body(\s[^>]*)?>/.exec(xml);
  if (!body) return;
  const at = body.index + body[0].length;
  pkg.set(DOCUMENT, xml.slice(0, at) + noticeParagraphXml(text) + xml.slice(at));
}
