/**
 * Words that change what a sentence claims without being a number, a date or a name: an
 * absolute ("at any time", "always", "only"), a frequency ("monthly" where the source says
 * "every quarter") and a kind ("Type I" where the source says "Type II"). A claim that shares
 * most of its words with its source and adds one of these says something the source does not
 * (issue 31, item 4: the check's misses were of this sort).
 */
import { normalizeText } from './normalize.js';

/**
 * Absolutes a source must state for a claim to: each a pattern over normalized text. "Every"
 * and "all" are not among them: "every requirement of the baseline" is how a writer sums a
 * source up, not a claim the source makes.
 */
const ABSOLUTES: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'at any time', pattern: /\bat any (?:time|moment)\b/ },
  { name: 'at all times', pattern: /\bat all times\b/ },
  { name: 'always', pattern: /\balways\b/ },
  { name: 'never', pattern: /\bnever\b/ },
  { name: 'only', pattern: /\b(?:only|solely|exclusively)\b/ },
  { name: 'without exception', pattern: /\b(?:without (?:any )?exception|in all cases|in every case|under all circumstances)\b/ },
  { name: 'guaranteed', pattern: /\bguarantee[ds]?\b/ },
];

/** The absolutes a text states, by name. */
export function absolutesIn(text: string): Set<string> {
  const t = normalizeText(text);
  return new Set(ABSOLUTES.filter((a) => a.pattern.test(t)).map((a) => a.name));
}

/** Periods a frequency may name, with the words that name it (adverb, "every …", "each …", "per …", "a …"). */
const PERIODS: ReadonlyArray<{ period: string; pattern: RegExp }> = [
  { period: 'day', pattern: /\b(?:daily|(?:every|each|per|a|once a) day|nightly)\b/ },
  { period: 'week', pattern: /\b(?:weekly|(?:every|each|per|a|once a) week)\b/ },
  { period: 'fortnight', pattern: /\b(?:fortnightly|biweekly|every (?:two|2) weeks)\b/ },
  { period: 'month', pattern: /\b(?:monthly|(?:every|each|per|once a) month)\b/ },
  { period: 'quarter', pattern: /\b(?:quarterly|(?:every|each|per|once a) quarter|every (?:three|3) months)\b/ },
  { period: 'half-year', pattern: /\b(?:semi-annually|biannually|half-yearly|twice a year|every (?:six|6) months)\b/ },
  { period: 'year', pattern: /\b(?:annually|yearly|(?:every|each|once a) year|every (?:twelve|12) months)\b/ },
];

/** The periods of the frequencies a text states ("monthly" and "every month" are both "month"). */
export function frequenciesIn(text: string): Set<string> {
  const t = normalizeText(text);
  return new Set(PERIODS.filter((p) => p.pattern.test(t)).map((p) => p.period));
}

/**
 * A kind named by a word and its designator: "Type II", "Tier 3", "Level 1", "Article 35(7)".
 * The number alone may occur elsewhere in the source ("SOC 2 Type II" holds a 2, and "I" is a
 * pronoun to the name check); the pair must occur together.
 */
const KIND = /\b(type|tier|level|class|category|phase|stage|article|annex|schedule|clause|chapter|version)\s+([ivx]+|\d+[a-z]?(?:\(\d+\))*)(?![\p{L}\p{N}])/giu;

/** The kinds a text names, normalized ("type ii", "article 35(7)"). */
export function kindsIn(text: string): string[] {
  return [...normalizeText(text).matchAll(KIND)].map((m) => `${m[1]} ${m[2]}`);
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when a normalized text names the kind (followed by no further letter or digit: "type ii" is not in "type iii"). */
function namesKind(text: string, kind: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(kind)}(?![\\p{L}\\p{N}])`, 'u').test(text);
}

/**
 * What a sentence qualifies that its basis (the cited sources and the stated facts, normalized)
 * does not: absolutes and frequencies by name, kinds as written.
 */
export function unbackedQualifiers(sentence: string, basis: readonly string[]): string[] {
  const joined = basis.join('\n');
  const missing: string[] = [];
  const backedAbsolutes = absolutesIn(joined);
  for (const a of absolutesIn(sentence)) if (!backedAbsolutes.has(a)) missing.push(`"${a}"`);
  const backedPeriods = frequenciesIn(joined);
  for (const p of frequenciesIn(sentence)) if (!backedPeriods.has(p)) missing.push(`how often (every ${p})`);
  for (const k of kindsIn(sentence)) if (!basis.some((t) => namesKind(t, k))) missing.push(k);
  return missing;
}
