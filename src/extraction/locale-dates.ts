/**
 * Dates as European documents print them, read with the month names of locales/: numeric
 * (12.03.2024, 03/08/2014, 03-08-2014, 2014-08-03) and written out (3 août 2014, 12. März 2024,
 * 3 de agosto de 2014, 1er mars 2024, March 12, 2024). A dotted numeric date is always day
 * first; with `/` or `-` the caller's order decides (the document's language gives it).
 */
import { MONTHS } from './locales/index.js';
import type { DateOrder } from './value-parsers.js';

/** A date found in text. */
export interface LocaleDateMatch {
  index: number;
  text: string;
  value: string;
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

function ymd(y: number, mo: number, d: number): string | null {
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || y > 2199 || dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return null;
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
}

const MONTH_WORD = String.raw`\p{L}{3,12}\.?`;
/** Numeric: d.m.y / d/m/y / d-m-y (or m/d/y), and y-m-d. The lookarounds keep a date whole. */
const NUMERIC = /(?<![\d.])(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?!\d|\.\d|\p{L})|(?<![\d.])(\d{4})-(\d{2})-(\d{2})(?!\d)/gu;
/** Day before month: "3 août 2014", "12. März 2024", "3 de agosto de 2014", "1er mars 2024". */
const DAY_MONTH = new RegExp(String.raw`(?<![\p{L}\d])(\d{1,2})(?:\.|er|º|°)?\s+(?:de\s+)?(${MONTH_WORD})\s+(?:de\s+)?(\d{4})(?!\d)`, 'giu');
/** Month before day: "March 12, 2024", "Aug 3 2014". */
const MONTH_DAY = new RegExp(String.raw`(?<![\p{L}\d])(${MONTH_WORD})\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)`, 'giu');

const monthOf = (word: string): number | undefined => MONTHS.get(word.toLowerCase().replace(/\.$/, ''));

function numericValue(m: RegExpMatchArray, order: DateOrder): string | null {
  if (m[5]) return ymd(Number(m[5]), Number(m[6]), Number(m[7]));
  const [a, sep, b, y] = [Number(m[1]), m[2], Number(m[3]), Number(m[4])];
  return sep === '.' || order === 'dmy' ? ymd(y, b, a) : ymd(y, a, b);
}

/** Every date in `text`, in text order, without overlaps. */
export function findLocaleDates(text: string, order: DateOrder = 'dmy'): LocaleDateMatch[] {
  const found: LocaleDateMatch[] = [];
  const add = (index: number, t: string, value: string | null): void => {
    if (value && found.every((f) => index >= f.index + f.text.length || index + t.length <= f.index)) found.push({ index, text: t, value });
  };
  if (/\d/.test(text)) {
    for (const m of text.matchAll(NUMERIC)) add(m.index ?? 0, m[0], numericValue(m, order));
    for (const m of text.matchAll(DAY_MONTH)) {
      const mo = monthOf(m[2]);
      add(m.index ?? 0, m[0], mo ? ymd(Number(m[3]), mo, Number(m[1])) : null);
    }
    for (const m of text.matchAll(MONTH_DAY)) {
      const mo = monthOf(m[1]);
      add(m.index ?? 0, m[0], mo ? ymd(Number(m[3]), mo, Number(m[2])) : null);
    }
  }
  return found.sort((x, y) => x.index - y.index);
}

/** The whole text as one date ('YYYY-MM-DD'), or null. */
export function parseLocaleDate(text: string, order: DateOrder = 'dmy'): string | null {
  const t = text.trim().replace(/[.,;:]+$/, '');
  const f = findLocaleDates(t, order);
  return f.length === 1 && f[0].index === 0 && f[0].text.length >= t.length - 1 ? f[0].value : null;
}
