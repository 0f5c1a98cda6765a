/**
 * A value picked on the page image: a clicked word, or the words inside a drawn box. The text is
 * the words in reading order; the box is the smallest one holding them (not the box as drawn, so
 * the provenance frames what was read, as an extracted item's does). Boxes are [0,1] from the
 * top-left corner, the frame of `page_region` anchors.
 */
import type { CorrectionBody, PageWord, PageWords } from '@quire/client';

type Box = PageWord['box'];

export interface PickedValue {
  text: string;
  page_number: number;
  box: Box;
  page_size: PageWords['page_size'];
  text_source: PageWords['text_source'];
}

/** A word belongs to a drawn box when its centre lies inside it. */
export function wordsInside(words: readonly PageWord[], area: Box): PageWord[] {
  return words.filter((w) => {
    const cx = w.box.x + w.box.w / 2;
    const cy = w.box.y + w.box.h / 2;
    return cx >= area.x && cx <= area.x + area.w && cy >= area.y && cy <= area.y + area.h;
  });
}

export function unionBox(boxes: readonly Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.w));
  const y1 = Math.max(...boxes.map((b) => b.y + b.h));
  const round = (n: number) => Math.round(n * 10_000) / 10_000;
  return { x: round(x0), y: round(y0), w: round(x1 - x0), h: round(y1 - y0) };
}

/** The picked words as a value: null when there are none. */
export function pickedValue(page: PageWords, words: readonly PageWord[]): PickedValue | null {
  if (words.length === 0) return null;
  return {
    text: words.map((w) => w.text).join(' '),
    page_number: page.page_number,
    // One word keeps its own box exactly; several get the box that holds them all.
    box: words.length === 1 ? words[0].box : unionBox(words.map((w) => w.box)),
    page_size: page.page_size,
    text_source: page.text_source,
  };
}

/** The correction's provenance: the picked text, on its page, in its box. */
export function provenanceOf(picked: PickedValue): NonNullable<CorrectionBody['provenance']> {
  return {
    quote: picked.text,
    text_source: picked.text_source,
    anchors: [{ kind: 'page_region', page_number: picked.page_number, page_size: picked.page_size, boxes: [picked.box], coord_origin: 'top_left' }],
  };
}
