/**
 * What both PDF text engines (pdfjs in `pdf-text.worker.ts`, poppler in `poppler-tsv.ts`) share
 * when they turn positioned text into a `PositionedPage`: how pieces of text form lines, and the
 * page's text, offsets, quality and text-layer verdict. One place, so that the engine a file was
 * read by changes its boxes by a fraction of a point at most, not its lines or its text.
 */
import type { PositionedLine, PositionedPage } from './pdf-text-model.js';
import { ratePageQuality, round4 } from './text-quality.js';
import type { Box } from './types.js';

/** Minimum visible characters for a page to count as having a text layer. */
export const MIN_PAGE_CHARS = 10;

/** A piece of text's extent on the page, in points from the top-left corner. */
export interface Extent {
  x0: number;
  x1: number;
  top: number;
  bottom: number;
}

/**
 * Groups pieces into lines by their vertical centre (a piece joins the line when its centre is
 * within half the smaller height of the line's first piece), lines top to bottom, pieces left to
 * right. Columns of a table row land on one line, as the label and table rules expect.
 */
export function groupIntoLines<T extends Extent>(pieces: readonly T[]): T[][] {
  const centre = (p: Extent) => (p.top + p.bottom) / 2;
  const sorted = [...pieces].sort((p, q) => centre(p) - centre(q) || p.x0 - q.x0);
  const groups: T[][] = [];
  let current: T[] = [];
  let cy = 0;
  let ch = 0;
  for (const it of sorted) {
    const icy = centre(it);
    const ih = it.bottom - it.top;
    if (current.length > 0 && Math.abs(icy - cy) <= 0.5 * Math.min(ch, ih)) {
      current.push(it);
    } else {
      if (current.length > 0) groups.push(current);
      current = [it];
      cy = icy;
      ch = ih;
    }
  }
  if (current.length > 0) groups.push(current);
  for (const g of groups) g.sort((p, q) => p.x0 - q.x0);
  return groups;
}

function clamp01(n: number): number {
  return round4(Math.min(1, Math.max(0, n)));
}

/** An extent in points as a box normalised to the page ([0,1], top-left origin). */
export function normalisedBox(e: Extent, width: number, height: number): Box {
  const x = clamp01(e.x0 / width);
  const y = clamp01(e.top / height);
  return { x, y, w: clamp01(e.x1 / width - x), h: clamp01(e.bottom / height - y) };
}

/** The smallest extent holding all of `es` (not empty). */
export function unionExtent(es: readonly Extent[]): Extent {
  let x0 = Infinity;
  let x1 = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  for (const e of es) {
    if (e.x0 < x0) x0 = e.x0;
    if (e.x1 > x1) x1 = e.x1;
    if (e.top < top) top = e.top;
    if (e.bottom > bottom) bottom = e.bottom;
  }
  return { x0, x1, top, bottom };
}

/** A page's size, unit and rotation as its engine reports them. */
export interface PageFrame {
  page_number: number;
  width: number;
  height: number;
  rotation: number;
}

/**
 * The page from its lines (offsets already counted from `offset`, lines joined with '\n'): its
 * text, visible characters, quality and text-layer verdict.
 */
export function assemblePage(frame: PageFrame, lines: PositionedLine[], offset: number): PositionedPage {
  const text = lines.map((l) => l.text).join('\n');
  const charCount = text.replace(/\s+/g, '').length;
  const quality = ratePageQuality(lines.map((l) => l.text));
  return {
    page_number: frame.page_number,
    width: round4(frame.width),
    height: round4(frame.height),
    unit: 'pt',
    rotation: frame.rotation,
    lines,
    text,
    text_start: offset,
    text_end: offset + text.length,
    quality,
    char_count: charCount,
    text_layer: charCount < MIN_PAGE_CHARS ? 'absent' : quality !== null && quality < 0.5 ? 'poor' : 'present',
  };
}
