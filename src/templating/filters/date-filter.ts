/**
 * `date(format='%Y-%m-%d', locale=…)`: formats an ISO date/date-time string, either with a
 * named format — `long` ("1 December 2026"), `short`, `medium`, `full` in the locale, `iso`
 * (2026-12-01) — or with strftime codes (English names). The locale is the argument, else the
 * document's (its render language), else en-GB. Always UTC, never the host's time zone or
 * locale, so the same data renders the same bytes on every machine.
 */
import { boundedMemo } from '../../kernel/bounded-memo.js';
import { isNoneValue, isUndefinedValue, kindOf, makeString, stringOf, type RuntimeValue } from '../jinja-runtime.js';
import { argumentOf, stringArgument, type FilterCall } from './filter-call.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysInMonth = (year: number, month: number): number => (month === 2 && isLeap(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0));

function offsetMinutes(zone: string | undefined): number {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
}

/**
 * Parses `YYYY-MM-DD`, optionally with `THH:MM[:SS[.fff]]` and `Z`/`±HH:MM`; no zone means UTC.
 * @throws {Error} when the text is not a valid ISO date
 */
export function parseIsoDate(text: string): Date {
  const match = ISO_DATE.exec(text.trim());
  if (match === null) throw new Error(`date: "${text}" is not an ISO date (YYYY-MM-DD)`);
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '0', zone] = match;
  const parts = [year, month, day, hour, minute, second].map(Number);
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = parts;
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) {
    throw new Error(`date: "${text}" is not a valid date`);
  }
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 1900-1999.
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, Number(`0.${fraction}`) * 1000);
  return new Date(date.getTime() - offsetMinutes(zone) * 60_000);
}

const pad = (value: number, width = 2, fill = '0'): string => String(value).padStart(width, fill);

function dayOfYear(date: Date): number {
  return Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

/** Formats a UTC instant with strftime codes; `%-d` style drops padding; unknown codes stay as written. */
export function strftime(date: Date, format: string): string {
  const hours12 = date.getUTCHours() % 12 === 0 ? 12 : date.getUTCHours() % 12;
  const month = MONTHS[date.getUTCMonth()] ?? '';
  const weekday = WEEKDAYS[date.getUTCDay()] ?? '';
  const codes: Record<string, () => string> = {
    Y: () => pad(date.getUTCFullYear(), 4),
    y: () => pad(date.getUTCFullYear() % 100),
    m: () => pad(date.getUTCMonth() + 1),
    d: () => pad(date.getUTCDate()),
    e: () => pad(date.getUTCDate(), 2, ' '),
    H: () => pad(date.getUTCHours()),
    I: () => pad(hours12),
    M: () => pad(date.getUTCMinutes()),
    S: () => pad(date.getUTCSeconds()),
    f: () => pad(date.getUTCMilliseconds() * 1000, 6),
    p: () => (date.getUTCHours() < 12 ? 'AM' : 'PM'),
    B: () => month,
    b: () => month.slice(0, 3),
    h: () => month.slice(0, 3),
    A: () => weekday,
    a: () => weekday.slice(0, 3),
    j: () => pad(dayOfYear(date), 3),
    u: () => String(date.getUTCDay() === 0 ? 7 : date.getUTCDay()),
    w: () => String(date.getUTCDay()),
    Z: () => 'UTC',
    z: () => '+0000',
    F: () => `${codes.Y?.()}-${codes.m?.()}-${codes.d?.()}`,
    T: () => `${codes.H?.()}:${codes.M?.()}:${codes.S?.()}`,
    c: () => `${weekday.slice(0, 3)} ${month.slice(0, 3)} ${pad(date.getUTCDate(), 2, ' ')} ${codes.T?.()} ${date.getUTCFullYear()}`,
    '%': () => '%',
  };
  return format.replace(/%(-?)([A-Za-z%])/g, (whole: string, noPad: string, code: string) => {
    const render = codes[code];
    if (render === undefined) return whole;
    const text = render();
    return noPad === '-' && /^[0-9 ]+$/.test(text) ? String(Number(text)) : text;
  });
}

const DEFAULT_LOCALE = 'en-GB';
type DateStyle = 'full' | 'long' | 'medium' | 'short';
const NAMED_FORMATS: Readonly<Record<string, DateStyle | 'iso'>> = { full: 'full', long: 'long', medium: 'medium', short: 'short', iso: 'iso' };
/**
 * Formatters kept per thread. Locales come from tenants' templates and Intl accepts any
 * well-formed tag (`en-x-a1`, `en-x-a2`, …), so they are unbounded: the least recently used goes
 * first beyond this many (a template uses one or two).
 */
export const MAX_DATE_FORMATTERS = 256;
const formatters = boundedMemo((key: string): Intl.DateTimeFormat => {
  const [locale, style] = key.split('|') as [string, DateStyle];
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' });
  } catch {
    throw new Error(`date: unsupported locale "${locale}"`);
  }
}, MAX_DATE_FORMATTERS);

/** Formatters are cached per (locale, style); a tag Intl does not accept is an error of the template. */
function formatterFor(locale: string, style: DateStyle): Intl.DateTimeFormat {
  if (!/^[A-Za-z0-9-]{1,35}$/.test(locale)) throw new Error(`date: unsupported locale "${locale}"`);
  return formatters(`${locale}|${style}`);
}

/** How many date formatters this thread keeps (tests). */
export function dateFormatterCount(): number {
  return formatters.size();
}

/**
 * The `date` filter. none/undefined/'' render as '' (a missing date is not an error).
 * @throws {Error} for non-text operands or text that is not an ISO date
 */
export function dateFilter(call: FilterCall): RuntimeValue {
  const { operand } = call;
  if (isNoneValue(operand) || isUndefinedValue(operand)) return makeString('');
  const text = stringOf(operand);
  if (text === undefined) throw new Error(`date: expected an ISO date string, got ${kindOf(operand)}`);
  if (text.trim() === '') return makeString('');
  const format = stringArgument(argumentOf(call, 0, 'format'), '%Y-%m-%d', 'date format');
  if (format.length > 500) throw new Error('date: format too long');
  const date = parseIsoDate(text);
  const named = NAMED_FORMATS[format];
  if (named === undefined) return makeString(strftime(date, format));
  if (named === 'iso') return makeString(strftime(date, '%Y-%m-%d'));
  const locale = stringArgument(argumentOf(call, 1, 'locale'), call.locale ?? DEFAULT_LOCALE, 'date locale');
  return makeString(formatterFor(locale, named).format(date));
}
