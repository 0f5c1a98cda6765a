/**
 * Where an item came from, in the terms the review screen draws: boxes on a page image
 * (`page_region`), cells of a sheet (`sheet_cell`), paragraphs of a .docx (`docx_block`).
 * Boxes are normalised to [0,1] from the top-left corner, so they are drawn as percentages of
 * the image whatever resolution it was drawn at.
 */
import type { ExtractedItem } from '@quire/client';

type Anchor = ExtractedItem['provenance']['anchors'][number];
export type PageRegion = Extract<Anchor, { kind: 'page_region' }>;
export type SheetCell = Extract<Anchor, { kind: 'sheet_cell' }>;
export type DocxBlock = Extract<Anchor, { kind: 'docx_block' }>;

export function pageRegions(item: ExtractedItem): PageRegion[] {
  return item.provenance.anchors.filter((a): a is PageRegion => a.kind === 'page_region');
}

export function sheetCells(item: ExtractedItem): SheetCell[] {
  return item.provenance.anchors.filter((a): a is SheetCell => a.kind === 'sheet_cell');
}

export function docxBlocks(item: ExtractedItem): DocxBlock[] {
  return item.provenance.anchors.filter((a): a is DocxBlock => a.kind === 'docx_block');
}

/** The page an item is on (its first page region), or null when it has none. */
export function pageOf(item: ExtractedItem): number | null {
  return pageRegions(item)[0]?.page_number ?? null;
}

/** A percentage for CSS from a [0,1] ratio. */
export function percent(ratio: number): string {
  return `${(Math.min(1, Math.max(0, ratio)) * 100).toFixed(3)}%`;
}

/** An item's value as text (money and objects flattened the way value_text does). */
export function valueText(item: ExtractedItem): string {
  if (item.value_text !== null && item.value_text !== undefined) return item.value_text;
  if (item.value === null || item.value === undefined) return '';
  return typeof item.value === 'string' ? item.value : JSON.stringify(item.value);
}

/** What the reviewer types for a corrected value, turned into the value the item's type needs. */
export function parseCorrectedValue(item: ExtractedItem, text: string): unknown {
  const trimmed = text.trim();
  switch (item.value_type) {
    case 'number':
    case 'integer':
    case 'percent': {
      const n = Number(trimmed.replace(/[, ]/g, ''));
      return Number.isFinite(n) ? n : trimmed;
    }
    case 'money': {
      const match = /^([A-Z]{3})?\s*[$€£]?\s*(-?[\d.,]+)\s*([A-Z]{3})?$/.exec(trimmed);
      const current =
        typeof item.value === 'object' && item.value !== null && 'currency' in item.value ? String((item.value as { currency: unknown }).currency) : 'USD';
      if (!match) return trimmed;
      return { amount: Number(match[2].replace(/,/g, '')), currency: match[1] ?? match[3] ?? current };
    }
    case 'boolean':
      return /^(true|yes|1)$/i.test(trimmed);
    case 'object':
    case 'array':
      try {
        return JSON.parse(trimmed);
      } catch {
        return trimmed;
      }
    default:
      return trimmed;
  }
}

/** Items in reading order: by page, then top to bottom, then left to right; items without a box last. */
export function readingOrder(items: readonly ExtractedItem[]): ExtractedItem[] {
  const key = (item: ExtractedItem): [number, number, number] => {
    const region = pageRegions(item)[0];
    const box = region?.boxes?.[0];
    if (region && box) return [region.page_number, box.y, box.x];
    const cell = sheetCells(item)[0];
    if (cell) return [1, cell.row, cell.column];
    const block = docxBlocks(item)[0];
    if (block) return [1, block.block_index, block.start];
    return [Number.MAX_SAFE_INTEGER, 0, 0];
  };
  return [...items].sort((a, b) => {
    const [pa, ya, xa] = key(a);
    const [pb, yb, xb] = key(b);
    return pa - pb || ya - yb || xa - xb;
  });
}
