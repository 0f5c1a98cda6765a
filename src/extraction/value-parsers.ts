/**
 * Deterministic parsers from printed text to typed values: money, dates, numbers, percent,
 * e-mail, phone, IBAN and VAT-like ids. Each returns null when the text is not that type.
 */
import type { Chrono } from 'chrono-node';
import { chrono } from '../kernel/chrono.js';
import { isValidIBAN } from 'ibantools';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { CURRENCY_CODES, CURRENCY_SYMBOLS } from './locales/currencies.js';
import type { Money } from './types.js';

const SYMBOLS = CURRENCY_SYMBOLS;
const CODES = CURRENCY_CODES;

/** Regex source of an amount: 1,234.56 / 1.234,56 / 1 234,56 / 1234 / -12.5 / (12.50). */
// Repetition is bounded (up to 10^21 grouped, 15 plain digits) so a long run of digits costs
// linear time instead of a scan to the end of the line from every position.
const AMOUNT = String.raw`\(?-?\d{1,3}(?:[,.\u00a0\u202f' ]\d{3}){1,6}(?:[.,]\d{1,2})?\)?|\(?-?\d{1,15}(?:[.,]\d{1,2})?\)?`;
/** Symbols, longest first; one made of letters ("Rs", "zł", "kr") stands as a word of its own. */
const SYMBOL_RE = Object.keys(SYMBOLS)
  .sort((a, b) => b.length - a.length)
  .map((k) => (/\p{L}/u.test(k) ? `(?<!\\p{L})${k.replace(/[.$]/g, '\\$&')}(?!\\p{L})` : k.replace(/[.$]/g, '\\$&')))
  .join('|');
const CODE_RE = CODES.join('|');

/**
 * Money found inside a longer text, with its UTF-16 position. A trailing-currency amount never
 * starts inside a number (the lookbehind), which keeps a long digit run from being rescanned
 * from each of its digits.
 */
export const MONEY_PATTERN = new RegExp(
  String.raw`(?:(?<pre>${SYMBOL_RE}|\b(?:${CODE_RE})\b)\s?(?<a1>${AMOUNT}))|(?:(?<![\d.,])(?<a2>${AMOUNT})\s?(?<post>${SYMBOL_RE}|\b(?:${CODE_RE})\b))`,
  'gu',
);

/**
 * Parses an amount string with either decimal convention. The last `.` or `,` followed by
 * exactly 1–2 digits is the decimal separator; other separators group thousands.
 */
export function parseAmount(text: string): number | null {
  let s = text.trim().replace(/[\u00a0\u202f' ]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  }
  if (!/^\d[\d.,]*$/.test(s)) return null;
  const m = /[.,](\d{1,2})$/.exec(s);
  let intPart = s;
  let frac = '';
  if (m) {
    intPart = s.slice(0, m.index);
    frac = m[1];
  }
  if (/[.,]/.test(intPart)) {
    // Grouping separators must split groups of exactly three digits.
    if (!/^\d{1,3}(?:[.,]\d{3})+$/.test(intPart)) return null;
    intPart = intPart.replace(/[.,]/g, '');
  }
  const n = Number(frac ? `${intPart}.${frac}` : intPart);
  if (!Number.isFinite(n)) return null;
  return negative ? -n : n;
}

/** Parses money ("$110.00", "110.00 USD", "EUR 1.234,56", "1 234,56 €"). A bare number gets currency null. */
export function parseMoney(text: string, defaultCurrency: string | null = null): Money | null {
  const t = text.trim();
  MONEY_PATTERN.lastIndex = 0;
  const m = new RegExp(`^(?:${MONEY_PATTERN.source})$`, 'u').exec(t);
  if (m?.groups) {
    const sym = m.groups.pre ?? m.groups.post ?? '';
    const amount = parseAmount(m.groups.a1 ?? m.groups.a2 ?? '');
    if (amount === null) return null;
    return { amount, currency: SYMBOLS[sym] ?? (CODES.includes(sym) ? sym : defaultCurrency) };
  }
  const bare = parseAmount(t);
  return bare === null ? null : { amount: bare, currency: defaultCurrency };
}

/** Stable text form of money: "110.00 USD" (two decimals; JPY none). */
export function formatMoney(m: Money): string {
  const digits = m.currency === 'JPY' ? 0 : 2;
  return m.currency ? `${m.amount.toFixed(digits)} ${m.currency}` : m.amount.toFixed(digits);
}

/** Parses a plain number (either decimal convention, optional %); null otherwise. */
export function parseNumber(text: string): number | null {
  const t = text.trim();
  if (!/^[-(]?\d[\d.,\u00a0\u202f' ]*\)?$/.test(t)) return null;
  return parseAmount(t);
}

/** Parses "12.5%" / "12,5 %" to 12.5 (percent points). */
export function parsePercent(text: string): number | null {
  const m = /^\s*(-?\d+(?:[.,]\d+)?)\s?%\s*$/.exec(text);
  return m ? Number(m[1].replace(',', '.')) : null;
}

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

function validYmd(y: number, mo: number, d: number): string | null {
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return null;
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
}

/** Date order used for ambiguous numeric dates like 01/05/2026. */
export type DateOrder = 'mdy' | 'dmy';

/** Strict parsers (nothing implied), month-first and day-first, made on first use. */
let strictParsers: { mdy: Chrono; dmy: Chrono } | undefined;
function strictParser(order: DateOrder): Chrono {
  const c = chrono();
  strictParsers ??= { mdy: c.strict, dmy: new c.Chrono(c.en.configuration.createConfiguration(true, true)) };
  return strictParsers[order];
}

/** Fixed reference date, so parsing never depends on the clock (determinism, §8). */
const REFERENCE = new Date(Date.UTC(2000, 0, 1));

/** A date found in text. */
export interface DateMatch {
  index: number;
  text: string;
  value: string;
}

/**
 * Finds dates with year, month and day all printed (chrono strict mode; nothing implied from
 * today). ISO dates are always accepted. Returns them in text order.
 */
export function findDates(text: string, order: DateOrder = 'mdy'): DateMatch[] {
  const parser = strictParser(order);
  const out: DateMatch[] = [];
  for (const r of parser.parse(text, REFERENCE)) {
    // A relative time ("in 2 weeks", "within two weeks") comes back with year, month and day
    // "certain", counted from the reference date: nothing of it is printed, so it is no date.
    if (r.tags().has('result/relativeDate')) continue;
    const s = r.start;
    if (!s.isCertain('year') || !s.isCertain('month') || !s.isCertain('day')) continue;
    const y = s.get('year');
    const mo = s.get('month');
    const d = s.get('day');
    if (y === null || mo === null || d === null) continue;
    const v = validYmd(y, mo, d);
    if (v) out.push({ index: r.index, text: r.text, value: v });
  }
  return out;
}

/** Parses a whole string as a date → 'YYYY-MM-DD', or null. */
export function parseDate(text: string, order: DateOrder = 'mdy'): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (iso) return validYmd(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const found = findDates(t, order);
  // The date must cover (almost) the whole text: "5 Jan 2026" yes, "due in 5 Jan 2026 or later" no.
  const first = found[0];
  if (!first || first.text.length < t.replace(/[.,;:]+$/, '').length - 1) return null;
  return first.value;
}

/**
 * E-mail pattern (pragmatic, ASCII, RFC 5321 length limits). The local part starts where a run
 * of its characters starts: without the lookbehind a long word with no `@` was rescanned from
 * every letter, quadratic in the line length (20 s for a 200 KB line).
 */
export const EMAIL_PATTERN = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*\.[A-Za-z]{2,63}/g;

/** Parses a whole string as an e-mail address (lower-cased domain). */
export function parseEmail(text: string): string | null {
  const t = text.trim();
  if (!new RegExp(`^${EMAIL_PATTERN.source}$`).test(t)) return null;
  const at = t.lastIndexOf('@');
  return t.slice(0, at) + '@' + t.slice(at + 1).toLowerCase();
}

/**
 * Phone-like text: optional +CC, groups separated by space, dot, dash, parentheses. A group may
 * hold up to 10 digits ("+49 30 1234567") and the match never ends or starts inside a run of
 * digits, so a number is taken whole or not at all; normalizePhone checks the digit count.
 */
export const PHONE_PATTERN = /(?<![\d+])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]\d{2,10}){1,4}(?!\d)/g;

/**
 * A phone number in E.164 form ("+493012345678") when libphonenumber finds it possible for its
 * country (as printed with `+`, or `country` for a national number). A national number with no
 * country known stays digits only ("0301234567"), as before. Null when it is not 7–15 digits.
 */
export function normalizePhone(text: string, country?: string): string | null {
  const t = text.trim();
  if (!/^[+\d(][\d\s().\-/]*\d$/.test(t)) return null;
  const digits = t.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  if (!t.startsWith('+') && !country) return digits;
  const p = parsePhoneNumberFromString(t, country as CountryCode | undefined);
  return p && (p.isValid() || p.isPossible()) ? p.number : null;
}

/** IBAN-like text (grouped by 4 or not). */
export const IBAN_PATTERN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g;

/** A valid IBAN (country length and BBAN format, mod-97 check digits; ibantools) without spaces, or null. */
export function parseIban(text: string): string | null {
  const s = text.replace(/\s+/g, '').toUpperCase();
  return isValidIBAN(s) ? s : null;
}

/** EU-style VAT ids by country prefix (common formats); vat-ids.ts checks their check digits. */
export const VAT_PATTERN =
  /\b(?:ATU\d{8}|BE ?[01]\d{3}\.?\d{3}\.?\d{3}|DE ?\d{9}|DK ?\d{8}|ES ?[A-Z0-9]\d{7}[A-Z0-9]|FI ?\d{8}|FR ?[A-HJ-NP-Z0-9]{2} ?\d{9}|GB ?\d{9}(?:\d{3})?|IE ?\d[A-Z0-9+*]\d{5}[A-Z]{1,2}|IT ?\d{11}|LU ?\d{8}|NL ?\d{9}B\d{2}|PL ?\d{10}|PT ?\d{9}|SE ?\d{12}|CHE-?\d{3}\.?\d{3}\.?\d{3}(?: ?(?:MWST|TVA|IVA))?)\b/g;
