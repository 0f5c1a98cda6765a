import { describe, expect, it } from 'vitest';
import { CitationRegistry } from './citations.js';
import type { CitationStyle } from './composed-document.js';
import type { Block } from './document-blocks.js';
import { plainText } from './document-blocks.js';
import { markdownToBlocks, type ConversionContext } from './markdown-to-blocks.js';
import { BULLETS, NumberingRegistry } from './numbering.js';
import { sectionContentToBlocks } from './section-content.js';
import { SAMPLE_SOURCES } from './test-support/sample-documents.js';

function context(style: CitationStyle = 'footnotes'): ConversionContext {
  return { citations: new CitationRegistry(SAMPLE_SOURCES, style), numbering: new NumberingRegistry(), headingNumbering: false };
}

const outline = { headings: { mode: 'outline', topLevel: 2 } } as const;

function only<K extends Block['kind']>(blocks: Block[], kind: K): Extract<Block, { kind: K }>[] {
  return blocks.filter((b): b is Extract<Block, { kind: K }> => b.kind === kind);
}

describe('markdownToBlocks', () => {
  it('shifts headings so the shallowest one sits below the section heading', () => {
    const headings = only(markdownToBlocks('### A\n\ntext\n\n#### B\n\n### C', context(), outline), 'heading');
    expect(headings.map((h) => [plainText(h.inlines), h.level])).toEqual([
      ['A', 2],
      ['B', 3],
      ['C', 2],
    ]);
  });

  it('renders headings inside callouts as run-in bold paragraphs, outside the TOC', () => {
    const [block] = markdownToBlocks('# Inside', context(), { headings: { mode: 'inline' } });
    expect(block).toMatchObject({ kind: 'paragraph', style: 'MinorHeading' });
  });

  it('keeps bold, italic, strikethrough, code and safe links as marks', () => {
    const [para] = only(markdownToBlocks('**b** *i* ~~s~~ `c` [l](https://x.test) [j](javascript:alert(1))', context(), outline), 'paragraph');
    const texts = para.inlines.flatMap((i) => (i.kind === 'text' ? [i] : []));
    expect(texts.find((t) => t.text === 'b')?.marks.bold).toBe(true);
    expect(texts.find((t) => t.text === 'i')?.marks.italic).toBe(true);
    expect(texts.find((t) => t.text === 's')?.marks.strike).toBe(true);
    expect(texts.find((t) => t.text === 'c')?.marks.code).toBe(true);
    expect(texts.find((t) => t.text === 'l')?.link).toBe('https://x.test');
    expect(texts.find((t) => t.text === 'j')?.link).toBeUndefined();
  });

  it('numbers nested lists with levels, and restarts each new ordered list', () => {
    const blocks = markdownToBlocks('1. a\n   - b\n2. c\n\npara\n\n1. d', context(), outline);
    const items = only(blocks, 'paragraph').filter((p) => p.list);
    const placement = items.map((p) => [plainText(p.inlines), p.list?.level, p.list?.reference === BULLETS ? 'bullet' : 'ordered', p.list?.instance]);
    expect(placement).toEqual([
      ['a', 0, 'ordered', 1],
      ['b', 1, 'bullet', 1],
      ['c', 0, 'ordered', 1],
      ['d', 0, 'ordered', 2],
    ]);
  });

  it('turns citation markers of known sources into footnotes, and leaves other brackets alone', () => {
    const ctx = context();
    const [para] = only(markdownToBlocks('Claim [1]. Both [2, 3]. Array[0] and [9].', ctx, outline), 'paragraph');
    expect(para.inlines.filter((i) => i.kind === 'note')).toHaveLength(3);
    expect(plainText(para.inlines)).toBe('Claim. Both. Array[0] and [9].');
    expect(ctx.citations.entries().map((e) => e.source.n)).toEqual([1, 2, 3]);
  });

  it('repeats the section note of a source cited again, and marks "[1, 1]" once', () => {
    const ctx = context();
    const [para] = only(markdownToBlocks('One [1]. Two [2]. One again [1]. Both [1, 1].', ctx, outline), 'paragraph');
    expect(para.inlines.filter((i) => i.kind === 'note')).toEqual([
      { kind: 'note', noteId: 1, part: 'footnote', repeat: false },
      { kind: 'note', noteId: 2, part: 'footnote', repeat: false },
      { kind: 'note', noteId: 1, part: 'footnote', repeat: true },
      { kind: 'note', noteId: 1, part: 'footnote', repeat: true },
    ]);
    expect(ctx.citations.entries()).toHaveLength(2);
  });

  it('writes endnote marks in the endnotes style', () => {
    const [para] = only(markdownToBlocks('Claim [2].', context('endnotes'), outline), 'paragraph');
    expect(para.inlines.filter((i) => i.kind === 'note')).toEqual([{ kind: 'note', noteId: 1, part: 'endnote', repeat: false }]);
  });

  it('keeps "[n]" as bracketed source numbers in the brackets style, a range named once per source', () => {
    const ctx = context('brackets');
    const [para] = only(markdownToBlocks('Claim [1]. Both [2-3]. Twice [2, 2].', ctx, outline), 'paragraph');
    expect(plainText(para.inlines)).toBe('Claim [1]. Both [2, 3]. Twice [2].');
    expect(para.inlines.some((i) => i.kind === 'note')).toBe(false);
    expect(ctx.citations.entries()).toHaveLength(0);
  });

  it('prints no doubled full stop where a value ending in one meets the period after it', () => {
    const ctx = context();
    const text = (markdown: string) => plainText(only(markdownToBlocks(markdown, ctx, outline), 'paragraph')[0].inlines);
    expect(text('It covers password resets.. The vendor holds **Acme Inc.**.')).toBe('It covers password resets. The vendor holds Acme Inc.');
    // Around a note mark: "Inc. [1]." reads "Inc.¹", not "Inc.¹."
    const [para] = only(markdownToBlocks('Signed by Acme Inc. [1].', ctx, outline), 'paragraph');
    expect(para.inlines.map((i) => (i.kind === 'text' ? i.text : i.kind === 'note' ? '^' : '/')).join('')).toBe('Signed by Acme Inc.^');
    // Code keeps its dots; an ellipsis stays.
    expect(text('Run `a..` then wait...')).toBe('Run a.. then wait...');
  });

  it('does not treat brackets in code as citations', () => {
    const ctx = context();
    markdownToBlocks('`a[1]`\n\n```\nb[2]\n```', ctx, outline);
    expect(ctx.citations.entries()).toHaveLength(0);
  });

  it('makes page breaks, rules, quotes, code and tables', () => {
    const blocks = markdownToBlocks(
      'a\n\n\\pagebreak\n\n<!-- pagebreak -->\n\n<!-- note -->\n\n---\n\n> q\n\n```js\nx()\n```\n\n| h |\n|---|\n| v |',
      context(),
      outline,
    );
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'pageBreak', 'pageBreak', 'rule', 'paragraph', 'code', 'table']);
    expect(blocks[4]).toMatchObject({ style: 'Quote', quoteDepth: 1 });
  });

  it('decodes character references in text', () => {
    const [para] = only(markdownToBlocks('AT&amp;T &#169; &#x2014; &bogus;', context(), outline), 'paragraph');
    expect(plainText(para.inlines)).toBe('AT&T © — &bogus;');
  });
});

describe('sectionContentToBlocks', () => {
  const section = (outputType: 'json' | 'list' | 'table' | 'string', content: string) => ({
    kind: 'section' as const,
    id: 'x',
    title: 'X',
    outputType,
    content,
  });

  it('renders a flat JSON object as a key/value table and a nested one as code', () => {
    expect(sectionContentToBlocks(section('json', '{"a":1,"b":"two"}'), context())[0]).toMatchObject({ kind: 'table' });
    const [code] = sectionContentToBlocks(section('json', '{"a":{"b":1}}'), context());
    expect(code).toEqual({ kind: 'code', text: '{\n  "a": {\n    "b": 1\n  }\n}' });
    expect(sectionContentToBlocks(section('json', 'not json'), context())[0]).toMatchObject({ kind: 'code', text: 'not json' });
  });

  it('renders lists from JSON arrays, Markdown lists and plain lines', () => {
    for (const content of ['["a","b"]', '- a\n- b', 'a\nb\n']) {
      const items = only(sectionContentToBlocks(section('list', content), context()), 'paragraph');
      expect(items.map((p) => [plainText(p.inlines), p.list?.reference])).toEqual([
        ['a', BULLETS],
        ['b', BULLETS],
      ]);
    }
  });

  it('renders tables from JSON objects (columns in first-seen order) and from GFM', () => {
    const [fromJson] = only(sectionContentToBlocks(section('table', '[{"a":1},{"b":2,"a":3}]'), context()), 'table');
    expect(fromJson.header.map((c) => plainText(c.inlines))).toEqual(['a', 'b']);
    expect(fromJson.rows.map((r) => r.map((c) => plainText(c.inlines)))).toEqual([
      ['1', ''],
      ['3', '2'],
    ]);
    const [fromGfm] = only(sectionContentToBlocks(section('table', '| x | y |\n|---|---|\n| 1 | 2 |'), context()), 'table');
    expect(fromGfm.rows[0].map((c) => plainText(c.inlines))).toEqual(['1', '2']);
  });

  it('keeps plain strings literal, with line breaks', () => {
    const blocks = only(sectionContentToBlocks(section('string', '**not bold**\nline two\n\nnext'), context()), 'paragraph');
    expect(blocks).toHaveLength(2);
    expect(plainText(blocks[0].inlines)).toBe('**not bold**line two');
    expect(blocks[0].inlines.some((i) => i.kind === 'lineBreak')).toBe(true);
  });
});
