import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { composeDocx } from './compose-docx.js';
import type { ComposedDocument, LayoutName } from './composed-document.js';
import { sampleDocument } from './test-support/sample-documents.js';

/** A 2 × 1 PNG (red, blue): small enough to write here, a real image LibreOffice and Word open. */
const LOGO_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGM4IScnZ7MAAAc3Af/WSdlhAAAAAElFTkSuQmCC', 'base64');

function documentFor(layout: LayoutName, extra: Partial<ComposedDocument> = {}): ComposedDocument {
  const doc = sampleDocument();
  return {
    ...doc,
    date: '2026-11-20',
    render: { ...doc.render, layout, toc: layout === 'report', headingNumbering: layout === 'report' },
    letterhead: {
      name: 'Northwind LLP',
      addressLines: ['1 Harbour Street', 'Bristol BS1 4QA'],
      logo: { data: LOGO_PNG, type: 'png', widthPx: 2, heightPx: 1 },
    },
    layoutBlocks: {
      to: 'Procurement committee',
      from: 'Sam Reviewer',
      subject: 'Terms of engagement for Contoso GmbH',
      addressee: 'Ada Lovelace\nContoso GmbH\n12 Main Street',
      closing: 'Yours sincerely,',
      signature: 'J. Smith\nPartner, for and on behalf of Northwind LLP',
    },
    ...extra,
  };
}

async function partsOf(doc: ComposedDocument): Promise<{ body: string; text: string; files: string[]; settings: string }> {
  const zip = await JSZip.loadAsync(await composeDocx(doc));
  const body = (await zip.file('word/document.xml')?.async('string')) ?? '';
  const rels = (await zip.file('word/_rels/document.xml.rels')?.async('string')) ?? '';
  // Every picture is linked to its image part (an unresolved link shows nothing in Word or LibreOffice).
  const embeds = [...body.matchAll(/r:embed="([^"]+)"/g)].map((m) => m[1]);
  for (const id of embeds) expect(rels).toMatch(new RegExp(`Id="${id}" Type="[^"]+/image" Target="media/[^"]+\\.png"`));
  const settings = (await zip.file('word/settings.xml')?.async('string')) ?? '';
  // Paragraph ends become line breaks, tabs spaces: the text as a reader meets it.
  const text = body
    .replace(/<\/w:p>/g, '\n')
    .replace(/<w:tab\/>/g, ' ')
    .replace(/<[^>]+>/g, '');
  return { body, text, files: Object.keys(zip.files), settings };
}

const sectionTitles = (doc: ComposedDocument): string[] => doc.blocks.flatMap((b) => (b.kind === 'section' ? [b.title] : []));

describe('layout profiles', () => {
  it("report: a cover with the logo, the document's own date and the organization, then contents and numbered chapters", async () => {
    const doc = documentFor('report');
    const { body, text, files } = await partsOf(doc);
    expect(files.some((f) => /^word\/media\/.+\.png$/.test(f))).toBe(true);
    expect(body.indexOf('<w:drawing>')).toBeLessThan(body.indexOf(doc.title));
    const cover = text.slice(0, text.indexOf('Contents'));
    for (const expected of [doc.title, doc.organizationName, '20 November 2026', 'Status: Draft']) expect(cover).toContain(expected);
    expect(body).toMatch(/<w:instrText[^>]*>TOC \\h/);
    expect(body).toContain('<w:titlePg/>');
    expect(body).toContain('<w:numPr>');
  });

  it('memo: a To/From/Date/Subject header ruled off from the text, no cover, no contents, no numbering', async () => {
    const doc = documentFor('memo', { render: { ...sampleDocument().render, layout: 'memo', toc: true, headingNumbering: false } });
    const { body, text } = await partsOf(doc);
    const lines = text.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'Memorandum',
      'To: Procurement committee',
      'From: Sam Reviewer',
      'Date: 20 November 2026',
      'Subject: Terms of engagement for Contoso GmbH',
    ]);
    // The first section follows the header on the same page: no cover page, no contents even when asked.
    const first = sectionTitles(doc)[0];
    expect(text.indexOf(first)).toBeGreaterThan(text.indexOf('Subject:'));
    expect(body.slice(0, body.indexOf(first))).not.toContain('<w:br w:type="page"/>');
    expect(body).not.toMatch(/TOC \\h/);
    expect(body).not.toContain('<w:titlePg/>');
    expect(body).toContain('<w:bottom w:val="single"');
  });

  it('memo: the subject is the title when no subject template gave one', async () => {
    const doc = documentFor('memo', { title: 'Security assessment of Initech Cloud', layoutBlocks: { to: 'Procurement committee' } });
    const { text } = await partsOf(doc);
    expect(text).toContain('Subject: Security assessment of Initech Cloud');
    expect(text).not.toContain('From:');
  });

  it('letter: letterhead, date line, addressee, subject, the body, then the closing and signature block', async () => {
    const doc = documentFor('letter');
    const { body, text, files } = await partsOf(doc);
    expect(files.some((f) => /^word\/media\/.+\.png$/.test(f))).toBe(true);
    expect(body.match(/<w:drawing>/g)).toHaveLength(1);
    expect(body.indexOf('<w:drawing>')).toBeLessThan(body.indexOf('Northwind LLP'));
    const order = [
      'Northwind LLP',
      '1 Harbour Street',
      'Bristol BS1 4QA',
      '20 November 2026',
      'Ada Lovelace\nContoso GmbH\n12 Main Street',
      'Terms of engagement for Contoso GmbH',
      ...sectionTitles(doc),
      'Yours sincerely,',
      'J. Smith\nPartner, for and on behalf of Northwind LLP',
      'Sources',
    ];
    const positions = order.map((s) => text.indexOf(s));
    expect(
      positions.every((p) => p >= 0),
      JSON.stringify(order.filter((_, i) => positions[i] < 0)),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).not.toContain('Status: Draft'); // no cover
    expect(body).not.toMatch(/TOC \\h/);
    // The closing keeps with the signature (never the name alone on the next page).
    const closing = body.slice(body.lastIndexOf('<w:p>', body.indexOf('Yours sincerely,')), body.indexOf('Yours sincerely,'));
    expect(closing).toContain('<w:keepNext/>');
  });

  it("letter: the organization's display name when no letterhead is set, and no signature block without a signature", async () => {
    const doc = documentFor('letter', { letterhead: null, layoutBlocks: { addressee: 'Ada Lovelace' } });
    const { text } = await partsOf(doc);
    expect(text.split('\n')[0]).toBe(doc.organizationName);
    expect(text).not.toContain('Yours sincerely');
  });

  it('minimal: the title and date, then the text on the same page', async () => {
    const doc = documentFor('minimal');
    const { body, text } = await partsOf(doc);
    expect(text.split('\n').slice(0, 2)).toEqual([doc.title, '20 November 2026']);
    expect(body.slice(0, body.indexOf(sectionTitles(doc)[0]))).not.toContain('<w:br w:type="page"/>');
    expect(body).not.toContain('<w:titlePg/>');
    expect(text).not.toContain('Memorandum');
  });

  it.each(['report', 'memo', 'letter', 'minimal'] as const)('%s: the same document gives the same bytes, logo included', async (layout) => {
    const first = await composeDocx(documentFor(layout));
    // Another document in between moves docx's process-wide counters (drawing ids among them).
    await composeDocx(documentFor('letter'));
    expect((await composeDocx(documentFor(layout))).equals(first)).toBe(true);
  });
});
