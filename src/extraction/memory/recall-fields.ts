/**
 * Recalling remembered fields on the next document of an issuer (issue 32 item 5): find the
 * remembered label on the same page (the occurrence nearest where it was), then the value where
 * it was relative to that label — after it in the same segment, or the segment whose left or
 * right edge and top are nearest the remembered offset — and read it as the field's type. The
 * item's provenance names the human decision it learned from. Pure.
 */
import { makeConfidence, makeItem } from '../items.js';
import { typedValue } from '../label-value.js';
import type { Box, ExtractedItem, JsonValue, ValueType } from '../types.js';
import { parseIban } from '../value-parsers.js';
import { parseVatId } from '../vat-ids.js';
import type { LearnedFrom, RememberedField } from './memory-types.js';
import type { PlacedSegment } from './placed-segments.js';
import { normalizeAnchor, valueShape } from './value-shape.js';

/** How far (page fractions) a value may sit from where the memory expects it. */
const MAX_DY = 0.02;
const MAX_DX = 0.08;
/** A recalled value is as sure as a reviewer's decision on this layout, short of a human's. */
const RECALL_CONFIDENCE = 0.96;

const dist = (a: Box, b: Box): number => Math.abs(a.x - b.x) + Math.abs(a.y - b.y);

/** The value of `text` as the field's type: IBANs and VAT ids by their check digits. */
function parseAs(
  key: string,
  type: ValueType,
  text: string,
  dateOrder: 'dmy' | 'mdy',
  tokens: number,
): { value: JsonValue; start: number; end: number } | null {
  // The value may be followed by more text (the rest of a sentence): its first words are tried.
  const lead = text.length - text.trimStart().length;
  const words = text.trim().split(/\s+/);
  const prefixOf = (n: number): string =>
    words
      .slice(0, n)
      .join(' ')
      .replace(/[,;.]+$/, '');
  const within = (s: string): { start: number; end: number } => {
    const at = text.indexOf(s.split(' ')[0], lead);
    const start = at >= 0 ? at : lead;
    return { start, end: Math.min(text.length, start + s.length) };
  };
  if (key === 'payment.iban' || key === 'tax.id') {
    for (let n = Math.min(words.length, 9); n >= 1; n--) {
      const s = prefixOf(n);
      const v =
        key === 'payment.iban' ? parseIban(s) : (parseVatId(s) ?? (n === 1 && /\d/.test(s) && s.length <= 24 ? s.toUpperCase().replace(/[\s.]/g, '') : null));
      if (v) return { value: v, ...within(s) };
    }
    return null;
  }
  if (type === 'string') {
    const s = prefixOf(Math.max(1, tokens));
    return s ? { value: s, ...within(s) } : null;
  }
  const typed = typedValue(type, text, { date_order: dateOrder });
  if (!typed) return null;
  return { value: typed.value, start: typed.start, end: typed.end };
}

/** The label's occurrence nearest where it was remembered. */
function findAnchor(segments: PlacedSegment[], field: RememberedField): PlacedSegment | null {
  const matches = segments.filter((s) =>
    field.relation === 'inline' ? normalizeAnchor(s.text).includes(field.anchor_norm) : normalizeAnchor(s.text) === field.anchor_norm,
  );
  matches.sort((a, b) => dist(a.box, field.anchor_box) - dist(b.box, field.anchor_box));
  return matches[0] ?? null;
}

/** Where the value's text is: the segment and the range in it. */
function locateValue(segments: PlacedSegment[], field: RememberedField, anchor: PlacedSegment): { seg: PlacedSegment; start: number; end: number } | null {
  if (field.relation === 'inline') {
    // The label is the segment's start; the value is what follows it.
    const at = anchor.text.toLowerCase().indexOf(field.anchor_text.toLowerCase());
    // Past the label and its colon.
    const start = at >= 0 ? at + field.anchor_text.length : Math.min(anchor.text.length, field.anchor_text.length);
    const colon = /^\s*[:：#.]?/u.exec(anchor.text.slice(start))?.[0].length ?? 0;
    return { seg: anchor, start: start + colon, end: anchor.text.length };
  }
  const x = anchor.box.x + field.dx;
  const right = anchor.box.x + anchor.box.w + field.dx_right;
  const y = anchor.box.y + field.dy;
  let best: PlacedSegment | null = null;
  let bestCost = Infinity;
  for (const s of segments) {
    if (s === anchor) continue;
    const dy = Math.abs(s.box.y - y);
    const dx = Math.min(Math.abs(s.box.x - x), Math.abs(s.box.x + s.box.w - right));
    if (dy > MAX_DY || dx > MAX_DX) continue;
    const cost = dx + 2 * dy;
    if (cost < bestCost) {
      best = s;
      bestCost = cost;
    }
  }
  return best ? { seg: best, start: 0, end: best.text.length } : null;
}

/** One remembered field read on a new document's page segments; null when its label or value is not there. */
export function recallField(segments: PlacedSegment[], field: RememberedField, memoryId: string): ExtractedItem | null {
  // The remembered page first; a longer document may have pushed the field to another page.
  const pages = [field.page, ...new Set(segments.map((s) => s.page).filter((p) => p !== field.page))];
  let place: { seg: PlacedSegment; start: number; end: number } | null = null;
  for (const page of pages) {
    const onPage = segments.filter((s) => s.page === page);
    const anchor = findAnchor(onPage, field);
    place = anchor ? locateValue(onPage, field, anchor) : null;
    if (place) break;
  }
  if (!place) return null;
  const text = place.seg.text.slice(place.start, place.end);
  const parsed = parseAs(field.key, field.value_type, text, field.date_order ?? 'dmy', field.tokens ?? 1);
  if (!parsed) return null;
  const s = place.start + parsed.start;
  const e = place.start + parsed.end;
  const raw = place.seg.text.slice(s, e).trim();
  const lead = place.seg.text.slice(s, e).length - place.seg.text.slice(s, e).trimStart().length;
  const start = place.seg.start + s + lead;
  const box = place.seg.box;
  const item = makeItem({
    key: field.key,
    label: field.label,
    value_type: field.value_type,
    value: parsed.value,
    raw_text: raw,
    text_source: place.seg.text_source,
    anchors: [
      { kind: 'page_region', page_number: place.seg.page, page_size: place.seg.page_size, boxes: [box], coord_origin: 'top_left' },
      { kind: 'text_span', start, end: start + raw.length, unit: 'utf16' },
    ],
    // A shape other than the learned one (a longer number, another id scheme) is less sure.
    confidence: makeConfidence('issuer_memory', valueShape(raw) === field.format ? RECALL_CONFIDENCE : RECALL_CONFIDENCE - 0.1),
  });
  const learned: LearnedFrom = { memory_id: memoryId, ...field.learned_from };
  item.provenance = { ...item.provenance, learned_from: learned };
  return item;
}

/**
 * The document's items with the remembered fields recalled: a recalled field replaces what the
 * generic rules read for that key (their value stays in `replaced`), and keys it cannot find are
 * left as they were.
 */
export function recallFields(
  items: ExtractedItem[],
  segments: PlacedSegment[],
  fields: RememberedField[],
  memoryId: string,
): { items: ExtractedItem[]; recalled: string[]; replaced: ExtractedItem[] } {
  const recalled = new Map<string, ExtractedItem>();
  for (const f of fields) {
    const item = recallField(segments, f, memoryId);
    if (item) recalled.set(f.key, item);
  }
  const out: ExtractedItem[] = [];
  const replaced: ExtractedItem[] = [];
  for (const it of items) {
    const mine = recalled.get(it.key);
    if (!mine) {
      out.push(it);
      continue;
    }
    replaced.push(it);
    if (!out.includes(mine)) out.push(mine);
  }
  for (const item of recalled.values()) if (!out.includes(item)) out.push(item);
  const seen = new Map<string, number>();
  for (const it of out) {
    const n = seen.get(it.key) ?? 0;
    it.occurrence_index = n;
    seen.set(it.key, n + 1);
  }
  return { items: out, recalled: [...recalled.keys()], replaced };
}
