import { Document, ExternalHyperlink, Packer, Paragraph, Table, TableCell, TableRow, TextRun, type FileChild } from 'docx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { BODY_PLACEHOLDER, spliceBody } from './body-placeholder.js';
import { BodyWriter } from './body-writer.js';
import { NumberingRegistry } from './numbering.js';

/** A few elements of every kind the composer writes, made fresh each time (docx mutates them while writing). */
function elements(numbering: NumberingRegistry): FileChild[] {
  const reference = numbering.orderedReference(1);
  const instance = numbering.newInstance(reference);
  return [
    new Paragraph({ heading: 'Heading1', children: [new TextRun('Title & "quotes" <tags>')] }),
    new Paragraph({ children: [new TextRun({ text: 'bold', bold: true }), new TextRun(' and plain')] }),
    new Paragraph({ numbering: { reference, level: 0, instance }, children: [new TextRun('first item')] }),
    new Paragraph({ numbering: { reference, level: 1, instance }, children: [new TextRun('nested item')] }),
    new Paragraph({ children: [new ExternalHyperlink({ link: 'https://example.com/?a=1&b=2', children: [new TextRun('a link')] })] }),
    new Table({ rows: [new TableRow({ children: [new TableCell({ children: [new Paragraph('cell')] })] })] }),
  ];
}

async function documentXml(bytes: Buffer): Promise<string> {
  const file = (await JSZip.loadAsync(bytes)).file('word/document.xml');
  if (!file) throw new Error('no document.xml');
  return file.async('string');
}

/** Relationship ids of hyperlinks are random in docx; everything else must match byte for byte. */
const normalize = (xml: string): string => xml.replace(/r:id="[^"]+"/g, 'r:id="X"');

describe('BodyWriter', () => {
  it('writes the same body XML as docx does when it writes the whole document', async () => {
    const numberingA = new NumberingRegistry();
    const bodyA = elements(numberingA);
    const whole = await documentXml(await Packer.toBuffer(new Document({ numbering: numberingA.toOptions(), sections: [{ children: bodyA }] })));

    const numberingB = new NumberingRegistry();
    const bodyB = elements(numberingB);
    const document = new Document({
      numbering: numberingB.toOptions(),
      sections: [{ children: [new Paragraph({ children: [new TextRun(BODY_PLACEHOLDER)] })] }],
    });
    const writer = new BodyWriter(document);
    for (const element of bodyB) writer.write([element]);
    const pieces = spliceBody(await documentXml(await Packer.toBuffer(document)), writer.finish());

    expect(normalize(pieces)).toBe(normalize(whole));
    expect(pieces).not.toMatch(/w:numId w:val="\{/);
  });

  it('registers hyperlink relationships on the document, as docx does', async () => {
    const document = new Document({ sections: [{ children: [new Paragraph({ children: [new TextRun(BODY_PLACEHOLDER)] })] }] });
    const writer = new BodyWriter(document);
    writer.write([new Paragraph({ children: [new ExternalHyperlink({ link: 'https://example.com/x', children: [new TextRun('x')] })] })]);
    const id = /r:id="([^"]+)"/.exec(writer.finish())?.[1];
    const rels = await (await JSZip.loadAsync(await Packer.toBuffer(document))).file('word/_rels/document.xml.rels')?.async('string');
    expect(rels).toContain(`Id="${id}"`);
    expect(rels).toContain('Target="https://example.com/x"');
  });

  it('refuses to splice into a document without the placeholder', () => {
    expect(() => spliceBody('<w:body><w:p/></w:body>', '<w:p/>')).toThrow(/placeholder/);
  });
});
