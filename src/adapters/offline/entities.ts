/**
 * Entity extraction for the offline adapters: people, organizations and places via compromise,
 * dates via chrono-node (fixed reference, never the clock), money and e-mail addresses via regexes.
 */
import { createRequire } from 'node:module';
import type nlpType from 'compromise';

// compromise (about 40 MB of lexicon) is loaded on the first extraction, not at start: most
// processes never orchestrate. `require` keeps findNamedEntities synchronous.
const require = createRequire(import.meta.url);
let loaded: typeof nlpType | undefined;
function nlp(text: string) {
  loaded ??= require('compromise') as typeof nlpType;
  return loaded(text);
}
import { chrono } from '../../kernel/chrono.js';

/** A money amount found in text. */
export interface MoneyMention {
  /** The text as written, e.g. "EUR 25,000". */
  text: string;
  /** The numeric amount, e.g. 25000. */
  amount: number;
  /** ISO 4217 code, e.g. "EUR". */
  currency: string;
}

/** A date found in text, with its position. */
export interface DateHit {
  /** The text as written (leading "on"/"by" removed). */
  text: string;
  /** `YYYY-MM-DD` when resolvable, else the text as written. */
  value: string;
  /** Offset in the text. */
  index: number;
}

const LEGAL_FORM =
  /(?:\b(?:[A-Z][\p{L}&'.-]*|&|of|and|und)[ \t]+){0,4}(?:GmbH(?:[ \t]?&[ \t]?Co\.?[ \t]?KG)?|AG|SE|KG|KGaA|UG|Inc\.?|Ltd\.?|LLC|LLP|L\.P\.|plc|PLC|S\.A\.|SA|SAS|SARL|S\.r\.l\.|SpA|B\.V\.|BV|N\.V\.|NV|Oy|AB|ASA|Pty\.?[ \t]Ltd\.?|Corp\.?|Corporation|Limited|Holdings?|Group)(?![\p{L}])/gu;

const LEADING_NOISE =
  /^(?:(?:the|a|an|our|your|their|my|we|i|and|of|und|dear|hello|hi|client|customer|vendor|supplier|company|from|to|by|with|at|for|on)\s+)+/i;

/** Trim punctuation and possessives from an entity string. */
export function cleanEntity(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .replace(/^[\s"'“‘(,;:-]+|(?<![\s"'”’),;:.!?-])[\s"'”’),;:.!?-]+$/gu, '')
    .replace(/['’]s$/u, '')
    .trim();
}

/** Drop leading and trailing words that are not capitalized ("Munich site" → "Munich"). */
function capitalizedCore(s: string): string {
  const words = cleanEntity(s).split(' ');
  while (words.length > 0 && !/^[\p{Lu}\p{N}]/u.test(words[0])) words.shift();
  while (words.length > 0 && !/^[\p{Lu}\p{N}]/u.test(words[words.length - 1])) words.pop();
  return cleanEntity(words.join(' '));
}

/** Unique strings (case-insensitive), in order of first appearance, dropping ones contained in a longer one. */
function uniqueLongest(items: string[]): string[] {
  const seen: string[] = [];
  for (const item of items) {
    if (item === '' || seen.some((s) => s.toLowerCase() === item.toLowerCase())) continue;
    seen.push(item);
  }
  return seen.filter((s) => !seen.some((o) => o !== s && o.length > s.length && o.toLowerCase().includes(s.toLowerCase())));
}

/** People, organizations and places. */
export function findNamedEntities(text: string): { people: string[]; organizations: string[]; places: string[] } {
  const doc = nlp(text);
  const nlpPeople = uniqueLongest(doc.people().out('array').map(capitalizedCore));
  const personWords = new Set(nlpPeople.flatMap((p) => p.toLowerCase().split(' ')));
  const legal = [...text.matchAll(LEGAL_FORM)].map((m) => {
    const words = cleanEntity(m[0].replace(LEADING_NOISE, '')).split(' ');
    // "Smith of Deutsche Bank AG" → "Deutsche Bank AG": drop a leading person name and its connector.
    const cut = words.findIndex((w) => /^(of|at|from|von|bei)$/i.test(w));
    const personPrefix = cut > 0 && words.slice(0, cut).every((w) => personWords.has(w.toLowerCase()));
    return (personPrefix ? words.slice(cut + 1) : words).join(' ');
  });
  const organizations = uniqueLongest([...legal, ...doc.organizations().out('array').map(capitalizedCore)]).filter((o) => /\p{Lu}/u.test(o));
  const orgLower = organizations.map((o) => o.toLowerCase());
  const inOrg = (s: string): boolean => orgLower.some((o) => o.includes(s.toLowerCase()));
  const people = nlpPeople.filter((p) => /\p{Lu}/u.test(p) && !inOrg(p));
  const places = uniqueLongest(doc.places().out('array').map(capitalizedCore)).filter((p) => /\p{Lu}/u.test(p) && !inOrg(p) && !people.includes(p));
  return { people, organizations, places };
}

const pad = (n: number): string => String(n).padStart(2, '0');
const RELATIVE = /\b(today|tomorrow|yesterday|tonight|next|last|this|ago|within|in \d+|days?|weeks?|months?|years?)\b/i;

/**
 * Dates in `text`. With a reference date (`YYYY-MM-DD` or a Date), relative expressions resolve
 * against it; without one only fully written dates become ISO, partial ones keep their text.
 */
export function findDateHits(text: string, referenceDate: string | Date | null): DateHit[] {
  const ref = referenceDate === null ? null : typeof referenceDate === 'string' ? new Date(`${referenceDate.slice(0, 10)}T12:00:00Z`) : referenceDate;
  const instant = ref !== null && !Number.isNaN(ref.getTime()) ? new Date(Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth(), ref.getUTCDate(), 12)) : null;
  const out: DateHit[] = [];
  for (const r of chrono().parse(text, { instant: instant ?? new Date(Date.UTC(2000, 0, 1, 12)), timezone: 0 })) {
    const s = r.start;
    const explicit = s.isCertain('day') || s.isCertain('month') || s.isCertain('weekday') || s.isCertain('year');
    if (!explicit && !RELATIVE.test(r.text)) continue;
    const year = s.get('year');
    const month = s.get('month');
    const day = s.get('day');
    const full = s.isCertain('year') && s.isCertain('month') && s.isCertain('day');
    const resolvable = (full || instant !== null) && year !== null && month !== null && day !== null;
    const written = r.text.replace(/^(on|at|by|from|until|till|before|after|since|in)\s+/i, '');
    out.push({
      text: written,
      value: resolvable ? `${year}-${pad(month)}-${pad(day)}` : written,
      index: r.index + (r.text.length - written.length),
    });
  }
  return out;
}

const SYMBOLS: Record<string, string> = {
  '€': 'EUR',
  $: 'USD',
  US$: 'USD',
  '£': 'GBP',
  '¥': 'JPY',
  CHF: 'CHF',
  'Fr.': 'CHF',
  euro: 'EUR',
  euros: 'EUR',
  dollar: 'USD',
  dollars: 'USD',
  pound: 'GBP',
  pounds: 'GBP',
  francs: 'CHF',
};
const CODES = 'EUR|USD|GBP|CHF|JPY|CAD|AUD|NZD|SEK|NOK|DKK|PLN|CZK|HUF|CNY|INR|BRL|ZAR|SGD|HKD|MXN';
const AMOUNT = String.raw`(\d{1,3}(?:[,'\u00a0\u202f ]\d{3})+(?:\.\d{1,2})?|\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?:\s?(k|m|mn|bn|thousand|million|billion)\b)?`;
const MONEY_BEFORE = new RegExp(String.raw`(?<![\p{L}])(${CODES}|US\$|[€$£¥])\s?${AMOUNT}`, 'gu');
const MONEY_AFTER = new RegExp(String.raw`(?<![\p{L}\p{N}.,])${AMOUNT}\s?(${CODES}|€|euros?|dollars?|pounds?|francs)(?![\p{L}])`, 'giu');
const SCALE: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, mn: 1e6, million: 1e6, bn: 1e9, billion: 1e9 };

/** Parse an amount literal with English or European separators. */
export function parseAmount(literal: string): number {
  const s = literal.replace(/[\s'\u00a0\u202f]/g, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) return Number(s.replace(/,/g, ''));
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) return Number(s.replace(/\./g, '').replace(',', '.'));
  return Number(s.replace(',', '.'));
}

/** Money amounts with their currency, in text order. */
export function findMoney(text: string): Array<MoneyMention & { index: number }> {
  const hits: Array<MoneyMention & { index: number }> = [];
  const push = (m: RegExpMatchArray, literal: string, scale: string | undefined, cur: string): void => {
    const amount = Math.round(parseAmount(literal) * (SCALE[(scale ?? '').toLowerCase()] ?? 1) * 100) / 100;
    const currency = SYMBOLS[cur] ?? SYMBOLS[cur.toLowerCase()] ?? cur.toUpperCase();
    const index = m.index ?? 0;
    if (Number.isFinite(amount) && !hits.some((h) => index < h.index + h.text.length && h.index < index + m[0].length)) {
      hits.push({ text: m[0].trim(), amount, currency, index });
    }
  };
  for (const m of text.matchAll(MONEY_BEFORE)) push(m, m[2], m[3], m[1]);
  for (const m of text.matchAll(MONEY_AFTER)) push(m, m[1], m[2], m[3]);
  return hits.sort((a, b) => a.index - b.index);
}

/** An e-mail address; the local part starts where its run starts, so a long word is scanned once. */
const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*\.[A-Za-z]{2,63}/g;

/** E-mail addresses, unique (case-insensitive), in text order. */
export function findEmails(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(EMAIL)) {
    if (!out.some((e) => e.toLowerCase() === m[0].toLowerCase())) out.push(m[0]);
  }
  return out;
}
