/**
 * A format-neutral layout (lines of segments) that the label/value and entity rules run on.
 * PDF and OCR pages, plain text, docx blocks and sheet rows are all turned into it; each
 * segment knows how to anchor a sub-range of its text in its own source format.
 */
import type { PositionedLine, PositionedPage, PositionedWord } from './pdf-text-model.js';
import { round4 } from './text-quality.js';
import type { Anchor, Box, TextSource } from './types.js';

/** A run of text that belongs together (a column of a line, a table cell, a paragraph part). */
export interface LayoutSegment {
  text: string;
  /** Horizontal extent in the line's units (normalised x, character column, or cell column). */
  x0: number;
  x1: number;
  /** The source text of `text.slice(start, end)` (differs only where Markdown markers were masked). */
  raw(start: number, end: number): string;
  /** Anchors of `text.slice(start, end)`. */
  anchors(start: number, end: number): Anchor[];
  /** Mean OCR confidence of `text.slice(start, end)`, or null for non-OCR text. */
  ocr(start: number, end: number): number | null;
}

/** A line: segments left to right. */
export interface LayoutLine {
  /** Lines relate (label above value) only within the same group (page, table, sheet, body). */
  group: string;
  page_number: number | null;
  /** Vertical position and height in the group's units. */
  y: number;
  h: number;
  segments: LayoutSegment[];
  /** Where this line's text came from, when it differs from the document default (mixed OCR PDFs). */
  text_source?: TextSource;
}

/** The layout of a document. */
export interface LayoutDocument {
  lines: LayoutLine[];
  text_source: TextSource;
  /** How far below a label a value may start, in multiples of the label line's height. */
  below_max_gap: number;
}

function clipBox(word: PositionedWord, s: number, e: number): Box {
  // Part of a word: interpolate along x (text-layer glyph positions are estimates anyway).
  const len = word.end - word.start;
  if (len <= 0 || (s <= word.start && e >= word.end)) return word.box;
  const a = Math.max(s, word.start) - word.start;
  const b = Math.min(e, word.end) - word.start;
  return { x: round4(word.box.x + (word.box.w * a) / len), y: word.box.y, w: round4((word.box.w * (b - a)) / len), h: word.box.h };
}

/** Union of boxes (one box per line of an anchor). */
export function unionBoxes(boxes: Box[]): Box | null {
  if (boxes.length === 0) return null;
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.w));
  const y1 = Math.max(...boxes.map((b) => b.y + b.h));
  return { x: round4(x0), y: round4(y0), w: round4(x1 - x0), h: round4(y1 - y0) };
}

function pageSegment(page: PositionedPage, line: PositionedLine, words: PositionedWord[]): LayoutSegment {
  const segStart = words[0].start;
  const segEnd = words[words.length - 1].end;
  const text = line.text.slice(segStart - line.start, segEnd - line.start);
  const box = unionBoxes(words.map((w) => w.box));
  const covered = (s: number, e: number): PositionedWord[] => words.filter((w) => w.end > s && w.start < e);
  return {
    text,
    x0: box ? box.x : 0,
    x1: box ? box.x + box.w : 0,
    raw: (start, end) => text.slice(start, end),
    anchors(start, end) {
      const gs = segStart + start;
      const ge = segStart + end;
      const b = unionBoxes(covered(gs, ge).map((w) => clipBox(w, gs, ge)));
      const out: Anchor[] = [];
      if (b) {
        out.push({
          kind: 'page_region',
          page_number: page.page_number,
          page_size: { width: page.width, height: page.height, unit: page.unit },
          boxes: [b],
          coord_origin: 'top_left',
        });
      }
      out.push({ kind: 'text_span', start: gs, end: ge, unit: 'utf16' });
      return out;
    },
    ocr(start, end) {
      const cs = covered(segStart + start, segStart + end)
        .map((w) => w.confidence)
        .filter((c): c is number => typeof c === 'number');
      return cs.length === 0 ? null : cs.reduce((a, b) => a + b, 0) / cs.length;
    },
  };
}

/**
 * Splits each positioned line into segments where the gap between two words exceeds
 * `gap_em` × the line height (a column gap rather than a space).
 */
export function layoutFromPages(pages: PositionedPage[], textSource: TextSource | ((page: PositionedPage) => TextSource), gapEm = 0.8): LayoutDocument {
  const sourceOf = (p: PositionedPage): TextSource => (typeof textSource === 'function' ? textSource(p) : textSource);
  const lines: LayoutLine[] = [];
  for (const page of pages) {
    const src = sourceOf(page);
    for (const line of page.lines) {
      if (line.words.length === 0) continue;
      const segs: PositionedWord[][] = [[line.words[0]]];
      for (let i = 1; i < line.words.length; i++) {
        const prev = line.words[i - 1];
        const w = line.words[i];
        const gap = (w.box.x - (prev.box.x + prev.box.w)) * page.width;
        if (gap > gapEm * line.height) segs.push([w]);
        else segs[segs.length - 1].push(w);
      }
      lines.push({
        group: `page:${page.page_number}`,
        page_number: page.page_number,
        y: line.box.y,
        h: line.box.h,
        segments: segs.map((ws) => pageSegment(page, line, ws)),
        text_source: src,
      });
    }
  }
  return { lines, text_source: pages.length > 0 ? sourceOf(pages[0]) : 'text_layer', below_max_gap: 2.5 };
}

/**
 * Replaces Markdown markers (heading hashes, list bullets, quote marks, emphasis, backticks) by
 * spaces, keeping every other character at its UTF-16 index so offsets stay exact.
 */
export function maskMarkdown(line: string): string {
  let s = line.replace(/^(\s*)(#{1,6}\s|>\s?|[-*+]\s(?:\[[ xX]\]\s)?|\d+[.)]\s)/, (m, ws: string) => ws + ' '.repeat(m.length - ws.length));
  s = s.replace(/\*\*|__|`/g, (m) => ' '.repeat(m.length));
  return s;
}

/**
 * Segments of a plain-text line: runs separated by a tab or by 3+ spaces, trimmed of other
 * whitespace. A linear scan: a single regex for this was quadratic on long lines and dropped
 * every segment of a line ending in one or two spaces (a Markdown line break).
 */
export function splitTextSegments(line: string): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  const push = (from: number, to: number): void => {
    let start = from;
    let end = to;
    while (start < end && /\s/.test(line[start])) start++;
    while (end > start && /\s/.test(line[end - 1])) end--;
    if (start < end) out.push({ start, end });
  };
  let from = 0;
  for (const m of line.matchAll(/\t| {3,}/g)) {
    const at = m.index ?? 0;
    push(from, at);
    from = at + m[0].length;
  }
  push(from, line.length);
  return out;
}

/** Lines of a text with their UTF-16 start offsets (`\r\n`, `\r` and `\n` all end a line). */
export function textLines(text: string): Array<{ text: string; start: number }> {
  const out: Array<{ text: string; start: number }> = [];
  const re = /\r\n|\r|\n/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const i = m.index ?? 0;
    out.push({ text: text.slice(last, i), start: last });
    last = i + m[0].length;
  }
  out.push({ text: text.slice(last), start: last });
  return out;
}

/**
 * Layout of a plain-text (or Markdown, with `markdown: true`) document: one line per text line,
 * segments split on tabs / wide spaces, `text_span` anchors into `text` itself.
 */
export function layoutFromText(text: string, opts: { markdown?: boolean; text_source?: TextSource } = {}): LayoutDocument {
  const lines: LayoutLine[] = [];
  textLines(text).forEach((l, idx) => {
    const masked = opts.markdown ? maskMarkdown(l.text) : l.text;
    const segs = splitTextSegments(masked);
    if (segs.length === 0) return;
    lines.push({
      group: 'text',
      page_number: null,
      y: idx,
      h: 1,
      segments: segs.map((s) => ({
        text: masked.slice(s.start, s.end),
        x0: s.start,
        x1: s.end,
        raw: (a, b) => l.text.slice(s.start + a, s.start + b),
        anchors: (a, b) => [{ kind: 'text_span', start: l.start + s.start + a, end: l.start + s.start + b, unit: 'utf16' }],
        ocr: () => null,
      })),
    });
  });
  return { lines, text_source: opts.text_source ?? 'native', below_max_gap: 2 };
}
