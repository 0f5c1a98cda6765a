/**
 * poppler's `pdftotext -tsv` output, read page by page as it arrives, into positioned pages.
 *
 * The TSV is poppler's own word-box format (the words and boxes of `-bbox-layout`, one row per
 * word, points from the page's top-left corner): a page begins with a level-1 row holding its
 * size, a word is a level-5 row; flow, block and line rows (levels 3 and 4) are poppler's
 * reading-order grouping, which is not used here: words form lines by the same rule as pdfjs's
 * text runs (`groupIntoLines`), so both engines give the label and table rules the same lines.
 */
import type { PositionedLine, PositionedPage, PositionedWord } from './pdf-text-model.js';
import { type Extent, assemblePage, groupIntoLines, normalisedBox, unionExtent } from './positioned-page.js';
import { round4 } from './text-quality.js';

/** A word as poppler drew it. */
export interface TsvWord extends Extent {
  text: string;
}

/** A page as poppler reported it: its size (rotation applied) and its words. */
export interface TsvPage {
  page_number: number;
  width: number;
  height: number;
  words: TsvWord[];
}

/**
 * Incremental reader of `pdftotext -tsv`: `push` the output as it comes, get back the pages it
 * completed (a page is complete when the next one begins); `end` gives the last one.
 */
export class PopplerTsvReader {
  private rest = '';
  private page: TsvPage | null = null;

  push(text: string): TsvPage[] {
    const done: TsvPage[] = [];
    const chunk = this.rest + text;
    let from = 0;
    for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', from)) {
      this.row(chunk, from, nl, done);
      from = nl + 1;
    }
    this.rest = chunk.slice(from);
    return done;
  }

  end(): TsvPage[] {
    const done: TsvPage[] = [];
    if (this.rest !== '') this.row(this.rest, 0, this.rest.length, done);
    this.rest = '';
    if (this.page) done.push(this.page);
    this.page = null;
    return done;
  }

  /**
   * The row `chunk[from, to)`: level, page_num, par_num, block_num, line_num, word_num, left,
   * top, width, height, conf, text. Columns are found with indexOf rather than split: a 170-page
   * file has 60,000 rows, and twelve strings per row were most of the reading's garbage.
   */
  private row(chunk: string, from: number, to: number, done: TsvPage[]): void {
    // Level 1 (a page) and 5 (a word) only: the header, flows, blocks and lines are skipped.
    const level = chunk.charCodeAt(from);
    if (chunk.charCodeAt(from + 1) !== TAB || (level !== ONE && level !== FIVE)) return;
    const tabs: number[] = [from + 1];
    for (let i = 1; i < 11; i++) {
      const at = chunk.indexOf('\t', tabs[i - 1] + 1);
      if (at < 0 || at >= to) return;
      tabs.push(at);
    }
    if (level === ONE) {
      if (this.page) done.push(this.page);
      // The page row's left/top are not the page's (poppler repeats a word's); its size is.
      this.page = { page_number: column(chunk, tabs, 1), width: column(chunk, tabs, 8), height: column(chunk, tabs, 9), words: [] };
      return;
    }
    const text = chunk.slice(tabs[10] + 1, to);
    if (!this.page || text === '') return;
    const left = column(chunk, tabs, 6);
    const top = column(chunk, tabs, 7);
    this.page.words.push({ text, x0: left, x1: left + column(chunk, tabs, 8), top, bottom: top + column(chunk, tabs, 9) });
  }
}

/** Numeric column `i` (1-based after the level) of a row whose tab positions are `tabs`. */
function column(chunk: string, tabs: number[], i: number): number {
  return Number(chunk.slice(tabs[i - 1] + 1, tabs[i]));
}

const TAB = 9;
const ONE = 49;
const FIVE = 53;

/**
 * The words of a piece of text that has whitespace inside it (poppler keeps a no-break space in
 * a word): each run of non-space characters with its share of the piece's width.
 */
function splitWord(w: TsvWord): TsvWord[] {
  const out: TsvWord[] = [];
  const n = w.text.length;
  const per = (w.x1 - w.x0) / n;
  for (const m of w.text.matchAll(/\S+/g)) {
    const at = m.index ?? 0;
    out.push({ text: m[0], x0: w.x0 + per * at, x1: w.x0 + per * (at + m[0].length), top: w.top, bottom: w.bottom });
  }
  return out;
}

/**
 * A poppler page as a `PositionedPage`: words grouped into lines (joined with one space), boxes
 * normalised to the page, offsets counted from `offset` (the page's start in the whole text).
 */
export function positionedPageOfTsv(page: TsvPage, rotation: number, offset: number): PositionedPage {
  const words = page.words.flatMap((w) => (/\s/.test(w.text) ? splitWord(w) : [w]));
  const lines: PositionedLine[] = [];
  let cursor = offset;
  for (const group of groupIntoLines(words)) {
    const positioned: PositionedWord[] = [];
    let at = cursor;
    let height = 0;
    for (const w of group) {
      positioned.push({ text: w.text, box: normalisedBox(w, page.width, page.height), start: at, end: at + w.text.length });
      at += w.text.length + 1;
      height = Math.max(height, w.bottom - w.top);
    }
    const text = group.map((w) => w.text).join(' ');
    lines.push({
      text,
      box: normalisedBox(unionExtent(group), page.width, page.height),
      start: cursor,
      end: cursor + text.length,
      height: round4(height),
      words: positioned,
    });
    cursor += text.length + 1;
  }
  return assemblePage({ page_number: page.page_number, width: page.width, height: page.height, rotation }, lines, offset);
}
