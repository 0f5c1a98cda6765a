/**
 * Builds .docx files the way Word writes them, for the Word-template tests: text split into runs
 * by spell-check marks (`w:proofErr`), formatting that changes in the middle of a tag, bookmarks,
 * `w:rsid` attributes, tables, headers and footers with a letterhead image, footnotes, numbered
 * lists and a style sheet with the built-in and a custom style. Deterministic (fixed zip dates).
 */
import JSZip from 'jszip';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS = `xmlns:w="${W}" xmlns:r="${R}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"`;
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A run; `props` is the inner XML of `w:rPr` (e.g. `<w:b/>`). */
export const run = (text: string, props = ''): string =>
  `<w:r w:rsidR="00A1B2C3">${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${escape(text)}</w:t></w:r>`;

/** Word's spell-check marks around a run it does not know. */
export const misspelt = (text: string, props = ''): string => `<w:proofErr w:type="spellStart"/>${run(text, props)}<w:proofErr w:type="spellEnd"/>`;

export const bookmark = (id: number, name: string): string => `<w:bookmarkStart w:id="${id}" w:name="${name}"/><w:bookmarkEnd w:id="${id}"/>`;

/** A paragraph of runs (strings are plain runs); `style` is a style id. */
export function paragraph(parts: string | string[], style?: string, extraProps = ''): string {
  const runs = (Array.isArray(parts) ? parts : [run(parts)]).join('');
  const props = style || extraProps ? `<w:pPr>${style ? `<w:pStyle w:val="${style}"/>` : ''}${extraProps}</w:pPr>` : '';
  return `<w:p w:rsidR="00A1B2C3" w:rsidRDefault="00A1B2C3">${props}${runs}</w:p>`;
}

export const numbered = (parts: string | string[]): string => paragraph(parts, 'ListNumber', '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>');

/** A table: rows of cells, each cell a list of paragraphs (XML) or one text. */
export function table(rows: Array<Array<string | string[]>>): string {
  const columns = rows[0]?.length ?? 1;
  const grid = `<w:tblGrid>${'<w:gridCol w:w="3000"/>'.repeat(columns)}</w:tblGrid>`;
  const cell = (content: string | string[]) =>
    `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr>${Array.isArray(content) ? content.join('') : paragraph(content)}</w:tc>`;
  const body = rows.map((row) => `<w:tr w:rsidR="00A1B2C3">${row.map(cell).join('')}</w:tr>`).join('');
  return `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/></w:tblPr>${grid}${body}</w:tbl>`;
}

export const footnoteReference = (id: number): string => `<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="${id}"/></w:r>`;

/** An inline picture of the header's letterhead image (relationship rIdLogo). */
export const letterheadImage = (): string =>
  '<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="914400" cy="457200"/><wp:docPr id="1" name="Logo"/>' +
  '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="logo.png"/><pic:cNvPicPr/></pic:nvPicPr>' +
  '<pic:blipFill><a:blip r:embed="rIdLogo"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="914400" cy="457200"/></a:xfrm>' +
  '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>';

/** An 8×1 dark-red PNG (the letterhead logo). */
export const LOGO_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAABCAIAAABsYngUAAAADklEQVR4nGM4IKCAFQEAYtkHgdVd8EkAAAAASUVORK5CYII=', 'base64');

const STYLE_NAMES: Array<[string, string, string]> = [
  ['paragraph', 'Normal', 'Normal'],
  ['paragraph', 'Heading1', 'heading 1'],
  ['paragraph', 'Title', 'Title'],
  ['paragraph', 'ListNumber', 'List Number'],
  ['paragraph', 'FootnoteText', 'footnote text'],
  ['character', 'FootnoteReference', 'footnote reference'],
  ['table', 'TableGrid', 'Table Grid'],
  ['paragraph', 'FirmLetterBody', 'Firm Letter Body'],
];

function stylesXml(): string {
  const styles = STYLE_NAMES.map(([type, id, name]) => {
    const extra =
      id === 'FootnoteReference' ? '<w:rPr><w:vertAlign w:val="superscript"/></w:rPr>' : id === 'Heading1' ? '<w:rPr><w:b/><w:sz w:val="32"/></w:rPr>' : '';
    return `<w:style w:type="${type}"${id === 'Normal' ? ' w:default="1"' : ''} w:styleId="${id}"><w:name w:val="${name}"/>${extra}</w:style>`;
  });
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles ${NS}>${styles.join('')}</w:styles>`;
}

const NUMBERING =
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:numbering xmlns:w="${W}"><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/>` +
  '<w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>' +
  '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>';

export interface DocxSpec {
  /** Inner XML of `w:body` (without the section properties). */
  body: string;
  /** Inner XML of the default header / footer. */
  header?: string;
  footer?: string;
  /** Footnotes by id (≥ 1): inner XML of each `w:footnote`. */
  footnotes?: Record<number, string>;
  /** Extra relationships of document.xml (raw `<Relationship>` elements). */
  extraRelationships?: string;
  /** Extra entries (path → content), e.g. a VBA project. */
  extraEntries?: Record<string, string | Buffer>;
  /** The main part's content type (a .docm's is macro-enabled). */
  mainContentType?: string;
}

function contentTypes(spec: DocxSpec): string {
  const main = spec.mainContentType ?? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
  const part = (name: string, type: string) =>
    `<Override PartName="/word/${name}" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.${type}+xml"/>`;
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    '<Default Extension="png" ContentType="image/png"/>' +
    `<Override PartName="/word/document.xml" ContentType="${main}"/>${part('styles.xml', 'styles')}${part('numbering.xml', 'numbering')}` +
    `${spec.header !== undefined ? part('header1.xml', 'header') : ''}${spec.footer !== undefined ? part('footer1.xml', 'footer') : ''}` +
    `${spec.footnotes ? part('footnotes.xml', 'footnotes') : ''}</Types>`
  );
}

function documentRels(spec: DocxSpec): string {
  const rel = (id: string, type: string, target: string) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`;
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    `${rel('rId1', 'styles', 'styles.xml')}${rel('rId2', 'numbering', 'numbering.xml')}` +
    `${spec.header !== undefined ? rel('rId3', 'header', 'header1.xml') : ''}${spec.footer !== undefined ? rel('rId4', 'footer', 'footer1.xml') : ''}` +
    `${spec.footnotes ? rel('rId5', 'footnotes', 'footnotes.xml') : ''}${spec.extraRelationships ?? ''}</Relationships>`
  );
}

function footnotesXml(notes: Record<number, string>): string {
  const separator =
    '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>';
  const own = Object.entries(notes).map(([id, xml]) => `<w:footnote w:id="${id}">${xml}</w:footnote>`);
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:footnotes ${NS}>${separator}${own.join('')}</w:footnotes>`;
}

/** The .docx of a spec. */
export async function buildDocx(spec: DocxSpec): Promise<Buffer> {
  const zip = new JSZip();
  const date = new Date(Date.UTC(2020, 0, 1));
  const add = (path: string, data: string | Buffer) => zip.file(path, data, { date, createFolders: false });
  const headerRef = spec.header !== undefined ? '<w:headerReference w:type="default" r:id="rId3"/>' : '';
  const footerRef = spec.footer !== undefined ? '<w:footerReference w:type="default" r:id="rId4"/>' : '';
  const sectPr = `<w:sectPr>${headerRef}${footerRef}<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>`;
  add('[Content_Types].xml', contentTypes(spec));
  add(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  add('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${NS}><w:body>${spec.body}${sectPr}</w:body></w:document>`);
  add('word/_rels/document.xml.rels', documentRels(spec));
  add('word/styles.xml', stylesXml());
  add('word/numbering.xml', NUMBERING);
  if (spec.header !== undefined) {
    add('word/header1.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:hdr ${NS}>${spec.header}</w:hdr>`);
    add(
      'word/_rels/header1.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdLogo" Type="${REL}/image" Target="media/logo.png"/></Relationships>`,
    );
    add('word/media/logo.png', LOGO_PNG);
  }
  if (spec.footer !== undefined) add('word/footer1.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:ftr ${NS}>${spec.footer}</w:ftr>`);
  if (spec.footnotes) add('word/footnotes.xml', footnotesXml(spec.footnotes));
  for (const [path, data] of Object.entries(spec.extraEntries ?? {})) add(path, data);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', platform: 'DOS' });
}
