import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeDocx } from './compose-docx.js';
import { convertToPdf, missingBinaries, pandocMarkdown, pdfPageCount, pdfText } from './test-support/office-tools.js';
import { emptyDocument, largeDocument, sampleDocument } from './test-support/sample-documents.js';

/**
 * Real consumers open the file: LibreOffice lays it out (poppler reads the PDF back) and pandoc
 * parses it. CI installs the binaries; without them these tests skip, saying which are missing.
 */

const missing = missingBinaries(['soffice', 'pdfinfo', 'pdftotext', 'pandoc']);
const title = missing.length === 0 ? 'office round trip' : `office round trip (skipped: ${missing.join(', ')} not installed)`;
if (missing.length > 0) console.warn(`[export] ${title}`);

/** pdftotext may break a long title over lines; compare with whitespace collapsed. */
const squash = (s: string): string => s.replace(/\s+/g, ' ');

describe.skipIf(missing.length > 0)(title, () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quire-export-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function write(name: string, buffer: Buffer): Promise<string> {
    const path = join(dir, `${name}.docx`);
    await writeFile(path, buffer);
    return path;
  }

  it('LibreOffice renders every section title on a plausible number of pages', async () => {
    const doc = sampleDocument();
    const pdf = await convertToPdf(await write('sample', await composeDocx(doc)), dir);
    const pages = await pdfPageCount(pdf);
    // Title page + contents + 2–5 pages of content.
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(pages).toBeLessThanOrEqual(8);
    const text = squash(await pdfText(pdf));
    const titles = doc.blocks.flatMap((block) => (block.kind === 'section' ? [block.title] : []));
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(text).toContain(title);
    expect(text).toContain('Risk: unlawful international transfer');
    expect(text).toContain('DRAFT');
    expect(text).toMatch(/Page \d+ of \d+/);
    expect(text).toContain('Data Protection Act 2018'); // footnotes are laid out
  }, 120_000);

  it('pandoc reads back the same section headings', async () => {
    const doc = sampleDocument({ render: { ...sampleDocument().render, headingNumbering: false } });
    const markdown = await pandocMarkdown(await write('pandoc', await composeDocx(doc)));
    const level1 = markdown
      .split('\n')
      .filter((line) => line.startsWith('# '))
      .map((line) =>
        line
          .slice(2)
          .replace(/\s*\{#.*\}$/, '')
          .trim(),
      );
    const titles = doc.blocks.flatMap((b) => (b.kind === 'section' ? [b.title] : []));
    expect(level1).toEqual([...titles, 'Sources']);
    expect(markdown).toContain('## Scope');
    expect(markdown).toMatch(/\[\^1\]/); // footnotes survive as footnotes
    expect(markdown).toContain('https://ico.org.uk/for-organisations/');
  }, 120_000);

  it('pandoc keeps numbered headings as headings', async () => {
    const markdown = await pandocMarkdown(await write('numbered', await composeDocx(sampleDocument())));
    expect(markdown).toMatch(/^# Processing Overview/m);
  }, 120_000);

  it('LibreOffice opens a document with no blocks as one short page', async () => {
    const pdf = await convertToPdf(await write('empty', await composeDocx(emptyDocument())), dir);
    // Title page + table of contents page.
    expect(await pdfPageCount(pdf)).toBeLessThanOrEqual(2);
    expect(squash(await pdfText(pdf))).toContain('Data Protection Impact Assessment');
  }, 120_000);

  it('LibreOffice lays out a 60-section document on a proportional number of pages', async () => {
    const pdf = await convertToPdf(await write('large', await composeDocx(largeDocument(60))), dir);
    const pages = await pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(30);
    expect(pages).toBeLessThan(120);
    const text = squash(await pdfText(pdf));
    expect(text).toContain('Section 60: encryption review');
  }, 180_000);
});
