/**
 * Label → value by proximity, on any layout: "Label: value" in one segment, a label with its
 * value in the next segment to the right, or directly below (same group, overlapping x range).
 * Known labels map to typed keys (invoice.total → money, …); other colon labels become
 * `label.<slug>` strings.
 */
import { makeConfidence, makeItem, slugify } from './items.js';
import type { LayoutDocument, LayoutLine, LayoutSegment } from './layout.js';
import type { ConfidenceMethod, ExtractedItem, JsonValue, ValueType } from './types.js';
import { findEmbeddedLabels } from './label-in-text.js';
import { findLocaleDates, parseLocaleDate } from './locale-dates.js';
import { LOCALE_BY_LANG, LOCALES } from './locales/index.js';
import { hasVatPrefix, parseVatId } from './vat-ids.js';
import {
  type DateOrder,
  EMAIL_PATTERN,
  IBAN_PATTERN,
  MONEY_PATTERN,
  findDates,
  normalizePhone,
  parseDate,
  parseEmail,
  parseIban,
  parseMoney,
  parseNumber,
} from './value-parsers.js';

/** A label dictionary entry. */
export interface KnownField {
  key: string;
  label: string;
  value_type: ValueType;
  /** Normalised label texts (see `normalizeLabel`). */
  labels: string[];
  description: string;
  example: string;
}

/** The fields we recognise; their labels, per language, come from locales/ (filled below). */
export const KNOWN_FIELDS: KnownField[] = [
  {
    key: 'vendor.name',
    label: 'Vendor name',
    value_type: 'string',
    labels: [],
    description: 'Name of the vendor / supplier',
    example: 'Contoso Ltd',
  },
  {
    key: 'customer.name',
    label: 'Customer name',
    value_type: 'string',
    labels: [],
    description: 'Name of the customer',
    example: 'Fabrikam Inc',
  },
  {
    key: 'invoice.number',
    label: 'Invoice number',
    value_type: 'string',
    labels: [],
    description: 'Invoice identifier',
    example: 'INV-100',
  },
  {
    key: 'invoice.date',
    label: 'Invoice date',
    value_type: 'date',
    labels: [],
    description: 'Date the invoice was issued',
    example: '2026-01-05',
  },
  {
    key: 'invoice.due_date',
    label: 'Due date',
    value_type: 'date',
    labels: [],
    description: 'Payment due date',
    example: '2026-02-04',
  },
  {
    key: 'invoice.po_number',
    label: 'PO number',
    value_type: 'string',
    labels: [],
    description: 'Purchase order reference',
    example: 'PO-7781',
  },
  {
    key: 'invoice.subtotal',
    label: 'Subtotal',
    value_type: 'money',
    labels: [],
    description: 'Amount before tax',
    example: '$100.00',
  },
  {
    key: 'invoice.tax',
    label: 'Tax',
    value_type: 'money',
    labels: [],
    description: 'Tax amount',
    example: '$10.00',
  },
  {
    key: 'invoice.total',
    label: 'Invoice total',
    value_type: 'money',
    labels: [],
    description: 'Grand total payable',
    example: '$110.00',
  },
  {
    key: 'contact.email',
    label: 'E-mail',
    value_type: 'email',
    labels: [],
    description: 'Contact e-mail address',
    example: 'billing@contoso.test',
  },
  {
    key: 'contact.phone',
    label: 'Phone',
    value_type: 'phone',
    labels: [],
    description: 'Contact phone number',
    example: '+1 555 010 0200',
  },
  {
    key: 'payment.iban',
    label: 'IBAN',
    value_type: 'string',
    labels: [],
    description: 'Bank account (IBAN, checksum-verified)',
    example: 'DE89370400440532013000',
  },
  {
    key: 'tax.id',
    label: 'Tax ID',
    value_type: 'string',
    labels: [],
    description: 'VAT / tax identification number',
    example: 'DE123456789',
  },
];

/** Normalised label → its field and the languages that print it. */
const LABEL_INDEX = new Map<string, { field: KnownField; langs: string[] }>();
for (const locale of LOCALES) {
  for (const [key, labels] of Object.entries(locale.labels)) {
    const field = KNOWN_FIELDS.find((f) => f.key === key);
    if (!field) continue;
    for (const raw of labels) {
      const l = normalizeLabel(raw);
      const entry = LABEL_INDEX.get(l);
      if (entry && entry.field === field) entry.langs.push(locale.lang);
      else if (!entry) LABEL_INDEX.set(l, { field, langs: [locale.lang] });
      if (!field.labels.includes(l)) field.labels.push(l);
    }
  }
}
const BY_LABEL = new Map([...LABEL_INDEX].map(([l, e]) => [l, e.field]));
const PREFIX_LABELS = [...BY_LABEL.keys()].sort((a, b) => b.length - a.length || a.localeCompare(b));

/** The field a printed label introduces, and its languages (for tests and the embedded-label rule). */
export function lookupLabel(text: string): { field: KnownField; langs: string[] } | null {
  return LABEL_INDEX.get(normalizeLabel(text)) ?? null;
}

/** Options of the label/value rules. */
export interface LabelValueOptions {
  date_order?: DateOrder;
  default_currency?: string | null;
  /** Emit `label.<slug>` items for unknown "Label: value" pairs. Default true. */
  generic_labels?: boolean;
  /** Countries an unprefixed VAT id or a national phone number is read as (set per pair from the label's language). */
  countries?: string[];
}

/**
 * Lower case without accents (a text layer may drop the one on a capital: "Echéance"), single
 * spaces, no leading symbols (bullets, emoji), no trailing colon or period; `№`/`no.` → `no`. */
export function normalizeLabel(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .replace(/№|\bn\.?\s?[°º]|\bn\.o\b/g, 'no')
    .replace(/\s+/g, ' ')
    .replace(/[\s:：.]+$/g, '')
    .replace(/\s*\(?\d+(?:[.,]\d+)?\s?%\)?$/, '')
    .replace(/[\s:：.]+$/g, '')
    .replace(/\bno\./g, 'no')
    .trim();
}

/** A label is short, has letters, and does not look like a value or a sentence. */
function plausibleLabel(label: string): boolean {
  const t = label.trim();
  if (t.length === 0 || t.length > 50 || !/\p{L}/u.test(t)) return false;
  if (t.split(/\s+/).length > 6) return false;
  if (/^(?:https?|ftp|mailto)$/i.test(t)) return false;
  return !/[.!?]\s/.test(t);
}

interface Typed {
  value: JsonValue;
  /** Sub-range of the value text that holds the value. */
  start: number;
  end: number;
  /** 1 when the whole text is the value, < 1 when it had to be narrowed. */
  fit: number;
}

/** Parses `text` as `type`, narrowing to a sub-range if needed. Null when it is not that type. */
export function typedValue(type: ValueType, text: string, opts: LabelValueOptions): Typed | null {
  const whole = { start: 0, end: text.length, fit: 1 };
  const cur = opts.default_currency ?? null;
  switch (type) {
    case 'money': {
      const m = parseMoney(text, cur);
      if (m) return { value: { amount: m.amount, currency: m.currency }, ...whole };
      for (const mm of text.matchAll(MONEY_PATTERN)) {
        const n = parseMoney(mm[0], cur);
        if (n) return { value: { amount: n.amount, currency: n.currency }, start: mm.index ?? 0, end: (mm.index ?? 0) + mm[0].length, fit: 0.9 };
      }
      return null;
    }
    case 'date': {
      const d = parseLocaleDate(text, opts.date_order ?? 'mdy') ?? parseDate(text, opts.date_order);
      if (d) return { value: d, ...whole };
      const f = findLocaleDates(text, opts.date_order ?? 'mdy')[0] ?? findDates(text, opts.date_order)[0];
      return f ? { value: f.value, start: f.index, end: f.index + f.text.length, fit: 0.9 } : null;
    }
    case 'email': {
      const e = parseEmail(text);
      if (e) return { value: e, ...whole };
      const m = new RegExp(EMAIL_PATTERN.source).exec(text);
      const inner = m ? parseEmail(m[0]) : null;
      return m && inner ? { value: inner, start: m.index, end: m.index + m[0].length, fit: 0.9 } : null;
    }
    case 'phone': {
      const p = normalizePhone(text, opts.countries?.[0]);
      return p ? { value: p, ...whole } : null;
    }
    case 'number':
    case 'integer': {
      const n = parseNumber(text);
      return n === null || (type === 'integer' && !Number.isInteger(n)) ? null : { value: n, ...whole };
    }
    default:
      return text.trim() === '' ? null : { value: text.trim(), ...whole };
  }
}

/** Fields whose value is an identifier: it has a digit and at most three words ("INV-100", "A 2024/17"). */
const ID_FIELDS = new Set(['invoice.number', 'invoice.po_number']);
const VALIDATED = new Set(['payment.iban', 'tax.id', ...ID_FIELDS]);

/** IBANs and VAT ids by their check digits, identifiers by shape; null when the text is none. */
function specialValue(field: KnownField, text: string, countries: string[]): Typed | null {
  const whole = { start: 0, end: text.length, fit: 1 };
  if (field.key === 'payment.iban') {
    const iban = parseIban(text);
    if (iban) return { value: iban, ...whole };
    const m = new RegExp(IBAN_PATTERN.source).exec(text);
    const inner = m ? parseIban(m[0]) : null;
    return m && inner ? { value: inner, start: m.index, end: m.index + m[0].length, fit: 0.9 } : null;
  }
  if (field.key === 'tax.id') {
    const t = text.trim();
    const checked = parseVatId(t, countries);
    if (checked) return { value: checked, ...whole };
    // A European id that fails its country's check is no tax id; other ids (EIN, TIN) have no check here.
    if (hasVatPrefix(t) || !/^[A-Z]{0,3}[-\s.]?[0-9A-Z][0-9A-Z\s.-]{4,18}$/.test(t)) return null;
    return { value: t.toUpperCase().replace(/[\s.]/g, ''), start: 0, end: text.length, fit: 0.8 };
  }
  if (ID_FIELDS.has(field.key)) {
    const t = text.trim();
    return /\d/.test(t) && t.split(/\s+/).length <= 3 && t.length <= 40 ? { value: t, ...whole } : null;
  }
  return null;
}

interface Pair {
  label: string;
  field: KnownField | null;
  segment: LayoutSegment;
  line: LayoutLine;
  /** Range of the value in `segment.text`; null for a blank value. */
  value: { start: number; end: number } | null;
  /** Where the label is (for blank items). */
  labelRange: { start: number; end: number };
  labelSegment: LayoutSegment;
  confidence: number;
}

function trimRange(text: string, start: number, end: number): { start: number; end: number } {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s])) s++;
  while (e > s && /\s/.test(text[e - 1])) e--;
  return { start: s, end: e };
}

function isLabelOnly(seg: LayoutSegment): boolean {
  return /[:：]\s*$/.test(seg.text) && plausibleLabel(seg.text.replace(/[:：]\s*$/, ''));
}

/** A segment that is itself a label (so it cannot be another label's value). */
function looksLikeLabel(seg: LayoutSegment): boolean {
  if (isLabelOnly(seg) || BY_LABEL.has(normalizeLabel(seg.text))) return true;
  const inline = /^([^:：]{1,60}?)\s*[:：]\s*(\S.*)$/su.exec(seg.text);
  return inline !== null && plausibleLabel(inline[1]) && !inline[2].startsWith('//');
}

function overlaps(a: LayoutSegment, b: LayoutSegment): boolean {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0 || Math.abs(a.x0 - b.x0) < 1e-3;
}

/** One pass of matching: the pairs found so far and the segments they used. */
interface Matching {
  doc: LayoutDocument;
  opts: LabelValueOptions;
  generic: boolean;
  used: Set<LayoutSegment>;
  pairs: Pair[];
}

/**
 * Finds label/value pairs and turns them into items. Deterministic: document order, first
 * match wins, each value segment used once.
 */
export function extractLabelValues(doc: LayoutDocument, opts: LabelValueOptions = {}): ExtractedItem[] {
  const m: Matching = { doc, opts, generic: opts.generic_labels ?? true, used: new Set(), pairs: [] };
  doc.lines.forEach((line, li) => {
    line.segments.forEach((seg, si) => {
      if (m.used.has(seg)) return;
      if (matchInline(m, line, seg)) return;
      if (matchLabelAlone(m, line, li, seg, si)) return;
      matchTypedPrefix(m, line, seg);
      if (!m.used.has(seg)) matchEmbedded(m, line, seg);
    });
  });
  const docLang = documentLanguage(m.pairs);
  const items: ExtractedItem[] = [];
  for (const p of m.pairs) items.push(pairToItem(p, doc, pairOptions(p.label, opts, docLang)));
  return items;
}

/** The language most known labels of the document belong to alone (null when none does). */
function documentLanguage(pairs: Pair[]): string | null {
  const votes = new Map<string, number>();
  for (const p of pairs) {
    const langs = p.field ? (lookupLabel(p.label)?.langs ?? []) : [];
    if (langs.length === 1) votes.set(langs[0], (votes.get(langs[0]) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [lang, n] of votes) if (best === null || n > (votes.get(best) ?? 0)) best = lang;
  return best;
}

/**
 * A pair's reading options from its label's language (the document's when the label is shared,
 * like "Date" in English and French): day-first numeric dates outside English, and the
 * countries an unprefixed VAT id or phone number belongs to.
 */
function pairOptions(label: string, opts: LabelValueOptions, docLang: string | null): LabelValueOptions {
  const langs = lookupLabel(label)?.langs ?? [];
  const lang = langs.length === 1 ? langs[0] : docLang && (langs.length === 0 || langs.includes(docLang)) ? docLang : (langs[0] ?? null);
  const locale = lang ? LOCALE_BY_LANG.get(lang) : undefined;
  if (!locale) return opts;
  const countries = [...new Set([...locale.countries, ...langs.flatMap((l) => LOCALE_BY_LANG.get(l)?.countries ?? [])])];
  return { ...opts, date_order: locale.date_order === 'dmy' ? 'dmy' : opts.date_order, countries: opts.countries ?? countries };
}

/** 1. "Label: value" inside one segment. True when the segment has that shape (paired or not). */
function matchInline(m: Matching, line: LayoutLine, seg: LayoutSegment): boolean {
  const text = seg.text;
  const inline = /^([^:：]{1,60}?)\s*[:：]\s*(\S.*)$/su.exec(text);
  if (!inline || !plausibleLabel(inline[1]) || inline[2].startsWith('//')) return false;
  const field = BY_LABEL.get(normalizeLabel(inline[1])) ?? null;
  if (field || m.generic) {
    const vStart = text.length - inline[2].length;
    m.used.add(seg);
    const value = trimRange(text, vStart, text.length);
    const labelRange = { start: 0, end: inline[1].length };
    m.pairs.push({ label: inline[1].trim(), field, segment: seg, line, value, labelRange, labelSegment: seg, confidence: field ? 0.9 : 0.8 });
  }
  return true;
}

/** 2. A label alone: value to the right, else below, else (with a colon) a blank value. True when the segment is such a label. */
function matchLabelAlone(m: Matching, line: LayoutLine, li: number, seg: LayoutSegment, si: number): boolean {
  const text = seg.text;
  const colon = isLabelOnly(seg);
  const known = BY_LABEL.get(normalizeLabel(text)) ?? null;
  if (!colon && !known) return false;
  if (!known && !m.generic) return true;
  const right = line.segments[si + 1];
  const labelRange = { start: 0, end: text.replace(/[\s:：]+$/, '').length };
  const label = text.slice(0, labelRange.end);
  if (right && !m.used.has(right) && !looksLikeLabel(right)) {
    m.used.add(seg);
    m.used.add(right);
    const confidence = known ? (colon ? 0.85 : 0.8) : 0.75;
    m.pairs.push({ label, field: known, segment: right, line, value: { start: 0, end: right.text.length }, labelRange, labelSegment: seg, confidence });
    return true;
  }
  const down = segmentBelow(m, li, seg);
  if (down) {
    m.used.add(seg);
    m.used.add(down);
    const confidence = known ? 0.75 : 0.65;
    m.pairs.push({ label, field: known, segment: down, line, value: { start: 0, end: down.text.length }, labelRange, labelSegment: seg, confidence });
    return true;
  }
  if (colon) {
    m.used.add(seg);
    m.pairs.push({ label, field: known, segment: seg, line, value: null, labelRange, labelSegment: seg, confidence: known ? 0.7 : 0.6 });
  }
  return true;
}

/** The unused, non-label segment under `seg` in the lines below, within the same group and gap. */
function segmentBelow(m: Matching, li: number, seg: LayoutSegment): LayoutSegment | null {
  const { doc } = m;
  const line = doc.lines[li];
  for (let j = li + 1; j < doc.lines.length; j++) {
    const l2 = doc.lines[j];
    if (l2.group !== line.group) break;
    if (l2.y - (line.y + line.h) > doc.below_max_gap * line.h) break;
    if (l2.y <= line.y) continue;
    const cand = l2.segments.find((s) => overlaps(seg, s));
    if (cand) return m.used.has(cand) || looksLikeLabel(cand) ? null : cand;
  }
  return null;
}

/** 3. A known typed label followed by its value in the same segment ("Total $110.00"). */
function matchTypedPrefix(m: Matching, line: LayoutLine, seg: LayoutSegment): void {
  const text = seg.text;
  const lower = text.toLowerCase();
  for (const l of PREFIX_LABELS) {
    if (!lower.startsWith(l + ' ')) continue;
    const field = BY_LABEL.get(l);
    if (!field || field.value_type === 'string') continue;
    const rest = trimRange(text, l.length, text.length);
    const typed = typedValue(field.value_type, text.slice(rest.start, rest.end), m.opts);
    if (typed && typed.fit === 1) {
      m.used.add(seg);
      const labelRange = { start: 0, end: l.length };
      m.pairs.push({ label: text.slice(0, l.length), field, segment: seg, line, value: rest, labelRange, labelSegment: seg, confidence: 0.8 });
    }
    break;
  }
}

/**
 * 4. Known labels inside running text (a footer, a sentence): each gives a pair when its value
 * reads as the field's type, or passes its check (IBAN, VAT id, identifier).
 */
function matchEmbedded(m: Matching, line: LayoutLine, seg: LayoutSegment): void {
  const isLabel = (printed: string): boolean => BY_LABEL.has(normalizeLabel(printed));
  for (const e of findEmbeddedLabels(seg.text, isLabel)) {
    const field = BY_LABEL.get(normalizeLabel(e.label));
    if (!field || (field.value_type === 'string' && !VALIDATED.has(field.key))) continue;
    const vText = seg.text.slice(e.valueStart, e.valueEnd);
    const o = pairOptions(e.label, m.opts, null);
    const t = VALIDATED.has(field.key) ? specialValue(field, vText, o.countries ?? []) : typedValue(field.value_type, vText, o);
    if (!t || t.fit < 1) continue;
    m.used.add(seg);
    const value = { start: e.valueStart, end: e.valueEnd };
    m.pairs.push({
      label: e.label,
      field,
      segment: seg,
      line,
      value,
      labelRange: { start: e.labelStart, end: e.labelEnd },
      labelSegment: seg,
      confidence: 0.7,
    });
  }
}

function pairToItem(p: Pair, doc: LayoutDocument, opts: LabelValueOptions): ExtractedItem {
  const source = p.line.text_source ?? doc.text_source;
  const method: ConfidenceMethod = source === 'ocr' ? 'ocr_label_proximity_rule' : 'label_proximity_rule';
  const genericKey = `label.${slugify(p.label)}`;
  if (p.value === null) {
    const ocr = source === 'ocr' ? p.labelSegment.ocr(p.labelRange.start, p.labelRange.end) : null;
    return makeItem({
      key: p.field?.key ?? genericKey,
      label: p.field?.label ?? p.label,
      value_type: p.field?.value_type ?? 'string',
      value_state: 'blank',
      value: null,
      raw_text: null,
      quote: p.labelSegment.raw(p.labelRange.start, p.labelRange.end),
      text_source: source,
      anchors: p.labelSegment.anchors(p.labelRange.start, p.labelRange.end),
      confidence: makeConfidence(method, p.confidence, ocr),
    });
  }
  const vText = p.segment.text.slice(p.value.start, p.value.end);
  let key = genericKey;
  let label = p.label;
  let valueType: ValueType = 'string';
  let typed: Typed | null = { value: vText.trim(), start: 0, end: vText.length, fit: 1 };
  let conf = p.confidence;
  if (p.field) {
    const t = VALIDATED.has(p.field.key) ? specialValue(p.field, vText, opts.countries ?? []) : typedValue(p.field.value_type, vText, opts);
    if (t) {
      key = p.field.key;
      label = p.field.label;
      valueType = p.field.value_type;
      typed = t;
      conf *= t.fit;
    } else {
      // The label is known but the value is not of its type: keep it as a generic string.
      conf = Math.min(conf, 0.6);
    }
  }
  const s = p.value.start + typed.start;
  const e = p.value.start + typed.end;
  const ocr = source === 'ocr' ? p.segment.ocr(s, e) : null;
  const raw = p.segment.raw(s, e);
  return makeItem({
    key,
    label,
    value_type: valueType,
    value: typed.value,
    raw_text: raw,
    quote: raw,
    text_source: source,
    anchors: p.segment.anchors(s, e),
    confidence: makeConfidence(method, conf, ocr),
  });
}
