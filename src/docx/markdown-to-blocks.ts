import { Lexer, type MarkedToken, type Token, type Tokens } from 'marked';
import { afterFullStop, collapseDoubledFullStops } from '../kernel/typography.js';
import { isSafeExternalUrl, splitCitations, type CitationPiece, type CitationRegistry } from './citations.js';
import type { Block, CellAlign, Inline, Marks, TableCellBlock } from './document-blocks.js';
import { BULLETS, type NumberingRegistry } from './numbering.js';
import { decodeEntities } from './xml-text.js';

/**
 * CommonMark + GFM → document blocks, by walking `marked`'s tokens. Nothing here looks at the
 * Markdown source with regular expressions: structure comes from the lexer only.
 */

export interface ConversionContext {
  citations: CitationRegistry;
  numbering: NumberingRegistry;
  headingNumbering: boolean;
}

export interface MarkdownOptions {
  /**
   * `outline`: Markdown headings become Word headings starting at `topLevel` (in the TOC).
   * `inline`: they become bold run-in headings, for callouts that must not appear in the TOC.
   */
  headings: { mode: 'outline'; topLevel: number } | { mode: 'inline' };
}

const MAX_HEADING_LEVEL = 6;
const PAGE_BREAK_COMMANDS = new Set(['\\pagebreak', '\\newpage']);

interface WalkState {
  quoteDepth: number;
  listLevel: number;
  /** Instances of the lists that enclose this token, so a nested list of the same kind continues their numbering. */
  enclosingLists: ReadonlyMap<string, number>;
}

const TOP: WalkState = { quoteDepth: 0, listLevel: 0, enclosingLists: new Map() };

export function lexMarkdown(markdown: string): Token[] {
  return Lexer.lex(markdown, { gfm: true });
}

export function markdownToBlocks(markdown: string, ctx: ConversionContext, options: MarkdownOptions): Block[] {
  return tokensToBlocks(lexMarkdown(markdown), ctx, options);
}

export function tokensToBlocks(tokens: readonly Token[], ctx: ConversionContext, options: MarkdownOptions): Block[] {
  const walker = new BlockWalker(ctx, options, shallowestHeading(tokens));
  return walker.blocks(tokens, TOP);
}

/** Inline Markdown (a list entry, a table cell from JSON) → inlines with citations resolved. */
export function inlineMarkdownToInlines(markdown: string, ctx: ConversionContext): Inline[] {
  return finishInlines(tokensToInlines(Lexer.lexInline(markdown, { gfm: true }), {}, undefined), ctx);
}

/** Plain text (no Markdown) → inlines with citations resolved. */
export function textToInlines(text: string, ctx: ConversionContext, marks: Marks = {}): Inline[] {
  return finishInlines([{ kind: 'text', text, marks }], ctx);
}

function asMarked(token: Token): MarkedToken {
  // marked's Token union includes a Generic member with an index signature, which defeats
  // narrowing on `type`; every token the lexer emits without extensions is a MarkedToken.
  return token as MarkedToken;
}

function shallowestHeading(tokens: readonly Token[]): number {
  let min = MAX_HEADING_LEVEL;
  const visit = (list: readonly Token[]): void => {
    for (const token of list) {
      const t = asMarked(token);
      if (t.type === 'heading') min = Math.min(min, t.depth);
      else if (t.type === 'blockquote') visit(t.tokens);
      else if (t.type === 'list') for (const item of t.items) visit(item.tokens);
    }
  };
  visit(tokens);
  return min;
}

class BlockWalker {
  constructor(
    private readonly ctx: ConversionContext,
    private readonly options: MarkdownOptions,
    private readonly minDepth: number,
  ) {}

  blocks(tokens: readonly Token[], state: WalkState): Block[] {
    const out: Block[] = [];
    for (const token of tokens) this.block(asMarked(token), state, out);
    return out;
  }

  private block(t: MarkedToken, state: WalkState, out: Block[]): void {
    switch (t.type) {
      case 'space':
      case 'def':
        return;
      case 'heading':
        out.push(this.heading(t, state));
        return;
      case 'paragraph':
        if (PAGE_BREAK_COMMANDS.has(t.text.trim())) {
          out.push({ kind: 'pageBreak' });
          return;
        }
        out.push(this.paragraph(t.tokens, state));
        return;
      case 'text':
        out.push(this.paragraph(t.tokens ?? [t], state));
        return;
      case 'code':
        out.push({ kind: 'code', text: t.text, quoteDepth: state.quoteDepth });
        return;
      case 'blockquote':
        out.push(...this.blocks(t.tokens, { ...state, quoteDepth: state.quoteDepth + 1 }));
        return;
      case 'list':
        this.list(t, state, out);
        return;
      case 'table':
        out.push(this.table(t));
        return;
      case 'hr':
        out.push({ kind: 'rule' });
        return;
      case 'html':
        this.html(t, state, out);
        return;
      default:
        // Inline tokens never reach block level from the lexer; anything unknown keeps its text.
        if ('text' in t && typeof t.text === 'string' && t.text.trim()) {
          out.push({ kind: 'paragraph', inlines: textToInlines(t.text, this.ctx), quoteDepth: state.quoteDepth });
        }
    }
  }

  private heading(t: Tokens.Heading, state: WalkState): Block {
    const inlines = finishInlines(tokensToInlines(t.tokens, {}, undefined), this.ctx);
    if (this.options.headings.mode === 'inline' || state.quoteDepth > 0 || state.listLevel > 0) {
      return { kind: 'paragraph', inlines: inlines.map(embolden), style: 'MinorHeading', quoteDepth: state.quoteDepth };
    }
    // Shift so the shallowest heading of the content sits right below the section heading,
    // whatever level the author started at ("## Background" under a section is a level 2 heading).
    const level = Math.min(MAX_HEADING_LEVEL, this.options.headings.topLevel + t.depth - this.minDepth);
    return { kind: 'heading', level, inlines, numbered: this.ctx.headingNumbering };
  }

  private paragraph(tokens: readonly Token[], state: WalkState): Block {
    return {
      kind: 'paragraph',
      inlines: finishInlines(tokensToInlines(tokens, {}, undefined), this.ctx),
      style: state.quoteDepth > 0 ? 'Quote' : undefined,
      quoteDepth: state.quoteDepth,
    };
  }

  private list(t: Tokens.List, state: WalkState, out: Block[]): void {
    const reference = t.ordered ? this.ctx.numbering.orderedReference(t.start === '' ? 1 : t.start) : BULLETS;
    const instance = state.enclosingLists.get(reference) ?? this.ctx.numbering.newInstance(reference);
    const level = Math.min(state.listLevel, 8);
    const enclosingLists = new Map(state.enclosingLists).set(reference, instance);
    const inner: WalkState = { ...state, listLevel: state.listLevel + 1, enclosingLists };

    for (const item of t.items) {
      let numbered = false;
      let checkbox: Inline | null = item.task ? taskBox(item.checked === true) : null;
      for (const token of item.tokens) {
        const child = asMarked(token);
        if (child.type === 'checkbox') continue; // rendered through item.task above
        if (child.type === 'text' || child.type === 'paragraph') {
          const inlines = finishInlines(tokensToInlines(child.tokens ?? [child], {}, undefined), this.ctx);
          if (checkbox) inlines.unshift(checkbox);
          checkbox = null;
          out.push(
            numbered
              ? { kind: 'paragraph', inlines, listIndentLevel: level, quoteDepth: state.quoteDepth }
              : { kind: 'paragraph', inlines, list: { reference, level, instance }, quoteDepth: state.quoteDepth },
          );
          numbered = true;
        } else {
          this.block(child, inner, out);
        }
      }
      if (!numbered) {
        // An item whose first child is a nested list or code block still needs its own number.
        out.push({
          kind: 'paragraph',
          inlines: checkbox ? [checkbox] : [],
          list: { reference, level, instance },
          quoteDepth: state.quoteDepth,
        });
      }
    }
  }

  private table(t: Tokens.Table): Block {
    const cell = (c: Tokens.TableCell): TableCellBlock => ({
      inlines: finishInlines(tokensToInlines(c.tokens, {}, undefined), this.ctx),
    });
    const align: CellAlign[] = t.align.map((a) => a ?? null);
    return { kind: 'table', header: t.header.map(cell), rows: t.rows.map((row) => row.map(cell)), align };
  }

  private html(t: Tokens.HTML | Tokens.Tag, state: WalkState, out: Block[]): void {
    const text = t.text.trim();
    if (text.startsWith('<!--')) {
      // Only the explicit page-break comment means anything; other comments are authoring notes.
      const body = text.replace(/^<!--/, '').replace(/-->$/, '').trim().toLowerCase();
      if (body === 'pagebreak' || body === 'page-break' || body === 'newpage') out.push({ kind: 'pageBreak' });
      return;
    }
    // Raw HTML cannot be rendered faithfully; its text is kept rather than silently dropped.
    if (text) out.push({ kind: 'paragraph', inlines: textToInlines(text, this.ctx), quoteDepth: state.quoteDepth });
  }
}

function taskBox(checked: boolean): Inline {
  return { kind: 'text', text: checked ? '☒ ' : '☐ ', marks: {} };
}

function embolden(inline: Inline): Inline {
  return inline.kind === 'text' ? { ...inline, marks: { ...inline.marks, bold: true } } : inline;
}

function tokensToInlines(tokens: readonly Token[], marks: Marks, link: string | undefined): Inline[] {
  const out: Inline[] = [];
  for (const token of tokens) {
    const t = asMarked(token);
    switch (t.type) {
      case 'text':
        if (t.tokens && t.tokens.length > 0) out.push(...tokensToInlines(t.tokens, marks, link));
        else out.push({ kind: 'text', text: decodeEntities(t.text), marks, link });
        break;
      case 'escape':
        out.push({ kind: 'text', text: t.text, marks, link });
        break;
      case 'strong':
        out.push(...tokensToInlines(t.tokens, { ...marks, bold: true }, link));
        break;
      case 'em':
        out.push(...tokensToInlines(t.tokens, { ...marks, italic: true }, link));
        break;
      case 'del':
        out.push(...tokensToInlines(t.tokens, { ...marks, strike: true }, link));
        break;
      case 'codespan':
        out.push({ kind: 'text', text: t.text, marks: { ...marks, code: true }, link });
        break;
      case 'br':
        out.push({ kind: 'lineBreak' });
        break;
      case 'link': {
        const href = isSafeExternalUrl(t.href) ? t.href : undefined;
        out.push(...tokensToInlines(t.tokens, marks, href ?? link));
        break;
      }
      case 'image':
        // A pure composer fetches nothing; the alternative text keeps the meaning visible.
        out.push({ kind: 'text', text: `[${t.text || 'image'}]`, marks: { ...marks, italic: true }, link });
        break;
      case 'html':
        if (/^<br\s*\/?>$/i.test(t.text.trim())) out.push({ kind: 'lineBreak' });
        break;
      case 'checkbox':
        out.push(taskBox(t.checked));
        break;
      default:
        if ('text' in t && typeof t.text === 'string') out.push({ kind: 'text', text: t.text, marks, link });
    }
  }
  return out;
}

function sameFormatting(a: Inline, b: Inline): boolean {
  if (a.kind !== 'text' || b.kind !== 'text') return false;
  return (
    a.link === b.link &&
    !!a.marks.bold === !!b.marks.bold &&
    !!a.marks.italic === !!b.marks.italic &&
    !!a.marks.strike === !!b.marks.strike &&
    !!a.marks.code === !!b.marks.code
  );
}

/**
 * Merges adjacent text with the same formatting (the lexer splits text at every bracket or
 * escape), turns soft line breaks into spaces, then resolves `[n]` markers into citations —
 * except inside code, where brackets are code.
 */
function finishInlines(raw: readonly Inline[], ctx: ConversionContext): Inline[] {
  const merged: Inline[] = [];
  for (const inline of raw) {
    const previous = merged[merged.length - 1];
    if (inline.kind === 'text' && previous && previous.kind === 'text' && sameFormatting(previous, inline)) {
      merged[merged.length - 1] = { ...previous, text: previous.text + inline.text };
    } else {
      merged.push(inline);
    }
  }
  const out: Inline[] = [];
  for (const inline of merged) {
    if (inline.kind !== 'text') {
      out.push(inline);
      continue;
    }
    const text = inline.marks.code ? inline.text : inline.text.replace(/\s*\n\s*/g, ' ');
    if (inline.marks.code) {
      out.push({ ...inline, text });
      continue;
    }
    out.push(...citedInlines(splitCitations(text, ctx.citations.knownSources), inline, ctx.citations));
  }
  return withoutDoubledFullStops(out);
}

/**
 * "resets.." → "resets.": within a text, and across the joins a reader does not see — a change
 * of formatting ("**Inc.**.") or a note mark ("Inc. [1]." → "Inc.¹."). Code is left as written.
 */
function withoutDoubledFullStops(inlines: readonly Inline[]): Inline[] {
  const out: Inline[] = [];
  let before = '';
  for (const inline of inlines) {
    if (inline.kind === 'note') {
      out.push(inline);
      continue; // a note mark sits between the words it joins
    }
    if (inline.kind !== 'text' || inline.marks.code) {
      before = '';
      out.push(inline);
      continue;
    }
    const text = afterFullStop(before, collapseDoubledFullStops(inline.text));
    before = text === '' ? before : text;
    if (text !== '') out.push({ ...inline, text });
  }
  return out;
}

/**
 * One text's pieces → inlines: text keeps the formatting of the text it came from; citations
 * become note marks, or in the `brackets` style one "[1, 3]" per run of markers (a source
 * cited twice in a row is named once).
 */
function citedInlines(pieces: readonly CitationPiece[], from: Extract<Inline, { kind: 'text' }>, citations: CitationRegistry): Inline[] {
  const out: Inline[] = [];
  const part = citations.style === 'endnotes' ? 'endnote' : 'footnote';
  let brackets: number[] = [];
  const flushBrackets = (): void => {
    if (brackets.length === 0) return;
    // The space splitCitations dropped before the marker stays: "claim [1]." reads as written.
    out.push({ ...from, text: ` [${[...new Set(brackets)].join(', ')}]` });
    brackets = [];
  };
  for (const piece of pieces) {
    if (piece.kind === 'text') {
      flushBrackets();
      out.push({ ...from, text: piece.text });
      continue;
    }
    const mark = citations.cite(piece.n);
    if (mark.kind === 'none') continue;
    if (mark.kind === 'bracket') {
      brackets.push(mark.n);
      continue;
    }
    // "[1, 1]" or "[1][1]" in one place is one mark, not "¹,¹".
    const previous = out[out.length - 1];
    if (previous?.kind === 'note' && previous.noteId === mark.noteId) continue;
    out.push({ kind: 'note', noteId: mark.noteId, part, repeat: mark.repeat });
  }
  flushBrackets();
  return out;
}
