/**
 * Deterministic citation check: every number, date, proper noun and quoted span in a cited
 * sentence must occur in the union of the texts of the sources it cites.
 */
import { findDates, findNumbers, dateSupported, normalizeText, blankSpans } from './normalize.js';
import { findCitations, splitSentences, stripCitations } from './sentences.js';

/** A numbered source as the verifier sees it. `quote` (when present) counts as part of the source text. */
export interface CitationSource {
  /** The number cited as `[n]`. */
  n: number;
  /** Full source text. */
  text: string;
  /** An optional excerpt of the source; searched together with `text`. */
  quote?: string | null;
}

/** One cited sentence and the verdict on it. */
export interface CitationClaim {
  /** The sentence without its citation markers. */
  sentence: string;
  /** The source numbers it cites, unique, in order of appearance. */
  citations: number[];
  /** True when nothing checkable is missing from the cited sources and every cited source exists. */
  supported: boolean;
  /** What could not be found: numbers ("12%"), dates, names, quoted spans (in double quotes) or unknown sources ("[7]"). */
  missing: string[];
}

/** A claim that failed the check. */
export interface UnsupportedClaim {
  /** The sentence without its citation markers. */
  sentence: string;
  /** The source numbers it cites. */
  citations: number[];
  /** What could not be found (see {@link CitationClaim.missing}). */
  missing: string[];
}

/** The result of {@link checkCitations}. */
export interface CitationReport {
  /** Every sentence carrying at least one citation marker, in document order. */
  claims: CitationClaim[];
  /** The claims whose `supported` is false. */
  unsupported: UnsupportedClaim[];
}

/** Capitalized words that are never treated as names. */
const COMMON_CAPITALIZED = new Set([
  'i', 'a', 'an', 'the', 'this', 'that', 'these', 'those', 'it', 'its', 'we', 'our', 'you', 'your', 'they',
  'their', 'he', 'she', 'his', 'her', 'in', 'on', 'at', 'by', 'for', 'from', 'to', 'of', 'and', 'or', 'but',
  'if', 'as', 'with', 'without', 'per', 'all', 'no', 'not', 'yes', 'both', 'each', 'every', 'some', 'any',
  'there', 'here', 'when', 'where', 'while', 'after', 'before', 'since', 'during', 'however', 'also', 'note',
  'see', 'source', 'sources', 'according', 'overall', 'finally', 'first', 'second', 'third', 'then', 'thus',
  'therefore', 'moreover', 'furthermore', 'although', 'because', 'so', 'what', 'which', 'who', 'how', 'why',
]);

/** Quoted spans ("…", “…”, „…“, «…») with their offsets. */
function findQuotes(text: string): Array<{ span: string; index: number; length: number }> {
  const out: Array<{ span: string; index: number; length: number }> = [];
  for (const m of text.matchAll(/"([^"]{2,})"|“([^”]{2,})”|„([^“”]{2,})[“”]|«\s?([^»]{2,}?)\s?»/g)) {
    const span = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim();
    if (span !== '') out.push({ span, index: m.index ?? 0, length: m[0].length });
  }
  return out;
}

/** A word-like token (letters/digits with inner apostrophes, dots, hyphens, ampersands). */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’&.-]*/gu;

/** Capitalized tokens (names, proper nouns, acronyms), skipping the sentence's first word. */
function findNames(text: string, firstWordIndex: number): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WORD)) {
    const token = m[0].replace(/['’]s$/u, '').replace(/[.'’-]+$/u, '');
    if (m.index === firstWordIndex) continue;
    if (!/^\p{Lu}/u.test(token) || COMMON_CAPITALIZED.has(token.toLowerCase())) continue;
    if (!out.includes(token)) out.push(token);
  }
  return out;
}

/** Escape a string for use inside a RegExp. */
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when `needle` occurs in the normalized `haystack` as a whole word (case-insensitive). */
function containsWord(haystack: string, needle: string): boolean {
  const n = normalizeText(needle);
  if (n === '') return true;
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(n)}(?![\\p{L}\\p{N}])`, 'u').test(haystack);
}

/** Facts extracted once per set of cited sources. */
interface SourceFacts {
  readonly text: string;
  readonly numbers: ReadonlyArray<{ values: number[]; percent: boolean }>;
  readonly dates: ReadonlySet<string>;
}

/**
 * The facts of recently checked source texts. Every section of a run is checked against the
 * same sources, and finding numbers and dates (chrono) in a long source costs milliseconds each
 * time: computed once per text, kept for the next sections (bounded by entries and characters,
 * least recently used goes first). Facts depend on the text alone and are never changed.
 */
const MAX_CACHED_SOURCES = 64;
const MAX_CACHED_CHARS = 4_000_000;
const factsCache = new Map<string, SourceFacts>();
let cachedChars = 0;
let factComputations = 0;

/** Build the searchable facts of the cited sources' union. */
function sourceFacts(texts: string[]): SourceFacts {
  const raw = texts.join('\n');
  const hit = factsCache.get(raw);
  if (hit) {
    factsCache.delete(raw);
    factsCache.set(raw, hit);
    return hit;
  }
  factComputations += 1;
  const facts = {
    text: normalizeText(raw),
    numbers: findNumbers(raw).map(({ values, percent }) => ({ values, percent })),
    dates: new Set(findDates(raw).map((d) => d.key)),
  };
  if (raw.length <= MAX_CACHED_CHARS) {
    factsCache.set(raw, facts);
    cachedChars += raw.length;
    for (const [oldest] of factsCache) {
      if (factsCache.size <= MAX_CACHED_SOURCES && cachedChars <= MAX_CACHED_CHARS) break;
      factsCache.delete(oldest);
      cachedChars -= oldest.length;
    }
  }
  return facts;
}

/** How many sets of source texts this thread has read facts from (tests). */
export function sourceFactComputations(): number {
  return factComputations;
}

/** What in `sentence` (markers already stripped) is not backed by `facts`. */
function missingItems(sentence: string, facts: SourceFacts): string[] {
  const missing: string[] = [];
  const plain = sentence.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/[*_`~]+/g, ' ');
  const quotes = findQuotes(plain);
  for (const q of quotes) {
    if (!facts.text.includes(normalizeText(q.span))) missing.push(`"${q.span}"`);
  }
  const noQuotes = blankSpans(plain, quotes);
  const dates = findDates(noQuotes);
  for (const d of dates) {
    if (!dateSupported(d.key, facts.dates) && !facts.text.includes(normalizeText(d.text))) missing.push(d.text);
  }
  const rest = blankSpans(noQuotes, dates.map((d) => ({ index: d.index, length: d.text.length })));
  for (const num of findNumbers(rest)) {
    const found = facts.numbers.some((s) => s.percent === num.percent && s.values.some((v) => num.values.includes(v)));
    if (!found && !missing.includes(num.text)) missing.push(num.text);
  }
  const firstWord = plain.search(/[\p{L}\p{N}]/u);
  for (const name of findNames(rest, firstWord)) {
    if (!containsWord(facts.text, name)) missing.push(name);
  }
  return missing;
}

/**
 * Check every cited sentence of `markdown` against the sources it cites. Sentences without a
 * citation marker are not claims. A cited source number that does not exist makes the claim
 * unsupported with `missing` containing "[n]"; the remaining items are checked against the
 * sources that do exist. Matching is case-insensitive and whitespace-normalized; numbers compare
 * by value ("1,200" = "1200", percentages only with percentages), dates by calendar value
 * ("5 January 2026" = "2026-01-05").
 */
export function checkCitations(markdown: string, sources: CitationSource[]): CitationReport {
  const byNumber = new Map<number, CitationSource>();
  for (const s of sources) if (!byNumber.has(s.n)) byNumber.set(s.n, s);
  const cache = new Map<string, SourceFacts>();
  const claims: CitationClaim[] = [];
  for (const raw of splitSentences(markdown)) {
    const citations = findCitations(raw);
    if (citations.length === 0) continue;
    const sentence = stripCitations(raw);
    const known = citations.filter((n) => byNumber.has(n)).sort((a, b) => a - b);
    const missing = citations.filter((n) => !byNumber.has(n)).map((n) => `[${n}]`);
    const cacheKey = known.join(',');
    let facts = cache.get(cacheKey);
    if (facts === undefined) {
      facts = sourceFacts(known.flatMap((n) => {
        const s = byNumber.get(n);
        return s === undefined ? [] : [s.text, s.quote ?? ''];
      }));
      cache.set(cacheKey, facts);
    }
    missing.push(...missingItems(sentence, facts));
    claims.push({ sentence, citations, supported: missing.length === 0, missing });
  }
  const unsupported = claims
    .filter((c) => !c.supported)
    .map(({ sentence, citations, missing }) => ({ sentence, citations, missing }));
  return { claims, unsupported };
}
