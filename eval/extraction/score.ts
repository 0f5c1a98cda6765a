/**
 * Scoring one document's extraction against its gold answers: per field, the best item of that
 * key (highest confidence, then first) is the prediction; it is right when its typed value
 * equals the answer. Precision counts every field a document got a prediction for (a total on
 * a form is a false positive), recall every field the gold set holds.
 */
import type { ExtractedItem, PageRegionAnchor } from '../../src/extraction/types.js';
import type { GoldValue } from '../gold/extraction/documents.js';

export const SCORED_FIELDS = [
  'invoice.number',
  'invoice.date',
  'invoice.due_date',
  'invoice.subtotal',
  'invoice.tax',
  'invoice.total',
  'tax.id',
  'payment.iban',
  'contact.email',
  'contact.phone',
];

/** Who the document is from and for (scored apart from the fields above, issue 32 item 2). */
export const PARTY_FIELDS = ['issuer.name', 'issuer.address', 'customer.name', 'customer.address'];

export interface FieldOutcome {
  field: string;
  gold: GoldValue | null;
  predicted: ExtractedItem | null;
  correct: boolean;
}

const compact = (s: string): string => s.replace(/\s+/g, '').toUpperCase();

/** True when the item's typed value is the gold value. */
export function sameValue(field: string, gold: GoldValue, item: ExtractedItem): boolean {
  const v = item.value;
  if (typeof gold === 'object') {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
    return Math.abs(Number(v.amount) - gold.amount) < 0.005 && v.currency === gold.currency;
  }
  if (typeof v !== 'string') return false;
  if (field === 'contact.phone') return v.replace(/[^\d+]/g, '') === gold;
  if (field === 'contact.email') return v.toLowerCase() === gold.toLowerCase();
  return compact(v) === compact(gold);
}

/** The prediction for a field: the most confident item with a value, the first on ties. */
export function bestItem(items: ExtractedItem[], field: string): ExtractedItem | null {
  let best: ExtractedItem | null = null;
  for (const it of items) {
    if (it.key !== field || it.value_state !== 'present') continue;
    if (!best || (it.confidence.overall ?? 0) > (best.confidence.overall ?? 0)) best = it;
  }
  return best;
}

export function scoreDocument(items: ExtractedItem[], answers: Record<string, GoldValue>, fields: string[] = SCORED_FIELDS): FieldOutcome[] {
  return fields.map((field) => {
    const gold = answers[field] ?? null;
    const predicted = bestItem(items, field);
    return { field, gold, predicted, correct: gold !== null && predicted !== null && sameValue(field, gold, predicted) };
  });
}

/** A word on the page, in points from the top left (poppler's `pdftotext -bbox`). */
export interface PageWord {
  page: number;
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Parses `pdftotext -bbox` XHTML into words with their page numbers and page sizes. */
export function parseBboxHtml(html: string): { words: PageWord[]; sizes: Array<{ width: number; height: number }> } {
  const words: PageWord[] = [];
  const sizes: Array<{ width: number; height: number }> = [];
  for (const page of html.split(/<page /).slice(1)) {
    const size = /width="([\d.]+)" height="([\d.]+)"/.exec(page);
    sizes.push({ width: Number(size?.[1] ?? 0), height: Number(size?.[2] ?? 0) });
    for (const w of page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
      const text = w[5]
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'");
      words.push({ page: sizes.length, text, x0: Number(w[1]), y0: Number(w[2]), x1: Number(w[3]), y1: Number(w[4]) });
    }
  }
  return { words, sizes };
}

/**
 * True when the item's page box holds its printed text: the words whose centres fall inside
 * the box (a 1 pt margin), read in order, contain the raw text (spaces ignored). Null when the
 * item has no page box.
 */
export function boxHoldsText(item: ExtractedItem, words: PageWord[], sizes: Array<{ width: number; height: number }>): boolean | null {
  const region = item.provenance.anchors.find((a): a is PageRegionAnchor => a.kind === 'page_region');
  if (!region || !item.raw_text) return null;
  const size = sizes[region.page_number - 1];
  if (!size) return false;
  const inside = words.filter((w) => {
    if (w.page !== region.page_number) return false;
    const cx = (w.x0 + w.x1) / 2;
    const cy = (w.y0 + w.y1) / 2;
    return region.boxes.some(
      (b) => cx >= b.x * size.width - 1 && cx <= (b.x + b.w) * size.width + 1 && cy >= b.y * size.height - 1 && cy <= (b.y + b.h) * size.height + 1,
    );
  });
  const joined = inside.map((w) => w.text).join('');
  return joined.replace(/\s+/g, '').includes(item.raw_text.replace(/\s+/g, ''));
}
