/**
 * Text normalization and checkable-item extraction (numbers, dates) used by the citation checker.
 * Pure and deterministic: chrono-node always gets a fixed reference instant.
 */
import { chrono } from '../../kernel/chrono.js';

/** Fixed reference instant for chrono-node so parsing never depends on the clock. */
const CHRONO_REFERENCE = { instant: new Date(Date.UTC(2000, 0, 1, 12)), timezone: 0 };

/** Lowercase, unify quotes/dashes/spaces, strip Markdown emphasis and collapse whitespace. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[“”„«»″]/g, '"')
    .replace(/[‘’‚′`]/g, "'")
    .replace(/[‐‑‒–—−]/g, '-')
    .replace(/[*_~]+/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .trim();
}

/** A number found in text: the raw text, the values it may stand for, and whether it is a percentage. */
export interface NumberMention {
  /** The text as written, e.g. "1,200" or "12%". */
  text: string;
  /** Candidate numeric values (more than one when separators are ambiguous or a scale word is present). */
  values: number[];
  /** True for "12%", "12 percent", "12 per cent". */
  percent: boolean;
  /** Offset of the mention in the scanned text. */
  index: number;
}

const NUMBER =
  /(?<![\p{L}\p{N}_])(\d{1,3}(?:[,'\u00a0\u202f]\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:[.,]\d+)?)(?:\s?(%|percent\b|per cent\b|k\b|m\b|mn\b|bn\b|thousand\b|million\b|billion\b|trillion\b|st\b|nd\b|rd\b|th\b))?/giu;

const SCALE: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  million: 1e6,
  bn: 1e9,
  billion: 1e9,
  trillion: 1e12,
};

/** Candidate values of a numeric literal, honouring English and European separators. */
function literalValues(literal: string): number[] {
  const values = new Set<number>();
  if (/^\d{1,3}(?:[,'\u00a0\u202f]\d{3})+(?:\.\d+)?$/.test(literal)) {
    values.add(Number(literal.replace(/[,'\u00a0\u202f]/g, '')));
  }
  if (/^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(literal)) {
    values.add(Number(literal.replace(/\./g, '').replace(',', '.')));
  }
  if (/^\d+(?:\.\d+)?$/.test(literal)) values.add(Number(literal));
  if (/^\d+,\d+$/.test(literal)) values.add(Number(literal.replace(',', '.')));
  return [...values].filter((v) => Number.isFinite(v));
}

/** Cardinals written in words: a writer's "seven years" is the number 7 as much as "7 years" is. */
const UNITS_IN_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS_IN_WORDS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

/**
 * "twenty-four", "seven", "ninety"; and "one" only before a unit ("one year"), since "one of the
 * risks" counts nothing. Ordinals ("second data centre") are not counts and are left alone.
 */
const NUMBER_WORD = new RegExp(
  `(?<![\\p{L}\\p{N}-])(?:(${Object.keys(TENS_IN_WORDS).join('|')})(?:[-\\s](one|${Object.keys(UNITS_IN_WORDS).slice(0, 8).join('|')}))?|(${Object.keys(UNITS_IN_WORDS).join('|')})|(one)(?=\\s+(?:day|week|month|year|hour|minute|quarter)s?\\b))(?![\\p{L}\\p{N}-])`,
  'giu',
);

/** The numbers a text writes in words, as mentions (never a percentage). */
function numbersInWords(text: string): NumberMention[] {
  const out: NumberMention[] = [];
  for (const m of text.matchAll(NUMBER_WORD)) {
    const [tens, unit, alone, one] = [m[1], m[2], m[3], m[4]].map((w) => w?.toLowerCase());
    let value = 1;
    if (tens !== undefined) value = TENS_IN_WORDS[tens] + (unit === undefined ? 0 : unit === 'one' ? 1 : UNITS_IN_WORDS[unit]);
    else if (alone !== undefined) value = UNITS_IN_WORDS[alone];
    else if (one === undefined) continue;
    out.push({ text: m[0], values: [value], percent: false, index: m.index ?? 0 });
  }
  return out;
}

/** Every number mentioned in `text`, with thousands separators, percentages and scale words resolved. */
export function findNumbers(text: string): NumberMention[] {
  const out: NumberMention[] = numbersInWords(text);
  for (const m of text.matchAll(NUMBER)) {
    const suffix = (m[2] ?? '').toLowerCase();
    const base = literalValues(m[1]);
    const scale = SCALE[suffix];
    const values = scale === undefined ? base : [...base, ...base.map((v) => Math.round(v * scale * 1e6) / 1e6)];
    const percent = suffix === '%' || suffix.startsWith('per');
    const raw = /^(st|nd|rd|th)$/.test(suffix) ? m[1] : m[0];
    out.push({ text: raw.trim(), values, percent, index: m.index ?? 0 });
  }
  return out;
}

/**
 * The numbers of a text that are not the day or month of one of its dates: "12 March 2025" on a
 * form states a date, not a count of 12, and must not back "within 12 hours" (issue 31, item 4).
 * A date's year stays a number ("since 2019" is often read as a number, not a date).
 */
export function numbersOutsideDates(text: string, dates: readonly DateMention[] = findDates(text)): NumberMention[] {
  const years = dates.flatMap((d) => findNumbers(d.text).filter((n) => n.values.some((v) => v >= 1000)));
  const blanked = blankSpans(
    text,
    dates.map((d) => ({ index: d.index, length: d.text.length })),
  );
  return [...findNumbers(blanked), ...years];
}

/** A calendar date found in text, normalized to `YYYY-MM-DD`, `YYYY-MM` or `--MM-DD` (no year). */
export interface DateMention {
  /** The text as written. */
  text: string;
  /** Normalized key; only the components written in the text are kept. */
  key: string;
  /** Offset of the mention in the scanned text. */
  index: number;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * A duration or an offset ("within 30 days", "12 months before", "for 24 months"): chrono reads
 * it as a date counted from its reference instant, which no source states — its number is
 * checked as a number instead (issue 31, row 7: correct sentences flagged for "dates").
 */
const DURATION = /\d+(?:[.,]\d+)?\s*-?\s*(?:days?|weeks?|months?|years?|hours?|minutes?)\b/i;

/** Explicit calendar dates in `text` (relative expressions such as "tomorrow" or "within 30 days" are ignored). */
export function findDates(text: string): DateMention[] {
  const out: DateMention[] = [];
  for (const r of chrono().parse(text, CHRONO_REFERENCE)) {
    const s = r.start;
    if (!s.isCertain('month') || DURATION.test(r.text)) continue;
    const year = s.get('year');
    const month = s.get('month');
    const day = s.get('day');
    if (month === null) continue;
    const hasYear = s.isCertain('year') && year !== null;
    const hasDay = s.isCertain('day') && day !== null;
    let key: string;
    if (hasYear && hasDay) key = `${year}-${pad(month)}-${pad(day)}`;
    else if (hasYear) key = `${year}-${pad(month)}`;
    else if (hasDay) key = `--${pad(month)}-${pad(day)}`;
    else continue;
    const text0 = r.text.replace(/^(on|at|by|from|until|in)\s+/i, '');
    out.push({ text: text0, key, index: r.index + (r.text.length - text0.length) });
  }
  return out;
}

/** True when the claimed date key is matched by one of the source date keys. */
export function dateSupported(claim: string, sourceKeys: ReadonlySet<string>): boolean {
  if (sourceKeys.has(claim)) return true;
  for (const k of sourceKeys) {
    if (claim.length === 7 && k.startsWith(`${claim}-`)) return true; // "March 2026" vs "15 March 2026"
    if (claim.startsWith('--') && k.endsWith(claim.slice(1)) && k.length === 10) return true; // "5 Jan" vs full date
  }
  return false;
}

/** Replace the given spans of `text` with spaces (keeps offsets stable). */
export function blankSpans(text: string, spans: Array<{ index: number; length: number }>): string {
  let out = text;
  for (const { index, length } of spans) {
    out = out.slice(0, index) + ' '.repeat(length) + out.slice(index + length);
  }
  return out;
}
