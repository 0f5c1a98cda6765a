/**
 * A table found on a PDF page: cells with 1-based row and column (row 1 is the header), their
 * text, the words they were read from and their box on the page. Both finders (ruled, from drawn
 * lines; unruled, from word alignment) produce it, and it becomes the same sheet a CSV does.
 */
import type { PositionedWord } from '../pdf-text-model.js';
import type { Box } from '../types.js';

/** One cell of a found table. */
export interface FoundCell {
  row: number;
  column: number;
  text: string;
  /** The cell's box: its grid cell for a ruled table, its words' union otherwise. */
  box: Box;
  words: PositionedWord[];
}

/** A table on a page. */
export interface FoundTable {
  page_number: number;
  /** How it was found: `ruled` from drawn lines, `aligned` from word alignment. */
  method: 'ruled' | 'aligned';
  box: Box;
  rows: number;
  columns: number;
  cells: FoundCell[];
}

/**
 * Words in reading order (top to bottom by line, left to right) joined by spaces, except where
 * two words on one line touch (a word the PDF drew in pieces, such as a kerned bold "Quantit" "y").
 */
export function cellText(words: PositionedWord[], page: { width: number; height: number }): string {
  const sorted = [...words].sort((a, b) => a.start - b.start);
  let out = '';
  sorted.forEach((w, i) => {
    const prev = sorted[i - 1];
    const sameLine = prev !== undefined && Math.abs(prev.box.y - w.box.y) * page.height < 0.5 * w.box.h * page.height;
    const gap = prev ? (w.box.x - (prev.box.x + prev.box.w)) * page.width : 0;
    const touching = sameLine && gap < 0.12 * w.box.h * page.height;
    // A number a narrow column wrapped ("640,0" over "0") is one number again.
    const wrappedNumber = prev !== undefined && !sameLine && /[\d.,]$/.test(prev.text) && /^[\d.,]+$/.test(w.text) && /\d/.test(prev.text);
    out += i === 0 || touching || wrappedNumber ? w.text : ` ${w.text}`;
  });
  return out;
}

/** True when the centre of `box` lies inside `area`. */
export function centreInside(box: Box, area: Box): boolean {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  return cx >= area.x && cx <= area.x + area.w && cy >= area.y && cy <= area.y + area.h;
}
