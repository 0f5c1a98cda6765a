/**
 * Pattern entities on any layout: dates (chrono, strict), money with currency, e-mail
 * addresses, phone numbers (with a phone cue), IBANs (mod-97 verified) and VAT-like ids.
 * Keys: `entity.date`, `entity.money`, `entity.email`, `entity.phone`, `entity.iban`, `entity.vat_id`.
 */
import { makeConfidence, makeItem } from './items.js';
import type { LayoutDocument } from './layout.js';
import type { ConfidenceMethod, ExtractedItem, JsonValue, ValueType } from './types.js';
import {
  type DateOrder,
  EMAIL_PATTERN,
  IBAN_PATTERN,
  MONEY_PATTERN,
  PHONE_PATTERN,
  VAT_PATTERN,
  findDates,
  normalizePhone,
  parseEmail,
  parseIban,
  parseMoney,
} from './value-parsers.js';
import { parseVatId } from './vat-ids.js';
import { findLocaleDates } from './locale-dates.js';

/** The entity item types: key, label, value type and heuristic extraction confidence. */
export const ENTITY_TYPES: Array<{ key: string; label: string; value_type: ValueType; confidence: number; description: string; example: string }> = [
  { key: 'entity.date', label: 'Date', value_type: 'date', confidence: 0.85, description: 'A full date (year, month, day printed)', example: '2026-01-05' },
  { key: 'entity.money', label: 'Amount', value_type: 'money', confidence: 0.85, description: 'An amount with a currency symbol or code', example: '$110.00' },
  { key: 'entity.email', label: 'E-mail address', value_type: 'email', confidence: 0.9, description: 'An e-mail address', example: 'billing@contoso.test' },
  {
    key: 'entity.phone',
    label: 'Phone number',
    value_type: 'phone',
    confidence: 0.7,
    description: 'A phone number (with a +, parentheses or a phone cue on the line)',
    example: '+1 555 010 0200',
  },
  {
    key: 'entity.iban',
    label: 'IBAN',
    value_type: 'string',
    confidence: 0.95,
    description: 'An IBAN whose mod-97 checksum verifies',
    example: 'DE89370400440532013000',
  },
  {
    key: 'entity.vat_id',
    label: 'VAT id',
    value_type: 'string',
    confidence: 0.8,
    description: "A VAT id whose country's check digits verify",
    example: 'DE123456789',
  },
];

const CONF = new Map(ENTITY_TYPES.map((t) => [t.key, t]));
const PHONE_CUE = /\b(?:tel|phone|telephone|mobile|cell|fax|ph)\b/i;
/** What `\d` matches in each pattern below, `u` flag or not: 0–9 only. */
const ASCII_DIGIT = /[0-9]/;

/** Options of the entity rules. */
export interface EntityOptions {
  date_order?: DateOrder;
  /** Only these entity keys (default all). */
  keys?: string[];
}

interface Hit {
  key: string;
  start: number;
  end: number;
  value: JsonValue;
}

/** Finds entities in every segment of the layout, in document order. */
export function extractEntities(doc: LayoutDocument, opts: EntityOptions = {}): ExtractedItem[] {
  const items: ExtractedItem[] = [];
  const wanted = (k: string): boolean => !opts.keys || opts.keys.includes(k);
  for (const line of doc.lines) {
    const source = line.text_source ?? doc.text_source;
    const method: ConfidenceMethod = source === 'ocr' ? 'ocr_pattern_rule' : 'pattern_rule';
    const lineText = line.segments.map((s) => s.text).join(' ');
    const phoneCue = PHONE_CUE.test(lineText);
    for (const seg of line.segments) {
      const t = seg.text;
      const hits: Hit[] = [];
      const free = (s: number, e: number): boolean => hits.every((h) => e <= h.start || s >= h.end);
      const add = (key: string, s: number, e: number, value: JsonValue | null): void => {
        if (value !== null && wanted(key) && free(s, e)) hits.push({ key, start: s, end: e, value });
      };
      // An IBAN, a VAT id, an amount and a phone number each contain an ASCII digit and an
      // e-mail address an `@`: a segment without one is not scanned for them. Every segment
      // goes to findDates (a month may be printed as a word).
      const digits = ASCII_DIGIT.test(t);
      if (digits) for (const m of t.matchAll(IBAN_PATTERN)) add('entity.iban', m.index ?? 0, (m.index ?? 0) + m[0].length, parseIban(m[0]));
      if (t.includes('@')) for (const m of t.matchAll(EMAIL_PATTERN)) add('entity.email', m.index ?? 0, (m.index ?? 0) + m[0].length, parseEmail(m[0]));
      if (digits) for (const m of t.matchAll(VAT_PATTERN)) add('entity.vat_id', m.index ?? 0, (m.index ?? 0) + m[0].length, parseVatId(m[0]));
      // European forms first (12.03.2024, 3 août 2014), then chrono's English ones; overlaps are dropped.
      for (const d of [...findLocaleDates(t, opts.date_order ?? 'mdy'), ...findDates(t, opts.date_order)])
        add('entity.date', d.index, d.index + d.text.length, d.value);
      if (digits) {
        for (const m of t.matchAll(MONEY_PATTERN)) {
          const money = parseMoney(m[0]);
          add('entity.money', m.index ?? 0, (m.index ?? 0) + m[0].length, money && money.currency ? { amount: money.amount, currency: money.currency } : null);
        }
        for (const m of t.matchAll(PHONE_PATTERN)) {
          const raw = m[0];
          if (!phoneCue && !/^[+(]/.test(raw)) continue;
          add('entity.phone', m.index ?? 0, (m.index ?? 0) + raw.length, normalizePhone(raw));
        }
      }
      hits.sort((a, b) => a.start - b.start || a.key.localeCompare(b.key));
      for (const h of hits) {
        const def = CONF.get(h.key);
        if (!def) continue;
        const raw = seg.raw(h.start, h.end);
        items.push(
          makeItem({
            key: h.key,
            label: def.label,
            value_type: def.value_type,
            value: h.value,
            raw_text: raw,
            quote: raw,
            text_source: source,
            anchors: seg.anchors(h.start, h.end),
            confidence: makeConfidence(method, def.confidence, source === 'ocr' ? seg.ocr(h.start, h.end) : null),
          }),
        );
      }
    }
  }
  return items;
}
