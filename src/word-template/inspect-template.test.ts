/**
 * The inspect report, on the engine directly: where each tag is, what it reads and binds to, the
 * section placeholders (and their markers in the compiled parts), and problems located at the
 * offending tag.
 */
import { describe, expect, it } from 'vitest';
import { compileWordTemplate } from './compile-template.js';
import { renderTemplateParts } from './fill-template.js';
import { inspectWordTemplateNow } from './inspect-template.js';
import { renderContext, SECTION_TEMPLATES } from './test-support/customer-templates.js';
import { buildDocx, misspelt, paragraph, run, table } from './test-support/ooxml-builder.js';
import type { WordNameCatalog } from './word-template-types.js';

const CATALOG: WordNameCatalog = {
  fields: ['client_name', 'lines'],
  computed: ['total'],
  gathered: ['registry'],
  entities: ['counterparty'],
  library: ['nda'],
  sections: ['findings', 'summary'],
};

describe('inspecting a Word template', () => {
  it('locates every tag: part, area, paragraph, table cell and the text around it', async () => {
    const docx = await buildDocx({
      header: paragraph('Ref {{ document.title }}'),
      body:
        paragraph('Intro') +
        table([
          ['a', 'b'],
          ['c', [paragraph('x'), paragraph([run('Total: {{ comp'), misspelt('uted.to'), run('tal }} EUR')])]],
        ]),
    });
    const report = await inspectWordTemplateNow(docx, CATALOG);
    expect(report.tags).toEqual([
      {
        tag: '{{ computed.total }}',
        kind: 'print',
        form: 'inline',
        names: ['computed'],
        location: { part: 'word/document.xml', area: 'body', paragraph: 6, tableCell: { table: 1, row: 2, cell: 2 }, before: 'Total: ', after: ' EUR' },
      },
      {
        tag: '{{ document.title }}',
        kind: 'print',
        form: 'inline',
        names: ['document'],
        location: { part: 'word/header1.xml', area: 'header', paragraph: 1, tableCell: null, before: 'Ref ', after: '' },
      },
    ]);
    expect(report.names).toEqual([
      { name: 'computed.total', bindsTo: 'computed', uses: 1 },
      { name: 'document.title', bindsTo: 'document', uses: 1 },
    ]);
    expect(report.valid).toBe(true);
  });

  it('binds names to fields, entities, library texts and gathered values; loop variables are not unknown; others are warnings', async () => {
    const docx = await buildDocx({
      body:
        paragraph('{{ client_name }} {{ counterparty.name }} {{ snippets.nda }} {{ registry }} {{ today }}') +
        table([['{%tr for line in lines %}'], ['{{ line.fee }} {{ loop.index }}'], ['{%tr endfor %}']]) +
        paragraph('{{ mystery }} {{ computed.nope }}'),
    });
    const report = await inspectWordTemplateNow(docx, CATALOG);
    expect(Object.fromEntries(report.names.map((use) => [use.name, use.bindsTo]))).toEqual({
      client_name: 'field',
      counterparty: 'entity',
      'snippets.nda': 'library',
      registry: 'gathered',
      today: 'builtin',
      lines: 'field',
      mystery: 'unknown',
      'computed.nope': 'unknown',
    });
    expect(report.problems.map((problem) => [problem.code, problem.severity, problem.location?.paragraph])).toEqual([
      ['unknown-name', 'warning', 5],
      ['unknown-name', 'warning', 5],
    ]);
    expect(report.valid).toBe(true);
  });

  it('reports a syntax error at the tag that causes it', async () => {
    const broken = await buildDocx({ body: paragraph('Fine {{ client_name }}') + paragraph('Then {{ client_name | }} broken') });
    const [syntax] = (await inspectWordTemplateNow(broken, CATALOG)).problems;
    expect(syntax).toMatchObject({ code: 'syntax', severity: 'error', location: { paragraph: 2, before: 'Then ', after: ' broken' } });
    expect(syntax.message).toContain('{{ client_name | }}');

    const unclosed = await buildDocx({ body: paragraph('{%p if client_name %}') + paragraph('Text') });
    expect((await inspectWordTemplateNow(unclosed, CATALOG)).problems).toEqual([
      expect.objectContaining({ code: 'syntax', message: expect.stringContaining('never closed'), location: expect.objectContaining({ paragraph: 1 }) }),
    ]);

    const stray = await buildDocx({ body: paragraph('a {% endfor %}') });
    expect((await inspectWordTemplateNow(stray, CATALOG)).problems).toEqual([
      expect.objectContaining({ code: 'syntax', message: expect.stringContaining('does not close an open block') }),
    ]);
  });

  it('lists section placeholders, and refuses an unknown section or one not alone on its paragraph or in a header', async () => {
    const docx = await buildDocx({
      header: paragraph('{{ section("summary") }}'),
      body:
        paragraph('{{ section("findings") }}') + paragraph('See {{ section("summary") }}') + paragraph('{{ section(“nowhere”) }}') + paragraph('{{ body() }}'),
    });
    const report = await inspectWordTemplateNow(docx, CATALOG);
    expect(report.sections).toEqual(['findings', 'summary', 'nowhere']);
    expect(report.problems.map((problem) => [problem.code, problem.location?.part, problem.location?.paragraph])).toEqual([
      ['misplaced-section', 'word/document.xml', 2],
      ['misplaced-section', 'word/header1.xml', 1],
      ['unknown-section', 'word/document.xml', 3],
    ]);
    expect(report.valid).toBe(false);
  });

  it('fills a placeholder’s paragraph — in a table cell too — as the marker section placement replaces', async () => {
    for (const make of [SECTION_TEMPLATES.wordSectionCell, SECTION_TEMPLATES.writerSectionCell]) {
      const rendered = renderTemplateParts(await compileWordTemplate(await make()), renderContext({ client_name: 'Jane' }));
      expect(rendered.ok).toBe(true);
      const xml = rendered.ok ? String(rendered.pkg.get('word/document.xml')) : '';
      // The cell keeps its properties; the placeholder's paragraph is the marker now.
      expect(xml).toMatch(/<w:tc>(?:(?!<\/w:tc>)[\s\S])*?<!--quire-section:findings--><\/w:tc>/);
      expect(xml).not.toContain('section(');
    }
    const rendered = renderTemplateParts(await compileWordTemplate(await SECTION_TEMPLATES.wordSectionCell()), renderContext({}));
    expect(rendered.ok && String(rendered.pkg.get('word/document.xml'))).toMatch(/<\/w:tbl><!--quire-section:\*--><w:sectPr>/);
  });

  it('keeps the section break a placeholder’s paragraph carries (a landscape annex), after the placed section', async () => {
    const landscape = '<w:sectPr><w:pgSz w:w="16838" w:h="11906" w:orient="landscape"/></w:sectPr>';
    const docx = await buildDocx({ body: paragraph('{{ section("findings") }}', undefined, landscape) + paragraph('Annex') });
    const rendered = renderTemplateParts(await compileWordTemplate(docx), renderContext({}));
    const xml = rendered.ok ? String(rendered.pkg.get('word/document.xml')) : '';
    expect(xml).toContain(`<!--quire-section:findings--><w:p><w:pPr>${landscape}</w:pPr></w:p>`);
  });

  it('reports the template’s styles a section is written in, and those it lacks', async () => {
    const report = await inspectWordTemplateNow(await buildDocx({ body: paragraph('x') }), CATALOG);
    expect(report.styles.found).toMatchObject({ Normal: 'Normal', 'heading 1': 'Heading1', 'List Number': 'ListNumber', 'footnote text': 'FootnoteText' });
    expect(report.styles.missing).toEqual(['heading 2', 'heading 3', 'List Bullet']);
  });
});
