import type { StyleRole } from './style-role.js';

/**
 * Minimal definitions of the styles a template lacks, under Word's standard names and ids. They
 * carry only what makes the text read right (a heading is bold, larger and an outline level; a
 * note is smaller; a grid has borders); fonts and colours come from the template's Normal, so
 * the section looks like the rest of the document until the author restyles it.
 */

const HEADING_SIZES: Readonly<Record<string, number>> = { 'heading 1': 32, 'heading 2': 28, 'heading 3': 24 };
const BORDER = 'w:val="single" w:sz="4" w:space="0" w:color="auto"';

function basedOn(normalId: string | null): string {
  return normalId ? `<w:basedOn w:val="${normalId}"/>` : '';
}

function paragraphStyle(id: string, name: string, normalId: string | null, inner: string): string {
  return `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/>${basedOn(normalId)}${inner}</w:style>`;
}

function characterStyle(id: string, name: string, rPr: string): string {
  return `<w:style w:type="character" w:styleId="${id}"><w:name w:val="${name}"/><w:rPr>${rPr}</w:rPr></w:style>`;
}

/** The `<w:style>` element that stands in for a missing role. `id` is already XML-safe. */
export function fallbackStyleXml(role: StyleRole, id: string, normalId: string | null): string {
  switch (role) {
    case 'heading 1':
    case 'heading 2':
    case 'heading 3': {
      const level = Number(role.slice(-1)) - 1;
      const next = normalId ? `<w:next w:val="${normalId}"/>` : '';
      return paragraphStyle(
        id,
        role,
        normalId,
        `${next}<w:qFormat/><w:pPr><w:keepNext/><w:keepLines/><w:spacing w:before="240" w:after="120"/><w:outlineLvl w:val="${level}"/></w:pPr>` +
          `<w:rPr><w:b/><w:bCs/><w:sz w:val="${HEADING_SIZES[role]}"/><w:szCs w:val="${HEADING_SIZES[role]}"/></w:rPr>`,
      );
    }
    case 'List Bullet':
    case 'List Number':
      return paragraphStyle(id, role, normalId, '<w:pPr><w:spacing w:after="60"/><w:contextualSpacing/></w:pPr>');
    case 'Table Grid':
      return (
        `<w:style w:type="table" w:styleId="${id}"><w:name w:val="Table Grid"/><w:tblPr><w:tblBorders>` +
        `<w:top ${BORDER}/><w:left ${BORDER}/><w:bottom ${BORDER}/><w:right ${BORDER}/><w:insideH ${BORDER}/><w:insideV ${BORDER}/>` +
        '</w:tblBorders><w:tblCellMar><w:left w:w="108" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>'
      );
    case 'footnote text':
    case 'endnote text':
      return paragraphStyle(
        id,
        role,
        normalId,
        '<w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:sz w:val="20"/><w:szCs w:val="20"/></w:rPr>',
      );
    case 'footnote reference':
    case 'endnote reference':
      return characterStyle(id, role, '<w:vertAlign w:val="superscript"/>');
    case 'Hyperlink':
      return characterStyle(id, role, '<w:color w:val="0563C1"/><w:u w:val="single"/>');
    case 'Normal':
      return `<w:style w:type="paragraph" w:default="1" w:styleId="${id}"><w:name w:val="Normal"/><w:qFormat/></w:style>`;
  }
}
