/**
 * The fill, on the engine directly (the pool's tests are in src/tenant-code): the runs Word split
 * a tag into are joined, the forms replace their element, printed values are escaped, everything
 * the tags do not touch is kept byte for byte, and the same input gives the same bytes.
 */
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { sampleDocument } from '../docx/test-support/sample-documents.js';
import { wordTemplateCompilations } from './compile-template.js';
import { fillWordTemplateNow, wellFormedProblem } from './fill-template.js';
import { bookmark, buildDocx, misspelt, paragraph, run, table } from './test-support/ooxml-builder.js';
import { renderContext } from './test-support/customer-templates.js';

const FINALIZED = sampleDocument({ lifecycleState: 'finalized', blocks: [], sources: [] });

async function fill(docx: Buffer, fields: Record<string, unknown>): Promise<Uint8Array> {
  const outcome = await fillWordTemplateNow(docx, { context: renderContext(fields), sections: [], composed: FINALIZED });
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.bytes;
}

async function part(docx: Uint8Array, path = 'word/document.xml'): Promise<string> {
  return (await (await JSZip.loadAsync(docx)).file(path)?.async('string')) ?? '';
}

const decode = (text: string): string => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The text of each paragraph of a part, as a reader sees it. */
const paragraphs = (xml: string): string[] =>
  [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) =>
    [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:br\/>/g)].map((m) => decode(m[1] ?? '\n')).join(''),
  );

describe('filling a Word template', () => {
  it('joins a tag Word split across runs (spell-check marks, bold mid-tag, a bookmark), keeping the first run’s formatting', async () => {
    const docx = await buildDocx({
      body: paragraph([run('Dear {{ cli', '<w:i/>'), misspelt('ent_na', '<w:b/>'), run('me }}, '), run('{{ '), bookmark(7, 'x'), run('city }}.')]),
    });
    const xml = await part(await fill(docx, { client_name: 'Jane', city: 'Berlin' }));
    expect(paragraphs(xml)).toEqual(['Dear Jane, Berlin.']);
    expect(xml).toContain('<w:rPr><w:i/></w:rPr><w:t xml:space="preserve">Dear Jane</w:t>');
    expect(xml).not.toContain('{{');
  });

  it('undoes Word’s curly quotes inside a tag', async () => {
    const docx = await buildDocx({ body: paragraph('{{ “a” ~ ‘b’ }}') });
    expect(paragraphs(await part(await fill(docx, {})))).toEqual(['ab']);
  });

  it('escapes printed values: <, & and > stay text, a newline is a line break', async () => {
    const docx = await buildDocx({ body: paragraph('{{ value }}') });
    const xml = await part(await fill(docx, { value: 'A <w:r> & B\nC' }));
    expect(xml).toContain('A &lt;w:r&gt; &amp; B</w:t><w:br/><w:t xml:space="preserve">C');
    expect(paragraphs(xml)).toEqual(['A <w:r> & B\nC']);
    expect(wellFormedProblem(xml)).toBeNull();
  });

  it('replaces the paragraph of a {%p %} tag, the row of {%tr %}, the cell of {%tc %} and the run of {%r %}', async () => {
    const docx = await buildDocx({
      body:
        paragraph('{%p for n in names %}') +
        paragraph('Name {{ n }}') +
        paragraph('{%p endfor %}') +
        table([['{%tr for n in names %}'], ['Row {{ n }}'], ['{%tr endfor %}']]) +
        table([['A', '{%tc if wide %}', 'B', '{%tc endif %}']]) +
        paragraph([run('x'), run('{%r if wide %}'), run('y'), run('{%r endif %}'), run('z')]),
    });
    const xml = await part(await fill(docx, { names: ['Ann', 'Bo'], wide: false }));
    expect(paragraphs(xml)).toEqual(['Name Ann', 'Name Bo', 'Row Ann', 'Row Bo', 'A', 'xz']);
    expect(xml.match(/<w:tr /g)).toHaveLength(3);
    expect(xml.match(/<w:tc>/g)).toHaveLength(3);
    expect(xml).not.toMatch(/\{%|<w:t xml:space="preserve"><\/w:t><\/w:r><\/w:p>/);
  });

  it('keeps every part the tags do not touch byte for byte, and gives the same bytes for the same input', async () => {
    const docx = await buildDocx({ header: paragraph('Letterhead'), body: paragraph('Dear {{ name }}') });
    const first = await fill(docx, { name: 'Jane' });
    const [source, filled] = await Promise.all([JSZip.loadAsync(docx), JSZip.loadAsync(first)]);
    for (const path of ['word/styles.xml', 'word/numbering.xml', 'word/header1.xml', 'word/media/logo.png', '[Content_Types].xml']) {
      expect(await filled.file(path)?.async('nodebuffer'), path).toEqual(await source.file(path)?.async('nodebuffer'));
    }
    expect(Buffer.from(await fill(docx, { name: 'Jane' }))).toEqual(Buffer.from(first));
  });

  it('compiles a template once for any number of fills (a merge run of a thousand rows parses it once)', async () => {
    const docx = await buildDocx({ body: paragraph('Dear {{ name }}') });
    await fill(docx, { name: 'first' });
    const compiled = wordTemplateCompilations();
    const names = ['Ann', 'Bo', 'Cy'];
    const filled = await Promise.all(names.map((name) => fill(docx, { name })));
    expect(wordTemplateCompilations()).toBe(compiled);
    expect(await Promise.all(filled.map(async (bytes) => paragraphs(await part(bytes))[0]))).toEqual(['Dear Ann', 'Dear Bo', 'Dear Cy']);
  });

  it('prints a missing value as the visible missing marker, like a section template', async () => {
    const docx = await buildDocx({ body: paragraph('Dear {{ nobody.name }}') });
    expect(paragraphs(await part(await fill(docx, {})))).toEqual(['Dear [[missing: nobody.name]]']);
  });

  it('refuses a block that starts in one element and ends in another, saying so, instead of writing a broken file', async () => {
    const docx = await buildDocx({ body: table([['{%tr if a %}'], ['{%p endif %}']]) });
    const outcome = await fillWordTemplateNow(docx, { context: renderContext({ a: false }), sections: [], composed: FINALIZED });
    expect(outcome).toMatchObject({ ok: false, error: expect.stringMatching(/not well-formed: .*block/) });
  });
});

describe('the well-formedness check of a filled part', () => {
  it('skips comments, processing instructions and empty elements, and names the element a block broke', () => {
    expect(wellFormedProblem('<?xml version="1.0"?><a><b x="1"/><c><!-- <d> --><![CDATA[<e>]]><?pi <f>?></c></a>')).toBeNull();
    expect(wellFormedProblem('<w:tbl><w:tr><w:tc></w:tr></w:tbl>')).toMatch(/^<\/w:tr> closes an element it did not open/);
    expect(wellFormedProblem('<w:body><w:p>')).toMatch(/^<w:p> is never closed/);
  });
});

describe('values cannot become markup', () => {
  it('refuses a {% filter %} block, which could un-escape a printed value into the XML', async () => {
    const docx = await buildDocx({ body: paragraph('{% filter replace("&lt;", "<") %}{{ value }}{% endfilter %}') });
    const outcome = await fillWordTemplateNow(docx, { context: renderContext({ value: '<w:r>x</w:r>' }), sections: [], composed: FINALIZED });
    expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining('{% filter %} block is not allowed') });
  });

  it('escapes a value printed from a macro’s caller or a block set too', async () => {
    const docx = await buildDocx({
      body: paragraph('{% macro box() %}[{{ caller() }}]{% endmacro %}{% call box() %}{{ value }}{% endcall %}{% set held %}{{ value }}{% endset %}{{ held }}'),
    });
    const xml = await part(await fill(docx, { value: '<b>' }));
    expect(xml).not.toContain('<b>');
    expect(wellFormedProblem(xml)).toBeNull();
  });
});

describe('spaces beside tags', () => {
  it('keeps the space after a condition that printed nothing, in a text element Word wrote without xml:space', async () => {
    const docx = await buildDocx({ body: paragraph(['<w:r><w:t>Fee{% if waived %} waived{% endif %} due</w:t></w:r>']) });
    const xml = await part(await fill(docx, { waived: false }));
    expect(xml).toContain('<w:t xml:space="preserve">Fee due</w:t>');
  });
});
