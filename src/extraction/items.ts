/**
 * Building extracted items: decomposed confidence (D5), stable value texts, occurrence indices.
 */
import { round4 } from './text-quality.js';
import type { Anchor, Confidence, ConfidenceMethod, ExtractedItem, JsonValue, Money, TextSource, ValueState, ValueType } from './types.js';
import { formatMoney } from './value-parsers.js';

/** Level cuts: high ≥ 0.9, medium ≥ 0.7, low otherwise; null stays null. */
export function confidenceLevel(overall: number | null): Confidence['level'] {
  if (overall === null) return null;
  if (overall >= 0.9) return 'high';
  if (overall >= 0.7) return 'medium';
  return 'low';
}

/**
 * Decomposed confidence. `overall` = extraction × ocr when both are known, the known one
 * otherwise, null when neither is. Heuristic numbers, hence `calibrated: false`; `runProcessor`
 * maps them to calibrated probabilities afterwards (confidence-calibration.ts).
 */
export function makeConfidence(method: ConfidenceMethod, extraction: number | null, ocr: number | null = null): Confidence {
  const parts = [extraction, ocr].filter((n): n is number => n !== null);
  const overall = parts.length === 0 ? null : round4(parts.reduce((a, b) => a * b, 1));
  return {
    overall,
    ocr: ocr === null ? null : round4(ocr),
    extraction: extraction === null ? null : round4(extraction),
    level: confidenceLevel(overall),
    method,
    calibrated: false,
  };
}

function isMoney(v: JsonValue): v is { amount: number; currency: string | null } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && typeof v.amount === 'number';
}

/** Stable string form of a typed value (what `/v1` fields receive). */
export function valueText(valueType: ValueType, value: JsonValue): string | null {
  if (value === null) return null;
  if (valueType === 'money' && isMoney(value)) {
    const m: Money = { amount: value.amount, currency: typeof value.currency === 'string' ? value.currency : null };
    return formatMoney(m);
  }
  if (valueType === 'boolean' && typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** Everything needed to build an item. */
export interface ItemDraft {
  key: string;
  label: string;
  value_type: ValueType;
  value_state?: ValueState;
  value: JsonValue;
  raw_text: string | null;
  quote?: string;
  text_source: TextSource;
  anchors: Anchor[];
  confidence: Confidence;
}

/** Builds an item; `occurrence_index` is assigned later by `assignOccurrences`. */
export function makeItem(d: ItemDraft): ExtractedItem {
  const state: ValueState = d.value_state ?? (d.value === null ? 'absent' : 'present');
  return {
    key: d.key,
    label: d.label,
    value_type: d.value_type,
    value_state: state,
    value: state === 'present' || state === 'inferred' ? d.value : null,
    value_text: state === 'present' || state === 'inferred' ? valueText(d.value_type, d.value) : null,
    raw_text: d.raw_text,
    confidence: d.confidence,
    provenance: { quote: d.quote ?? d.raw_text ?? '', text_source: d.text_source, anchors: d.anchors },
    occurrence_index: 0,
  };
}

/** Numbers occurrences per key in list order (0-based). Returns the same array. */
export function assignOccurrences(items: ExtractedItem[]): ExtractedItem[] {
  const seen = new Map<string, number>();
  for (const it of items) {
    const n = seen.get(it.key) ?? 0;
    it.occurrence_index = n;
    seen.set(it.key, n + 1);
  }
  return items;
}

/** A stable key fragment from a label: ASCII-folded, lower case, `_`-separated, ≤ 40 chars. */
export function slugify(label: string): string {
  const s = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40)
    .replace(/_+$/g, '');
  return s === '' ? 'field' : s;
}

/**
 * Appends `more` to `items` one by one: `items.push(...more)` passes every element as an
 * argument and overflows the stack beyond about 100 000 items (a large text file yields more).
 */
export function appendItems(items: ExtractedItem[], more: readonly ExtractedItem[]): void {
  for (const item of more) items.push(item);
}
