/**
 * Where a model's value is printed when the model did not copy it verbatim. The prompt asks for
 * dates as YYYY-MM-DD and numbers without thousands separators, so "2023-05-24" stands for
 * "24 mei 2023" and "1271.60" for "1,271.60 INR": the value is anchored to the printed form that
 * reads as the same value (the first one), and an amount the model gave without a currency takes
 * the currency printed right beside it. Found by the model-assisted evaluation (issue 32).
 */
import { findLocaleDates } from './locale-dates.js';
import type { JsonValue, ValueType } from './types.js';
import { parseMoney, parseNumber } from './value-parsers.js';

export interface Span {
  start: number;
  end: number;
}

/** A printed amount: digits with group and decimal marks, optionally a currency code or symbol right before or after. */
const CURRENCY = String.raw`(?:[A-Z]{3}|[€$£¥₹]|zł|kr|Rs\.?)`;
const AMOUNT = new RegExp(String.raw`(?:${CURRENCY}\s?)?-?\d(?:[\d.,'\u00a0\u202f ]*\d)?(?:\s?${CURRENCY}(?![\p{L}]))?`, 'gu');

const amountOf = (v: JsonValue): number | null =>
  typeof v === 'number' ? v : v !== null && typeof v === 'object' && !Array.isArray(v) && typeof v.amount === 'number' ? v.amount : null;

/** The first printed form of a typed date or amount in `text`, or null. */
export function findTypedQuote(text: string, valueType: ValueType, value: JsonValue): Span | null {
  if (valueType === 'date' && typeof value === 'string') {
    const hit = findLocaleDates(text).find((d) => d.value === value);
    return hit ? { start: hit.index, end: hit.index + hit.text.length } : null;
  }
  const amount = amountOf(value);
  if (amount === null || !['money', 'number', 'integer'].includes(valueType)) return null;
  for (const m of text.matchAll(AMOUNT)) {
    const printed = m[0].trim();
    const read = valueType === 'money' ? parseMoney(printed)?.amount : parseNumber(printed);
    if (read !== undefined && read !== null && Math.abs(read - amount) < 0.005) return { start: m.index, end: m.index + m[0].trimEnd().length };
  }
  return null;
}

/** A money value without a currency, and the span of its amount: the currency printed right beside it (span widened to it), if any. */
export function withPrintedCurrency(text: string, span: Span, value: JsonValue): { span: Span; value: JsonValue } {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value.currency !== null) return { span, value };
  const before = new RegExp(String.raw`${CURRENCY}\s?$`, 'u').exec(text.slice(Math.max(0, span.start - 5), span.start));
  const after = new RegExp(String.raw`^\s?${CURRENCY}(?![\p{L}])`, 'u').exec(text.slice(span.end, span.end + 5));
  const wide = { start: span.start - (before ? before[0].length : 0), end: span.end + (after ? after[0].length : 0) };
  const money = parseMoney(text.slice(wide.start, wide.end));
  if (!money?.currency || Math.abs(money.amount - Number(value.amount)) >= 0.005) return { span, value };
  return { span: wide, value: { ...value, currency: money.currency } };
}
