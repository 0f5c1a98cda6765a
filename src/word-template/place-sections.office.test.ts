import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertToPdf, missingBinaries, pdfText } from '../docx/test-support/office-tools.js';
import type { DocxPackage } from './docx-package.js';
import { placeSections } from './place-sections.js';
import { listStyles, readTemplateStyles } from './template-styles.js';
import { putMarker, sampleFill, unzipDocx, wordLikeTemplate, writerTemplate, zipDocx } from './test-support/template-packages.js';

/**
 * Generated sections placed into Word templates made as customers make them, then opened by real
 * consumers: LibreOffice lays the result out (poppler reads the PDF), pandoc parses it.
 */

const run = promisify(execFile);
const missing = missingBinaries(['soffice', 'pdftotext', 'pandoc']);
const title =
  missing.length === 0 ? 'section placement in Word templates' : `section placement in Word templates (skipped: ${missing.join(', ')} not installed)`;
if (missing.length > 0) console.warn(`[word-template] ${title}`);

const squash = (s: string): string => s.replace(/\s+/g, ' ');

interface PandocNode {
  t: string;
  c?: unknown;
}

/** The plain text of every Note element of pandoc's JSON, in document order. */
function notesOf(json: unknown): string[] {
  const notes: string[] = [];
  const textOf = (node: unknown): string => {
    if (Array.isArray(node)) return node.map(textOf).join('');
    if (!node || typeof node !== 'object') return '';
    const { t, c } = node as PandocNode;
    if (t === 'Str') return String(c);
    if (t === 'Space' || t === 'SoftBreak') return ' ';
    return textOf(c);
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const { t, c } = node as PandocNode;
    if (t === 'Note') notes.push(textOf(c).trim());
    else Object.values(node).forEach(visit);
  };
  visit(json);
  return notes;
}

describe.skipIf(missing.length > 0)(title, () => {
  let dir = '';
  /** The Writer-made template, converted once; each test edits a copy. */
  let writer: DocxPackage = new Map();
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quire-wtsect-'));
    writer = await writerTemplate();
  }, 120_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function write(name: string, pkg: DocxPackage): Promise<string> {
    const path = join(dir, `${name}.docx`);
    await writeFile(path, await zipDocx(pkg));
    return path;
  }

  async function pandoc(path: string, to: 'plain' | 'json'): Promise<string> {
    const { stdout } = await run('pandoc', ['-f', 'docx', '-t', to, '--wrap=none', path], { maxBuffer: 16 * 1024 * 1024, timeout: 60_000 });
    return stdout;
  }

  it('fills a Writer-made template: sections in its Heading 1, lists, tables, a section in a table cell, notes after its own', async () => {
    const pkg = new Map(writer);
    const templateStyleNames = listStyles(String(pkg.get('word/styles.xml'))).map((style) => style.name);
    const templateHeading = /<w:style [^>]*w:styleId="Heading1"[\s\S]*?<\/w:style>/.exec(String(pkg.get('word/styles.xml')))?.[0];
    putMarker(pkg, 'BODY_PLACEHOLDER_PARAGRAPH', '*');
    putMarker(pkg, 'CELL_PLACEHOLDER_PARAGRAPH', 'summary');
    placeSections(pkg, sampleFill());
    const path = await write('writer', pkg);

    const pdf = squash(await pdfText(await convertToPdf(path, dir)));
    expect(pdf).toContain('Revenue grew strongly last year');
    expect(pdf).toContain('Acme Letterhead Ltd');
    expect(pdf).toContain('DRAFT');

    const plain = squash(await pandoc(path, 'plain'));
    for (const text of ['Findings', 'First bullet item', 'Nested bullet item', 'Step one', 'Margin', '12 %', 'Clients pay late', 'Yours sincerely']) {
      expect(plain).toContain(text);
    }
    // The table cell's placeholder received the summary, and the cell is still a cell of the template's table.
    expect(plain).toMatch(/Findings\s+Short summary of the engagement/);

    // Word numbers notes by their place: the template's own note comes first, ours after it (the
    // summary is cited in body() and again in the cell's section("summary")).
    expect(notesOf(JSON.parse(await pandoc(path, 'json')))).toEqual([
      'Template own note.',
      'Annual report 2025. https://example.com/report',
      'Ledger export. ledger.xlsx, Fees!B4.',
      'Ledger export. ledger.xlsx, Fees!B4.',
      'Ledger export. ledger.xlsx, Fees!B4.',
    ]);

    const documentXml = String(pkg.get('word/document.xml'));
    expect(documentXml).toContain('<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t xml:space="preserve">Findings</w:t></w:r></w:p>');
    // Every style of the template is still there; its Heading 1 (font, colour) is the one the sections use, unchanged.
    expect(listStyles(String(pkg.get('word/styles.xml'))).map((style) => style.name)).toEqual(expect.arrayContaining(templateStyleNames));
    expect(String(pkg.get('word/styles.xml'))).toContain(templateHeading);
    expect(templateHeading).toContain('<w:color w:val="2E7D32"/>');
    expect(templateHeading).toContain('DejaVu Serif');
    // Its "Footnote Text" style (id "Footnote" in a LibreOffice file) carries our notes.
    expect(String(pkg.get('word/footnotes.xml'))).toMatch(/<w:footnote w:id="3"><w:p><w:pPr><w:pStyle w:val="Footnote"\/>/);
  }, 180_000);

  it('fills a generated .docx without list, table or note styles: the missing styles, numbering and notes part are added', async () => {
    const pkg = wordLikeTemplate();
    expect(readTemplateStyles(String(pkg.get('word/styles.xml'))).missing).toEqual([
      'heading 2',
      'heading 3',
      'List Bullet',
      'List Number',
      'Table Grid',
      'footnote text',
      'footnote reference',
    ]);
    putMarker(pkg, 'SECTION_PLACEHOLDER_PARAGRAPH', 'findings');
    placeSections(pkg, sampleFill({ lifecycleState: 'finalized' }));
    const path = await write('generated', pkg);

    const pdf = squash(await pdfText(await convertToPdf(path, dir)));
    expect(pdf).toContain('Opening words. Revenue grew strongly last year');
    expect(pdf).toMatch(/1\. Step one 2\. Step two/);
    // The second numbered list starts again at 1.
    expect(pdf).toMatch(/1\. Again one 2\. Again two/);
    expect(pdf).not.toContain('DRAFT');

    const plain = squash(await pandoc(path, 'plain'));
    for (const text of ['First bullet item', 'Nested bullet item', 'Metric', '12 %', 'the guidance', 'Risk: late payment', 'Late Payment Act 1998']) {
      expect(plain).toContain(text);
    }
    expect(plain).toContain('See the guidance and this & more.');
    expect(notesOf(JSON.parse(await pandoc(path, 'json')))).toEqual(['Annual report 2025. https://example.com/report', 'Ledger export. ledger.xlsx, Fees!B4.']);

    const styles = String(pkg.get('word/styles.xml'));
    expect(readTemplateStyles(styles).missing).toEqual(['heading 2', 'heading 3']);
    expect(styles).toContain('<w:style w:type="paragraph" w:styleId="ListBullet"><w:name w:val="List Bullet"/>');
    const documentXml = String(pkg.get('word/document.xml'));
    expect(documentXml).toContain('<w:pStyle w:val="ListBullet"/><w:numPr><w:ilvl w:val="1"/>');
    expect(String(pkg.get('word/_rels/document.xml.rels'))).toContain('Target="https://example.com/guide" TargetMode="External"');
    expect(String(pkg.get('word/_rels/document.xml.rels'))).not.toContain('javascript');
    expect(String(pkg.get('word/_rels/document.xml.rels'))).toContain('Target="footnotes.xml"');
    expect(String(pkg.get('[Content_Types].xml'))).toContain('PartName="/word/numbering.xml"');
  }, 180_000);

  it('draws the DRAFT mark on a template without a header while the document is a draft, and not once it is finalized', async () => {
    const draft = wordLikeTemplate();
    placeSections(draft, sampleFill({ lifecycleState: 'under-review' }));
    expect(squash(await pdfText(await convertToPdf(await write('draft', draft), dir)))).toContain('DRAFT');

    const finalized = wordLikeTemplate();
    placeSections(finalized, sampleFill({ lifecycleState: 'finalized' }));
    expect(squash(await pdfText(await convertToPdf(await write('final', finalized), dir)))).not.toContain('DRAFT');
  }, 180_000);

  it('is deterministic: the same template and fill give the same parts', async () => {
    const first = new Map(writer);
    const second = await unzipDocx(await zipDocx(writer));
    putMarker(first, 'BODY_PLACEHOLDER_PARAGRAPH', '*');
    putMarker(second, 'BODY_PLACEHOLDER_PARAGRAPH', '*');
    placeSections(first, sampleFill());
    placeSections(second, sampleFill());
    expect([...second.entries()]).toEqual([...first.entries()]);
  }, 180_000);
});
