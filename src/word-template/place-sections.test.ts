import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { DocxPackage } from './docx-package.js';
import { placeSections } from './place-sections.js';
import { readTemplateStyles } from './template-styles.js';
import { putMarker, sampleFill, wordLikeTemplate } from './test-support/template-packages.js';
import type { WordTemplateFill } from './word-template-types.js';

/**
 * Section placement on the XML of the parts: what Word needs to open the file (a cell keeps a
 * paragraph, ids and relationships exist, the XML is well-formed) and the template's choices it
 * keeps (its list numbering, its header). The office round trips are in place-sections.office.test.ts.
 */

const text = (pkg: DocxPackage, path: string): string => {
  const part = pkg.get(path);
  if (typeof part !== 'string') throw new Error(`no ${path}`);
  return part;
};

function withDocumentBody(pkg: DocxPackage, body: string, sectPr = '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr>'): DocxPackage {
  pkg.set('word/document.xml', text(pkg, 'word/document.xml').replace(/<w:body>[\s\S]*<\/w:body>/, `<w:body>${body}${sectPr}</w:body>`));
  return pkg;
}

function fillWithSection(
  content: string,
  outputType: 'markdown' | 'table' | 'string',
  overrides: Partial<WordTemplateFill['composed']> = {},
): WordTemplateFill {
  const fill = sampleFill(overrides);
  const section = { kind: 'section' as const, id: 'x', title: 'Extra <&> "section"', content, outputType };
  return { ...fill, sections: [...fill.sections, { key: 'extra', blocks: [section] }] };
}

describe('placeSections', () => {
  it('leaves a table cell valid when its section ends with a table, and when the key names no section', () => {
    const pkg = withDocumentBody(
      wordLikeTemplate(),
      '<w:tbl><w:tr><w:tc><!--quire-section:extra--></w:tc><w:tc><!--quire-section:nothing-here--></w:tc></w:tr></w:tbl><w:p/>',
    );
    placeSections(pkg, fillWithSection(JSON.stringify([{ system: 'CRM', owner: 'Sales' }]), 'table', { lifecycleState: 'finalized' }));
    const documentXml = text(pkg, 'word/document.xml');
    expect(XMLValidator.validate(documentXml)).toBe(true);
    // The first cell holds the section's table, then the paragraph a cell must end with; the second only that paragraph.
    expect(documentXml).toMatch(/<w:tbl><w:tr><w:tc><w:tbl>.*CRM.*<\/w:tbl><w:p\/><\/w:tc><w:tc><w:p\/><\/w:tc><\/w:tr><\/w:tbl>/);
    expect(documentXml).not.toContain('quire-section');
  });

  it('escapes the generated text and drops characters XML forbids', () => {
    const pkg = wordLikeTemplate();
    putMarker(pkg, 'SECTION_PLACEHOLDER_PARAGRAPH', '*');
    placeSections(pkg, fillWithSection('A < B & "C" \u0007 done', 'string'));
    const documentXml = text(pkg, 'word/document.xml');
    expect(XMLValidator.validate(documentXml)).toBe(true);
    expect(documentXml).toContain('Extra &lt;&amp;&gt; &quot;section&quot;');
    expect(documentXml).toContain('A &lt; B &amp; &quot;C&quot;  done');
  });

  it('keeps "[n]" in the brackets style and lists the sources after the last section, with no notes part', () => {
    const pkg = wordLikeTemplate();
    putMarker(pkg, 'SECTION_PLACEHOLDER_PARAGRAPH', 'summary');
    const fill = sampleFill();
    placeSections(pkg, { ...fill, composed: { ...fill.composed, render: { ...fill.composed.render, citationStyle: 'brackets' } } });
    const documentXml = text(pkg, 'word/document.xml');
    expect(documentXml).toContain('Short summary of the engagement</w:t></w:r><w:r><w:t xml:space="preserve"> [2]</w:t>');
    expect(documentXml).toMatch(
      /<w:pStyle w:val="Heading1"\/><\/w:pPr><w:r><w:t xml:space="preserve">Sources<\/w:t><\/w:r><\/w:p><w:p><w:r><w:t xml:space="preserve">\[1\] Annual report 2025\.<\/w:t>/,
    );
    expect(pkg.has('word/footnotes.xml')).toBe(false);
    expect(documentXml).not.toContain('footnoteReference');
  });

  it('writes endnotes, numbered in digits, when the template asks for them', () => {
    const pkg = wordLikeTemplate();
    putMarker(pkg, 'SECTION_PLACEHOLDER_PARAGRAPH', 'findings');
    const fill = sampleFill();
    placeSections(pkg, { ...fill, composed: { ...fill.composed, render: { ...fill.composed.render, citationStyle: 'endnotes' } } });
    const endnotes = text(pkg, 'word/endnotes.xml');
    expect(endnotes).toContain('<w:endnote w:type="separator" w:id="-1">');
    expect(endnotes).toContain(
      '<w:endnote w:id="1"><w:p><w:pPr><w:pStyle w:val="EndnoteText"/></w:pPr><w:r><w:rPr><w:rStyle w:val="EndnoteReference"/></w:rPr><w:endnoteRef/>',
    );
    const documentXml = text(pkg, 'word/document.xml');
    expect(documentXml).toContain('<w:endnoteReference w:id="1"/>');
    expect(documentXml).toContain('<w:endnotePr><w:numFmt w:val="decimal"/></w:endnotePr><w:pgSz');
    expect(text(pkg, '[Content_Types].xml')).toContain('PartName="/word/endnotes.xml"');
    expect(pkg.has('word/footnotes.xml')).toBe(false);
  });

  it("uses the numbering the template's List Bullet and List Number styles carry; each numbered list restarts", () => {
    const pkg = wordLikeTemplate();
    const listStyles =
      '<w:style w:type="paragraph" w:styleId="Aufzaehlung"><w:name w:val="List Bullet"/><w:pPr><w:numPr><w:numId w:val="7"/></w:numPr></w:pPr></w:style>' +
      '<w:style w:type="paragraph" w:styleId="Nummerierung"><w:name w:val="List Number"/><w:pPr><w:numPr><w:numId w:val="8"/></w:numPr></w:pPr></w:style>';
    pkg.set('word/styles.xml', text(pkg, 'word/styles.xml').replace('</w:styles>', `${listStyles}</w:styles>`));
    pkg.set(
      'word/numbering.xml',
      '<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:abstractNum w:abstractNumId="4"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="–"/></w:lvl></w:abstractNum>' +
        '<w:abstractNum w:abstractNumId="5"><w:lvl w:ilvl="0"><w:numFmt w:val="upperRoman"/><w:lvlText w:val="%1)"/></w:lvl></w:abstractNum>' +
        '<w:num w:numId="7"><w:abstractNumId w:val="4"/></w:num><w:num w:numId="8"><w:abstractNumId w:val="5"/></w:num></w:numbering>',
    );
    putMarker(pkg, 'SECTION_PLACEHOLDER_PARAGRAPH', 'findings');
    placeSections(pkg, sampleFill());
    const documentXml = text(pkg, 'word/document.xml');
    expect(documentXml).toMatch(
      /<w:pStyle w:val="Aufzaehlung"\/><w:numPr><w:ilvl w:val="0"\/><w:numId w:val="7"\/><\/w:numPr><\/w:pPr><w:r><w:t xml:space="preserve">First bullet item/,
    );
    expect(documentXml).toMatch(
      /<w:pStyle w:val="Nummerierung"\/><w:numPr><w:ilvl w:val="0"\/><w:numId w:val="9"\/><\/w:numPr><\/w:pPr><w:r><w:t xml:space="preserve">Step one/,
    );
    expect(documentXml).toMatch(
      /<w:pStyle w:val="Nummerierung"\/><w:numPr><w:ilvl w:val="0"\/><w:numId w:val="10"\/><\/w:numPr><\/w:pPr><w:r><w:t xml:space="preserve">Again one/,
    );
    const numbering = text(pkg, 'word/numbering.xml');
    expect(numbering).toContain(
      '<w:num w:numId="9"><w:abstractNumId w:val="5"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>',
    );
    expect(numbering).toContain('<w:num w:numId="10"><w:abstractNumId w:val="5"/>');
    // No definition of our own was needed: the template's are used.
    expect(numbering).not.toContain('w:abstractNumId="6"');
    expect(readTemplateStyles(text(pkg, 'word/styles.xml')).found).toMatchObject({ 'List Bullet': 'Aufzaehlung', 'List Number': 'Nummerierung' });
  });

  it("adds DRAFT to the template's own header, and a first-page header when its first page has none", () => {
    const pkg = withDocumentBody(
      wordLikeTemplate(),
      '<!--quire-section:summary-->',
      '<w:sectPr><w:headerReference w:type="default" r:id="rId9"/><w:titlePg/></w:sectPr>',
    );
    pkg.set(
      'word/_rels/document.xml.rels',
      text(pkg, 'word/_rels/document.xml.rels').replace(
        '</Relationships>',
        '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/></Relationships>',
      ),
    );
    pkg.set(
      'word/header1.xml',
      '<w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:p><w:r><w:t>Letterhead</w:t></w:r></w:p></w:hdr>',
    );
    placeSections(pkg, sampleFill());
    expect(text(pkg, 'word/header1.xml')).toMatch(/Letterhead<\/w:t><\/w:r><\/w:p><w:p>.*DRAFT<\/w:t><\/w:r><\/w:p><\/w:hdr>$/);
    const documentXml = text(pkg, 'word/document.xml');
    const draftRel = /<Relationship Id="(rId\d+)" Type="[^"]*\/header" Target="header-quire-draft.xml"\/>/.exec(text(pkg, 'word/_rels/document.xml.rels'));
    expect(draftRel?.[1]).toMatch(/^rId\d+$/);
    expect(documentXml).toContain(
      `<w:sectPr><w:headerReference w:type="first" r:id="${draftRel?.[1]}"/><w:headerReference w:type="default" r:id="rId9"/><w:titlePg/></w:sectPr>`,
    );
    expect(text(pkg, 'word/header-quire-draft.xml')).toContain('DRAFT');
  });

  it('adds an even-page DRAFT header when the template has distinct even pages but no even header', () => {
    const pkg = wordLikeTemplate();
    pkg.set('word/settings.xml', '<w:settings xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:evenAndOddHeaders/></w:settings>');
    placeSections(pkg, sampleFill());
    const sectPr = /<w:sectPr>.*<\/w:sectPr>/.exec(text(pkg, 'word/document.xml'))?.[0] ?? '';
    expect(sectPr).toMatch(/^<w:sectPr><w:headerReference w:type="default" r:id="(rId\d+)"\/><w:headerReference w:type="even" r:id="\1"\/><w:pgSz/);
  });

  it('gives a fallback style a free id when the template uses the standard id for another style', () => {
    const pkg = wordLikeTemplate();
    pkg.set(
      'word/styles.xml',
      text(pkg, 'word/styles.xml').replace(
        '</w:styles>',
        '<w:style w:type="paragraph" w:styleId="ListBullet"><w:name w:val="Checklist"/></w:style></w:styles>',
      ),
    );
    putMarker(pkg, 'SECTION_PLACEHOLDER_PARAGRAPH', 'findings');
    placeSections(pkg, sampleFill());
    expect(text(pkg, 'word/styles.xml')).toContain('<w:style w:type="paragraph" w:styleId="ListBulletQuire1"><w:name w:val="List Bullet"/>');
    expect(text(pkg, 'word/document.xml')).toContain('<w:pStyle w:val="ListBulletQuire1"/>');
  });

  it('changes nothing in a finalized template without placeholders', () => {
    const pkg = wordLikeTemplate();
    const before = [...pkg.entries()];
    placeSections(pkg, sampleFill({ lifecycleState: 'finalized' }));
    expect([...pkg.entries()]).toEqual(before);
  });
});

describe('readTemplateStyles', () => {
  it('finds styles by name whatever their case and id, a table style of any name, and reports the rest missing', () => {
    const styles =
      '<w:styles xmlns:w="x"><w:style w:type="paragraph" w:default="1" w:styleId="Standard"><w:name w:val="Default Paragraph"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="Heading 1"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="Footnote"><w:name w:val="Footnote Text"/></w:style>' +
      '<w:style w:type="character" w:styleId="FootnoteAnchor"><w:name w:val="Footnote Reference"/></w:style>' +
      '<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/></w:style>' +
      '<w:style w:type="table" w:styleId="FirmTable"><w:name w:val="Firm table"/></w:style></w:styles>';
    expect(readTemplateStyles(styles)).toEqual({
      found: { 'heading 1': 'berschrift1', 'Table Grid': 'FirmTable', 'footnote text': 'Footnote', 'footnote reference': 'FootnoteAnchor', Normal: 'Standard' },
      missing: ['heading 2', 'heading 3', 'List Bullet', 'List Number'],
    });
  });
});
