/**
 * Learning where a reviewed value sat (issue 32 item 5): from the value's provenance (the
 * correction's anchors when the reviewer re-anchored it, else the item's), the segment that
 * holds it and the label it belongs to — the text before it in the same segment, or else the
 * nearest static text to its left on the same line or above it. Pure: the layout and the
 * provenance in, a remembered field (or null, when the value has no place on a page) out.
 */
import { typedValue } from '../label-value.js';
import type { Box, JsonValue, Provenance, ValueType } from '../types.js';
import type { PlacedSegment } from './placed-segments.js';
import type { RememberedField } from './memory-types.js';
import { normalizeAnchor, valueShape } from './value-shape.js';

/** What was decided on one item. */
export interface ReviewedValue {
  key: string;
  label: string;
  value_type: ValueType;
  raw_text: string | null;
  /** The reviewed (effective) value. */
  value: JsonValue;
  provenance: Provenance;
  learned_from: RememberedField['learned_from'];
}

const centreY = (b: Box): number => b.y + b.h / 2;

/** The segment the value is in: by text offset, else by the largest overlap with its box. */
function valueSegment(segments: PlacedSegment[], provenance: Provenance): { seg: PlacedSegment; offset: number; box: Box } | null {
  const region = provenance.anchors.find((a) => a.kind === 'page_region');
  const span = provenance.anchors.find((a) => a.kind === 'text_span');
  if (span && span.kind === 'text_span') {
    const seg = segments.find((s) => span.start >= s.start && span.start < s.start + s.text.length);
    if (seg && (!region || region.kind !== 'page_region' || region.page_number === seg.page)) {
      const box = region && region.kind === 'page_region' ? region.boxes[0] : seg.box;
      return { seg, offset: span.start - seg.start, box };
    }
  }
  if (!region || region.kind !== 'page_region' || region.boxes.length === 0) return null;
  const box = region.boxes[0];
  let best: PlacedSegment | null = null;
  let bestArea = 0;
  for (const s of segments) {
    if (s.page !== region.page_number) continue;
    const w = Math.min(s.box.x + s.box.w, box.x + box.w) - Math.max(s.box.x, box.x);
    const h = Math.min(s.box.y + s.box.h, box.y + box.h) - Math.max(s.box.y, box.y);
    if (w > 0 && h > 0 && w * h > bestArea) {
      best = s;
      bestArea = w * h;
    }
  }
  if (!best) return null;
  const quote = provenance.quote.trim();
  const at = quote ? best.text.indexOf(quote) : -1;
  return { seg: best, offset: at > 0 ? at : 0, box };
}

/** Static text: letters, no digits, short (a label, not a value or a sentence). */
function isStaticLabel(s: PlacedSegment): boolean {
  const t = s.text.trim();
  return /\p{L}/u.test(t) && !/\d/.test(t) && t.split(/\s+/).length <= 8;
}

/** The nearest label to the left on the value's line, else the nearest above it (a little left of its right edge). */
function nearestLabel(segments: PlacedSegment[], value: PlacedSegment, box: Box): PlacedSegment | null {
  let best: PlacedSegment | null = null;
  let bestCost = Infinity;
  for (const s of segments) {
    if (s === value || s.page !== value.page || !isStaticLabel(s)) continue;
    const sameLine = Math.abs(centreY(s.box) - centreY(box)) <= Math.max(s.box.h, box.h) / 2;
    const left = s.box.x + s.box.w <= box.x + 0.005;
    const above = s.box.y + s.box.h <= box.y + 0.002 && s.box.x <= box.x + box.w;
    let cost: number;
    if (sameLine && left) cost = box.x - (s.box.x + s.box.w);
    // A label on the value's line wins over one above it, however far.
    else if (above) cost = 1 + (box.y - s.box.y) * 2 + Math.abs(box.x - s.box.x) * 0.5;
    else continue;
    if (cost < bestCost) {
      best = s;
      bestCost = cost;
    }
  }
  return best;
}

/**
 * The label just before a value in its segment: after the last separator (a comma in a sentence,
 * a middle dot in a footer) and without words that hold digits (another field's value).
 */
function labelBefore(prefix: string): string {
  const part = prefix.split(/[,;·|]/u).pop() ?? '';
  const words = part.trim().split(/\s+/);
  let from = words.length;
  while (from > 0 && !/\d/.test(words[from - 1])) from -= 1;
  return words.slice(from).join(' ');
}

/** The date order that reads `raw` as the reviewed value (day first when both do). */
function dateOrderOf(raw: string, value: JsonValue): 'dmy' | 'mdy' {
  return typedValue('date', raw, { date_order: 'dmy' })?.value !== value && typedValue('date', raw, { date_order: 'mdy' })?.value === value ? 'mdy' : 'dmy';
}

/** The remembered field for a reviewed value, or null when it cannot be placed on a page of `segments`. */
export function learnField(segments: PlacedSegment[], reviewed: ReviewedValue): RememberedField | null {
  const found = valueSegment(segments, reviewed.provenance);
  if (!found) return null;
  const { seg, offset, box } = found;
  const raw = reviewed.raw_text ?? reviewed.provenance.quote;
  const base = {
    key: reviewed.key,
    label: reviewed.label,
    value_type: reviewed.value_type,
    page: seg.page,
    format: valueShape(raw),
    tokens: raw.trim().split(/\s+/).length,
    ...(reviewed.value_type === 'date' ? { date_order: dateOrderOf(raw, reviewed.value) } : {}),
    learned_from: reviewed.learned_from,
  };
  const prefix = labelBefore(seg.text.slice(0, offset));
  if (/\p{L}/u.test(prefix) && normalizeAnchor(prefix) !== '') {
    return {
      ...base,
      relation: 'inline',
      anchor_text: prefix,
      anchor_norm: normalizeAnchor(prefix),
      anchor_box: seg.box,
      dx: 0,
      dx_right: 0,
      dy: 0,
      region: box,
    };
  }
  const label = nearestLabel(segments, seg, box);
  if (!label) return null;
  return {
    ...base,
    relation: 'offset',
    anchor_text: label.text.trim(),
    anchor_norm: normalizeAnchor(label.text),
    anchor_box: label.box,
    dx: box.x - label.box.x,
    dx_right: box.x + box.w - (label.box.x + label.box.w),
    dy: box.y - label.box.y,
    region: box,
  };
}
