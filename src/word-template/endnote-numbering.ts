import { sectionPropertiesPattern } from './docx-package.js';

/**
 * Endnotes numbered 1, 2, 3 as the built-in layouts number them: Word and LibreOffice number
 * endnotes i, ii, iii unless a section says otherwise, and a repeated citation prints its
 * note's number in digits. Each section of the template that does not choose a format itself
 * gets `w:endnotePr` with decimal numbering, in the place the schema gives it (after the
 * header and footer references and the footnote properties).
 */
export function withDecimalEndnotes(documentXml: string): string {
  return documentXml.replace(sectionPropertiesPattern(), (whole: string) => {
    if (whole.includes('<w:endnotePr')) return whole;
    const properties = '<w:endnotePr><w:numFmt w:val="decimal"/></w:endnotePr>';
    if (!whole.includes('</w:sectPr>')) return `${whole.slice(0, -2).trimEnd()}>${properties}</w:sectPr>`;
    const anchors = [/<w:footnotePr\b[^>]*\/>|<w:footnotePr\b[^>]*>[\s\S]*?<\/w:footnotePr>/g, /<w:(header|footer)Reference\b[^>]*\/>/g];
    for (const anchor of anchors) {
      const matches = [...whole.matchAll(anchor)];
      const last = matches[matches.length - 1];
      if (last) {
        const at = (last.index ?? 0) + last[0].length;
        return whole.slice(0, at) + properties + whole.slice(at);
      }
    }
    const openEnd = whole.indexOf('>') + 1;
    return whole.slice(0, openEnd) + properties + whole.slice(openEnd);
  });
}
