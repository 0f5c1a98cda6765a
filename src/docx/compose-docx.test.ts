import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { composeDocx } from './compose-docx.js';
import { DEFAULT_RENDER_OPTIONS, type RenderOptions } from './composed-document.js';
import { emptyDocument, sampleDocument } from './test-support/sample-documents.js';

async function parts(buffer: Buffer): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(buffer);
  const out = new Map<string, string>();
  for (const name of Object.keys(zip.files)) {
    const file = zip.file(name);
    if (file) out.set(name, await file.async('string'));
  }
  return out;
}

function part(all: Map<string, string>, name: string): string {
  const xml = all.get(name);
  if (xml === undefined) throw new Error(`missing part ${name}`);
  return xml;
}

/** The text of the document with tags removed, to find words split over runs. */
function textOf(xml: string): string {
  return xml.replace(/<w:tab\/>/g, '\t').replace(/<[^>]+>/g, '');
}

describe('composeDocx', () => {
  it('writes every block, Markdown structure, footnote, comment and property', async () => {
    const doc = sampleDocument();
    const all = await parts(await composeDocx(doc));
    const body = part(all, 'word/document.xml');
    const text = textOf(body);

    // Title page and every section heading, in order.
    for (const expected of [doc.title, doc.organizationName, '17 May 2024', 'Status: Draft', 'DRAFT']) expect(text).toContain(expected);
    const titles = doc.blocks.flatMap((b) => (b.kind === 'section' ? [b.title] : []));
    const positions = titles.map((t) => text.lastIndexOf(t));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    // Markdown → real Word structures.
    expect(body).toContain('<w:numPr>');
    expect(body).toMatch(/<w:tbl>/);
    expect(body).toMatch(/<w:tblHeader\/>/); // repeated header row
    expect(body).toContain(`w:fill="D9E2F3"`); // shaded header
    expect(body).toContain('<w:footnoteReference w:id="1"/>');
    expect(body).toMatch(/<w:hyperlink [^>]*r:id="rIdQ\d+"/);
    expect(body).toContain('<w:pStyle w:val="Heading2"/>'); // "## Scope" sits below the section heading
    expect(body).toContain('<w:pStyle w:val="Quote"/>');
    expect(body).toContain('<w:pStyle w:val="SourceCode"/>');
    expect(body).toContain('<w:rStyle w:val="VerbatimChar"/>');
    expect(body).toContain('<w:b/>');
    expect(body).toContain('<w:i/>');
    expect(body).toContain('<w:strike/>');
    expect(body).toContain('<w:br w:type="page"/>');
    expect(body).toMatch(/<w:instrText[^>]*>TOC \\h/);
    expect(text).toContain('AT&amp;T © 2024'); // entities decoded once, escaped once for XML
    expect(text.slice(0, text.lastIndexOf('Sources'))).not.toMatch(/\[\d\]/); // markers became footnotes
    expect(text).not.toContain('<!--');

    // Risk block with its statutory reference; the Sources list.
    expect(text).toContain('Risk: unlawful international transfer');
    expect(text).toContain('UK GDPR Art. 46');
    expect(text).toContain('[3] Supplier audit report.');

    // Hyperlink targets live in the relationships, with stable ids.
    const rels = part(all, 'word/_rels/document.xml.rels');
    expect(rels).toContain('Target="https://ico.org.uk/for-organisations/"');
    expect(rels).not.toMatch(/Id="rId[a-z]/);

    const footnotes = part(all, 'word/footnotes.xml');
    expect(footnotes).toContain('Data Protection Act 2018');
    expect(footnotes).toContain('board-minutes-2024-03.pdf, p. 4');

    const comments = part(all, 'word/comments.xml');
    expect(comments).toContain('No source supports an absolute guarantee.');
    expect(comments).toContain('The company will never suffer a data breach.');
    expect(comments).toContain('w:author="Quire"');

    const core = part(all, 'docProps/core.xml');
    expect(core).toContain(`<dc:title>${doc.title}</dc:title>`);
    expect(core).toContain('<dc:subject>GDPR compliance</dc:subject>');
    expect(core).toContain('<dc:creator>Quire</dc:creator>');
    expect(core).toMatch(/<dcterms:created[^>]*>2024-05-17T09:30:00Z<\/dcterms:created>/);
  });

  it('anchors an unsupported claim on its text, and on the heading when the text is absent', async () => {
    const body = part(await parts(await composeDocx(sampleDocument())), 'word/document.xml');
    const claim = /<w:commentRangeStart w:id="0"\/>(.*?)<w:commentRangeEnd w:id="0"\/>/.exec(body);
    expect(claim && textOf(claim[1])).toBe('The company will never suffer a data breach.');
    const fallback = /<w:commentRangeStart w:id="1"\/>(.*?)<w:commentRangeEnd w:id="1"\/>/.exec(body);
    expect(fallback && textOf(fallback[1])).toBe('Processing Overview');
    expect(body).toContain('<w:commentReference w:id="1"/>');
  });

  it('applies the render options', async () => {
    const doc = sampleDocument({
      render: {
        ...DEFAULT_RENDER_OPTIONS,
        pageSize: 'Letter',
        marginsMm: { top: 20, right: 15, bottom: 20, left: 30 },
        fontFamily: 'Georgia',
        fontSize: 12,
        headingNumbering: true,
        headerText: 'Header words',
        footerText: 'Footer words',
        pageNumbers: true,
        language: 'de-DE',
        toc: false,
      },
    });
    const all = await parts(await composeDocx(doc));
    const body = part(all, 'word/document.xml');
    expect(body).toContain('<w:pgSz w:w="12240" w:h="15840"');
    expect(body).toMatch(/<w:pgMar w:top="1134" w:right="850" w:bottom="1134" w:left="1701"/);
    expect(body).not.toContain('TOC \\h');

    const styles = part(all, 'word/styles.xml');
    expect(styles).toContain('<w:lang w:val="de-DE"');
    expect(styles).toContain('w:ascii="Georgia"');
    expect(styles).toMatch(/<w:rPrDefault><w:rPr>.*<w:sz w:val="24"\/>/);

    // Numbered headings: "1." at level 0, "1.1" at level 1, attached to the heading paragraphs.
    const numbering = part(all, 'word/numbering.xml');
    expect(numbering).toContain('<w:lvlText w:val="%1."/>');
    expect(numbering).toContain('<w:lvlText w:val="%1.%2"/>');
    expect(body).toMatch(/<w:pStyle w:val="Heading1"\/><w:numPr><w:ilvl w:val="0"\/>/);

    const headers = [...all]
      .filter(([name]) => /^word\/header\d+\.xml$/.test(name))
      .map(([, xml]) => textOf(xml))
      .join('|');
    expect(headers).toContain('Header words');
    expect(headers).toContain('DRAFT');
    const footers = [...all]
      .filter(([name]) => /^word\/footer\d+\.xml$/.test(name))
      .map(([, xml]) => xml)
      .join('|');
    expect(footers).toContain('Footer words');
    expect(footers).toMatch(/<w:instrText[^>]*>PAGE<\/w:instrText>/);
    expect(footers).toMatch(/<w:instrText[^>]*>NUMPAGES<\/w:instrText>/);
  });

  describe('citations (issue #15)', () => {
    const twoSections = (style: RenderOptions['citationStyle']) =>
      sampleDocument({
        blocks: [
          {
            kind: 'section',
            id: 'a',
            title: 'Fees',
            content: 'The rate is fixed [1]. It rises yearly [1]. Billing is monthly [2]. Late fees apply [1].',
            outputType: 'markdown',
          },
          { kind: 'section', id: 'b', title: 'Term', content: 'The term is a year [1]. It renews [1].', outputType: 'markdown' },
        ],
        render: { ...DEFAULT_RENDER_OPTIONS, citationStyle: style },
      });
    const references = (body: string, tag: string) => [...body.matchAll(new RegExp(`<w:${tag} w:id="(\\d+)"/>`, 'g'))].map((m) => Number(m[1]));

    it('writes one footnote per source per section, numbered on through the document', async () => {
      const all = await parts(await composeDocx(twoSections('footnotes')));
      const body = part(all, 'word/document.xml');
      // Fees cites sources 1 and 2 (notes 1, 2), Term cites source 1 again (note 3).
      expect(references(body, 'footnoteReference')).toEqual([1, 2, 3]);
      const notes = [...part(all, 'word/footnotes.xml').matchAll(/<w:footnote w:id="(\d+)">([\s\S]*?)<\/w:footnote>/g)].map((m) => [m[1], textOf(m[2]).trim()]);
      expect(notes).toEqual([
        ['1', 'Data Protection Act 2018. https://www.legislation.gov.uk/ukpga/2018/12'],
        ['2', 'Board minutes, March 2024. board-minutes-2024-03.pdf, p. 4.'],
        ['3', 'Data Protection Act 2018. https://www.legislation.gov.uk/ukpga/2018/12'],
      ]);
      // The repeats print their note's number as a footnote mark: Fees "1, 1, 2, 1", Term "3, 3".
      const marks = [
        ...body.matchAll(
          /<w:r><w:rPr><w:rStyle w:val="FootnoteReference"\/>(?:<w:vertAlign w:val="superscript"\/>)?<\/w:rPr>(?:<w:footnoteReference w:id="(\d+)"\/>|<w:t[^>]*>(\d+)<\/w:t>)<\/w:r>/g,
        ),
      ].map((m) => m[1] ?? `=${m[2]}`);
      expect(marks).toEqual(['1', '=1', '2', '=1', '3', '=3']);
    });

    it('writes endnotes numbered 1, 2, 3 in the endnotes style', async () => {
      const all = await parts(await composeDocx(twoSections('endnotes')));
      const body = part(all, 'word/document.xml');
      expect(references(body, 'endnoteReference')).toEqual([1, 2, 3]);
      expect(references(body, 'footnoteReference')).toEqual([]);
      expect(part(all, 'word/endnotes.xml')).toContain('Board minutes, March 2024');
      expect(body).toMatch(/<w:endnotePr><w:numFmt w:val="decimal"\/><\/w:endnotePr>/);
    });

    it('keeps "[n]" naming the Sources list in the brackets style, with no notes', async () => {
      const all = await parts(await composeDocx(twoSections('brackets')));
      const text = textOf(part(all, 'word/document.xml'));
      expect(text).toContain('The rate is fixed [1]. It rises yearly [1]. Billing is monthly [2].');
      expect(text).toContain('[1] Data Protection Act 2018.');
      expect(references(part(all, 'word/document.xml'), 'footnoteReference')).toEqual([]);
    });

    it('drops the marks, the notes and the Sources list in the none style (a letter)', async () => {
      const all = await parts(await composeDocx(twoSections('none')));
      const body = part(all, 'word/document.xml');
      const text = textOf(body);
      expect(text).toContain('The rate is fixed. It rises yearly. Billing is monthly. Late fees apply.');
      expect(text).not.toContain('Sources');
      expect(text).not.toContain('Data Protection Act 2018');
      expect(references(body, 'footnoteReference')).toEqual([]);
      expect(references(body, 'endnoteReference')).toEqual([]);
    });
  });

  it('sets signature lines apart and keeps widows, orphans and headings with their text', async () => {
    const doc = sampleDocument({
      blocks: [
        {
          kind: 'section',
          id: 'a',
          title: 'Sign-off',
          content: 'The residual risk is acceptable.\n\nSigned for Acme: ______  Date: 2 November 2026',
          outputType: 'markdown',
        },
      ],
    });
    const all = await parts(await composeDocx(doc));
    const body = part(all, 'word/document.xml');
    const signature = /<w:p>(?:(?!<\/w:p>).)*Signed for Acme(?:(?!<\/w:p>).)*<\/w:p>/s.exec(body)?.[0] ?? '';
    expect(signature).toContain('<w:pStyle w:val="SignatureLine"/>');
    const styles = part(all, 'word/styles.xml');
    const styleXml = (id: string) => new RegExp(`<w:style [^>]*w:styleId="${id}"[^>]*>[\\s\\S]*?</w:style>`).exec(styles)?.[0] ?? '';
    expect(styleXml('SignatureLine')).toMatch(/<w:spacing [^>]*w:before="480"/);
    expect(styleXml('SignatureLine')).toContain('<w:keepLines/>');
    expect(styleXml('Heading1')).toContain('<w:keepNext/>');
    expect(/<w:pPrDefault>[\s\S]*?<\/w:pPrDefault>/.exec(styles)?.[0]).toContain('<w:widowControl/>');
  });

  it('leaves the DRAFT marker out of a finalized document', async () => {
    const all = await parts(await composeDocx(sampleDocument({ lifecycleState: 'finalized' })));
    const everything = [...all.values()].map(textOf).join('\n');
    expect(everything).toContain('Status: Finalized');
    expect(everything).not.toContain('DRAFT');
  });

  it('gives the same bytes for the same input, with zip dates from properties.created', async () => {
    const first = await composeDocx(sampleDocument());
    const second = await composeDocx(sampleDocument());
    expect(second.equals(first)).toBe(true);

    const zip = await JSZip.loadAsync(first);
    const names = Object.keys(zip.files);
    expect(names[0]).toBe('[Content_Types].xml');
    for (const name of names) expect(zip.files[name].date.toISOString()).toBe('2024-05-17T09:30:00.000Z');

    const other = await composeDocx(sampleDocument({ properties: { creator: 'Quire', created: '2025-01-01T00:00:00Z' } }));
    expect(other.equals(first)).toBe(false);
  });

  it('writes a valid short document with no blocks', async () => {
    const buffer = await composeDocx(emptyDocument());
    const all = await parts(buffer);
    for (const name of ['[Content_Types].xml', 'word/document.xml', 'word/styles.xml', 'docProps/core.xml']) expect(all.has(name)).toBe(true);
    const text = textOf(part(all, 'word/document.xml'));
    expect(text).toContain('Data Protection Impact Assessment');
    expect(text).not.toContain('Sources');
  });

  it('keeps characters XML forbids out of the file', async () => {
    const doc = sampleDocument({
      title: 'Bad\u0000title\u0007',
      blocks: [{ kind: 'section', id: 'x', title: 'Control\u0001chars', content: 'a\u000bb', outputType: 'markdown' }],
    });
    const all = await parts(await composeDocx(doc));
    const body = part(all, 'word/document.xml');
    expect(body).toContain('Badtitle');
    expect(body).toContain('Controlchars');
    expect([...all.values()].some((xml) => /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(xml))).toBe(false);
  });
});
