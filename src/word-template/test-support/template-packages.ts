import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { DEFAULT_RENDER_OPTIONS, type ComposedDocument } from '../../docx/composed-document.js';
import type { DocxPackage } from '../docx-package.js';
import type { WordTemplateFill } from '../word-template-types.js';

/** Word templates made the way customers make them, and the fill the tests place into them. */

const run = promisify(execFile);
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export async function unzipDocx(bytes: Uint8Array): Promise<DocxPackage> {
  const zip = await JSZip.loadAsync(bytes);
  const pkg: DocxPackage = new Map();
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    pkg.set(file.name, /\.(xml|rels)$/.test(file.name) ? await file.async('string') : await file.async('uint8array'));
  }
  return pkg;
}

export async function zipDocx(pkg: DocxPackage): Promise<Buffer> {
  const zip = new JSZip();
  for (const [path, content] of pkg) zip.file(path, content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * A template written in LibreOffice Writer: its Heading 1 in green DejaVu Serif, a letterhead
 * header, a footnote of its own, and a two-cell table. Made from a flat ODT by LibreOffice itself.
 */
export async function writerTemplate(): Promise<DocxPackage> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-wt-'));
  const profile = join(tmpdir(), `lo-${randomUUID()}`);
  try {
    const source = fileURLToPath(new URL('./writer-template.fodt', import.meta.url));
    await run(
      'soffice',
      [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'docx:MS Word 2007 XML', '--outdir', dir, source],
      {
        timeout: 90_000,
      },
    );
    return await unzipDocx(await readFile(join(dir, 'writer-template.docx')));
  } finally {
    await rm(dir, { recursive: true, force: true });
    await rm(profile, { recursive: true, force: true });
  }
}

/**
 * A .docx as a program generates one (python-docx's or docx4j's minimal output): Normal and
 * Heading 1 only — no list, table or note styles, no numbering, no footnotes part, no header.
 */
export function wordLikeTemplate(): DocxPackage {
  const paragraph = (text: string, style?: string): string =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t>${text}</w:t></w:r></w:p>`;
  return new Map<string, string | Uint8Array>([
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/></Relationships>`,
    ],
    [
      'word/_rels/document.xml.rels',
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'word/styles.xml',
      `${XML_HEAD}<w:styles xmlns:w="${W}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Liberation Sans" w:hAnsi="Liberation Sans"/><w:sz w:val="22"/></w:rPr></w:rPrDefault></w:docDefaults>` +
        '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
        '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:color w:val="1F4E79"/><w:sz w:val="36"/></w:rPr></w:style>' +
        '</w:styles>',
    ],
    [
      'word/document.xml',
      `${XML_HEAD}<w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>${paragraph('Quarterly review', 'Heading1')}${paragraph('Opening words.')}${paragraph('SECTION_PLACEHOLDER_PARAGRAPH')}${paragraph('Closing words.')}` +
        '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>',
    ],
  ]);
}

/** What the engine does for a placeholder: the paragraph holding `text` becomes the marker comment. */
export function putMarker(pkg: DocxPackage, text: string, key: string): void {
  const xml = pkg.get('word/document.xml');
  if (typeof xml !== 'string') throw new Error('no document.xml');
  const at = xml.indexOf(text);
  const start = Math.max(xml.lastIndexOf('<w:p>', at), xml.lastIndexOf('<w:p ', at));
  const end = xml.indexOf('</w:p>', at) + '</w:p>'.length;
  if (at < 0 || start < 0) throw new Error(`no paragraph holds ${text}`);
  pkg.set('word/document.xml', `${xml.slice(0, start)}<!--quire-section:${key}-->${xml.slice(end)}`);
}

export const FINDINGS_MARKDOWN = `Revenue grew **strongly** last year [1]. Margins held [1].

- First bullet item
- Second bullet item
  - Nested bullet item

1. Step one
2. Step two

| Metric | Value |
|---|---|
| Margin | 12 % |

See [the guidance](https://example.com/guide) and [this](javascript:alert(1)) & more.

1. Again one
2. Again two
`;

export function sampleFill(overrides: Partial<ComposedDocument> = {}): WordTemplateFill {
  const composed: ComposedDocument = {
    title: 'Engagement review',
    organizationName: 'Acme Holdings Ltd',
    date: '2026-11-29',
    lifecycleState: 'draft',
    blocks: [],
    sources: [
      { n: 1, title: 'Annual report 2025', url: 'https://example.com/report' },
      { n: 2, title: 'Ledger export', file: 'ledger.xlsx', locator: 'Fees!B4' },
    ],
    render: { ...DEFAULT_RENDER_OPTIONS, layout: 'letter' },
    properties: { creator: 'Quire', created: '2026-11-29T09:00:00.000Z' },
    ...overrides,
  };
  const findings = { kind: 'section' as const, id: 's1', title: 'Findings', content: FINDINGS_MARKDOWN, outputType: 'markdown' as const };
  const risk = { kind: 'riskBlock' as const, heading: 'Risk: late payment', body: 'Clients pay late [2].', statutoryRef: 'Late Payment Act 1998' };
  const summary = { kind: 'section' as const, id: 's2', title: 'Summary', content: 'Short summary of the engagement [2].', outputType: 'string' as const };
  return {
    context: {},
    sections: [
      { key: 'findings', blocks: [findings, risk] },
      { key: 'summary', blocks: [summary] },
    ],
    composed: { ...composed, blocks: [findings, risk, summary] },
  };
}
