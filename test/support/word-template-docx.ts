/**
 * A small .docx Word template made the way Word writes one, for tests over HTTP: the body's
 * paragraphs (each given as runs, so a tag can be split across runs as Word splits it), a header,
 * and a styles part whose "heading 1" has a localized id (`Kop1`, as Dutch Word writes it), so a
 * test can tell the template's own style from a default one.
 */
import JSZip from 'jszip';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A paragraph of runs: each string one run (with a bold run property on every second one, as formatting changes split runs). */
export function paragraph(...runs: string[]): string {
  const body = runs
    .map((text, i) => `<w:r>${i % 2 === 1 ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${escape(text)}</w:t></w:r>`)
    .join('<w:proofErr w:type="spellStart"/>');
  return `<w:p>${body}</w:p>`;
}

export interface WordTemplateParts {
  /** Body paragraphs (paragraph()) or raw block XML. */
  body: string[];
  /** The default header's text (one paragraph); may hold tags. */
  header?: string;
}

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="${W}">
<w:style w:type="paragraph" w:default="1" w:styleId="Standaard"><w:name w:val="Normal"/><w:rPr><w:rFonts w:ascii="Georgia" w:hAnsi="Georgia"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Kop1"><w:name w:val="heading 1"/><w:basedOn w:val="Standaard"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:color w:val="7B2C2C"/><w:sz w:val="32"/></w:rPr></w:style>
</w:styles>`;

/** Every entry carries this time, so the same parts always give the same bytes (JSZip stamps "now" otherwise, and a test building the file twice across a two-second boundary saw two files); no folder entries, which JSZip would stamp "now" whatever the files say. */
const FIXED_DATE = new Date('2026-01-05T09:00:00Z');

export async function wordTemplateDocx(parts: WordTemplateParts): Promise<Buffer> {
  const zip = new JSZip();
  const put = (name: string, xml: string): void => void zip.file(name, xml, { date: FIXED_DATE, createFolders: false });
  const header = parts.header !== undefined;
  put(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
      `<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>` +
      (header ? `<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>` : '') +
      `</Types>`,
  );
  put(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  put(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${R}/styles" Target="styles.xml"/>` +
      (header ? `<Relationship Id="rId2" Type="${R}/header" Target="header1.xml"/>` : '') +
      `</Relationships>`,
  );
  put('word/styles.xml', STYLES);
  if (header)
    put(
      'word/header1.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:hdr xmlns:w="${W}" xmlns:r="${R}">${paragraph(parts.header ?? '')}</w:hdr>`,
    );
  const sectPr = `<w:sectPr>${header ? '<w:headerReference w:type="default" r:id="rId2"/>' : ''}<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>`;
  put(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>${parts.body.join('')}${sectPr}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
