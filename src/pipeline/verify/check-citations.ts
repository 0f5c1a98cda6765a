/**
 * Deterministic citation check: every number, date, proper noun and quoted span in a cited
 * sentence must occur in one of the sources it cites (a quoted span within one source: never
 * running from the end of one into the next).
 */
import { findDates, findNumbers, dateSupported, normalizeText, blankSpans, numbersOutsideDates } from './normalize.js';
import { findCitations, splitSentences, stripCitations } from './sentences.js';
import { decisionConflicts } from './decision-conflicts.js';
import { type StatedFact, statedFactTexts, valueForCheck } from './stated-facts.js';
import { MIN_TOPIC_OVERLAP, betterSource, stemSet, topicOverlap } from './topic-overlap.js';
import { factConflicts } from './fact-conflicts.js';
import { unbackedQualifiers } from './qualifiers.js';
import { type NumberContexts, numberContexts, numbersOutOfContext } from './number-context.js';

/** The `missing` entry of a claim whose cited sources are about something else (see topic-overlap.ts). */
export const OFF_TOPIC = 'what it says (the cited source is about something else)';

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
  'i',
  'a',
  'an',
  'the',
  'this',
  'that',
  'these',
  'those',
  'it',
  'its',
  'we',
  'our',
  'you',
  'your',
  'they',
  'their',
  'he',
  'she',
  'his',
  'her',
  'in',
  'on',
  'at',
  'by',
  'for',
  'from',
  'to',
  'of',
  'and',
  'or',
  'but',
  'if',
  'as',
  'with',
  'without',
  'per',
  'all',
  'no',
  'not',
  'yes',
  'both',
  'each',
  'every',
  'some',
  'any',
  'there',
  'here',
  'when',
  'where',
  'while',
  'after',
  'before',
  'since',
  'during',
  'however',
  'also',
  'note',
  'see',
  'source',
  'sources',
  'according',
  'overall',
  'finally',
  'first',
  'second',
  'third',
  'then',
  'thus',
  'therefore',
  'moreover',
  'furthermore',
  'although',
  'because',
  'so',
  'what',
  'which',
  'who',
  'how',
  'why',
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

/**
 * Offsets of the words that begin a clause: the sentence's first word and the first word after
 * "; " or ": " — a table row arrives as its cells joined by "; " ("Unauthorised access; Possible;
 * Severe; High"), and a capital there is the cell's, not a name's (issue 31, row 7).
 */
function clauseStarts(text: string, firstWordIndex: number): Set<number> {
  const starts = new Set([firstWordIndex]);
  for (const m of text.matchAll(/[;:]\s+(?=[\p{L}\p{N}])/gu)) starts.add((m.index ?? 0) + m[0].length);
  return starts;
}

/**
 * Capitalized tokens (names, proper nouns, acronyms), skipping the words that begin a clause —
 * unless the document knows the word only as a name (`knownNames`: "Textly processes the data…"
 * opens with the processor's name, which another source states, not the cited one).
 */
function findNames(text: string, firstWordIndex: number, knownNames: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  const starts = clauseStarts(text, firstWordIndex);
  for (const m of text.matchAll(WORD)) {
    const token = m[0].replace(/['’]s$/u, '').replace(/[.'’-]+$/u, '');
    if (starts.has(m.index ?? -1) && !/^\p{Lu}{2,}/u.test(token) && !knownNames.has(token)) continue;
    // "US$350.00", "CA$": a currency's country prefix is part of the amount, not a name.
    if (/^[$€£¥]/u.test(text.slice((m.index ?? 0) + m[0].length))) continue;
    if (!/^\p{Lu}/u.test(token) || COMMON_CAPITALIZED.has(token.toLowerCase())) continue;
    if (!out.includes(token)) out.push(token);
  }
  return out;
}

/** Escape a string for use inside a RegExp. */
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when `needle` occurs in one of the normalized `haystacks` as a whole word (case-insensitive). */
function containsWord(haystacks: readonly string[], needle: string): boolean {
  const n = normalizeText(needle);
  if (n === '') return true;
  const word = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(n)}(?![\\p{L}\\p{N}])`, 'u');
  return haystacks.some((haystack) => word.test(haystack));
}

/** The checkable facts of one source text. */
interface TextFacts {
  /** The text, normalized. */
  readonly text: string;
  readonly numbers: ReadonlyArray<{ values: number[]; percent: boolean }>;
  readonly dates: ReadonlySet<string>;
}

/** The facts of the sources one claim cites: each source's own, side by side. */
interface SourceFacts {
  readonly texts: readonly string[];
  readonly numbers: ReadonlyArray<{ values: number[]; percent: boolean }>;
  readonly dates: ReadonlySet<string>;
}

/**
 * The facts of recently checked source texts. Every section of a run is checked against the
 * same sources, and finding numbers and dates (chrono) in a long source costs milliseconds each
 * time: computed once per text, kept for the next sections (bounded by entries and characters,
 * least recently used goes first). Facts depend on the text alone and are never changed. Kept
 * per source, not per set of cited sources, so that a run can read them all before any
 * section cites them (`readSourceFacts`), whichever sources each claim then cites together.
 */
export const MAX_CACHED_SOURCES = 64;
export const MAX_CACHED_CHARS = 4_000_000;
const factsCache = new Map<string, TextFacts>();
let cachedChars = 0;
let factComputations = 0;

/** The facts of one source text, from the cache or read now. */
function textFacts(raw: string): TextFacts {
  const hit = factsCache.get(raw);
  if (hit) {
    factsCache.delete(raw);
    factsCache.set(raw, hit);
    return hit;
  }
  factComputations += 1;
  const dates = findDates(raw);
  const facts = {
    text: normalizeText(raw),
    numbers: numbersOutsideDates(raw, dates).map(({ values, percent }) => ({ values, percent })),
    dates: new Set(dates.map((d) => d.key)),
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

/**
 * Reads the facts of these source texts now, so that checking claims against them later costs
 * no chrono: a run calls it while it waits for a model (run-pipeline.ts), which takes the
 * reading off the time its sections' checks wait for.
 */
export function readSourceFacts(texts: readonly string[]): void {
  for (const text of texts) if (text !== '') textFacts(text);
}

/** The facts of the cited sources' texts together: a claim is backed by what any of them says. */
function sourceFacts(texts: readonly string[]): SourceFacts {
  const each = texts.filter((t) => t !== '').map(textFacts);
  if (each.length === 1) return { texts: [each[0].text], numbers: each[0].numbers, dates: each[0].dates };
  return { texts: each.map((f) => f.text), numbers: each.flatMap((f) => f.numbers), dates: new Set(each.flatMap((f) => [...f.dates])) };
}

/** How many source texts' facts and word cases this thread keeps, and the characters of the former (tests, the cache inventory). */
export function sourceFactCacheSize(): { facts: number; chars: number; wordCases: number } {
  return { facts: factsCache.size, chars: cachedChars, wordCases: wordCases.size };
}

/** How many source texts this thread has read facts from (tests). */
export function sourceFactComputations(): number {
  return factComputations;
}

/**
 * The words the document's texts (all its sources and stated facts) write only capitalized, and
 * more than once: a name, even where it opens a sentence. A word also written in lower case
 * ("Encryption", "encryption") is an ordinary word that a sentence happens to begin with, and
 * so, most likely, is one that only opens one sentence of a source ("Headcount was 1200.").
 */
export function namesOnly(texts: readonly string[]): Set<string> {
  const capitalized = new Map<string, number>();
  const lower = new Set<string>();
  for (const text of texts) {
    const words = caseOfWords(text);
    for (const [t, n] of words.capitalized) capitalized.set(t, (capitalized.get(t) ?? 0) + n);
    for (const t of words.lower) lower.add(t);
  }
  return new Set([...capitalized].filter(([t, n]) => n >= 2 && !lower.has(t.toLowerCase()) && !COMMON_CAPITALIZED.has(t.toLowerCase())).map(([t]) => t));
}

/** How one text writes its words; kept for the next sections, as the sources' facts are (a run checks every section against the same sources). */
const wordCases = new Map<string, { capitalized: Map<string, number>; lower: Set<string> }>();

function caseOfWords(text: string): { capitalized: Map<string, number>; lower: Set<string> } {
  const hit = wordCases.get(text);
  if (hit) return hit;
  const capitalized = new Map<string, number>();
  const lower = new Set<string>();
  for (const m of text.matchAll(WORD)) {
    const token = m[0].replace(/['’]s$/u, '').replace(/[.'’-]+$/u, '');
    if (/^\p{Lu}/u.test(token)) capitalized.set(token, (capitalized.get(token) ?? 0) + 1);
    else lower.add(token.toLowerCase());
  }
  const words = { capitalized, lower };
  if (text.length <= MAX_CACHED_CHARS / 4) {
    wordCases.set(text, words);
    if (wordCases.size > MAX_CACHED_SOURCES) wordCases.delete(wordCases.keys().next().value as string);
  }
  return words;
}

/** What a claim is checked against besides the items: where its sources give their numbers, and the document's names. */
interface RawBasis {
  numbers: NumberContexts;
  knownNames: ReadonlySet<string>;
}

/** What in `sentence` (markers already stripped) is not backed by `facts`. */
function missingItems(sentence: string, facts: SourceFacts, raw?: RawBasis): string[] {
  const missing: string[] = [];
  const plain = sentence.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/[*_`~]+/g, ' ');
  const quotes = findQuotes(plain);
  for (const q of quotes) {
    const span = normalizeText(q.span);
    if (!facts.texts.some((t) => t.includes(span))) missing.push(`"${q.span}"`);
  }
  const noQuotes = blankSpans(plain, quotes);
  const dates = findDates(noQuotes);
  for (const d of dates) {
    const written = normalizeText(d.text);
    if (!dateSupported(d.key, facts.dates) && !facts.texts.some((t) => t.includes(written))) missing.push(d.text);
  }
  const rest = blankSpans(
    noQuotes,
    dates.map((d) => ({ index: d.index, length: d.text.length })),
  );
  for (const num of findNumbers(rest)) {
    const found = facts.numbers.some((s) => s.percent === num.percent && s.values.some((v) => num.values.includes(v)));
    if (!found && !missing.includes(num.text)) missing.push(num.text);
  }
  if (raw) {
    for (const n of numbersOutOfContext(rest, raw.numbers)) if (!missing.includes(n)) missing.push(n);
  }
  const firstWord = plain.search(/[\p{L}\p{N}]/u);
  for (const name of findNames(rest, firstWord, raw?.knownNames)) {
    if (!containsWord(facts.texts, name)) missing.push(name);
  }
  missing.push(...unbackedQualifiers(noQuotes, facts.texts));
  return missing;
}

/** A sentence carrying at least one citation marker, before it is checked. */
export interface CitedSentence {
  /** The sentence without its citation markers. */
  sentence: string;
  /** The source numbers it cites, unique, in order of appearance. */
  citations: number[];
}

/**
 * The cited sentences of `markdown`, in document order (sentences without a marker are not
 * claims). Cheap — no source is read — so a model judge can be asked about them before the
 * deterministic check below runs (stages/verify.ts).
 */
export function citedSentences(markdown: string): CitedSentence[] {
  const out: CitedSentence[] = [];
  for (const raw of splitSentences(markdown)) {
    const citations = findCitations(raw);
    if (citations.length > 0) out.push({ sentence: stripCitations(raw), citations });
  }
  return out;
}

/** What a claim may draw on besides its cited sources: the stated facts, read once per check. */
interface StatedBasis {
  facts: readonly StatedFact[];
  texts: string[];
  stems: ReadonlySet<string>;
  /** The numbers the facts hold, outside their dates (read once per check). */
  numbers: ReadonlySet<number>;
}

/**
 * The stated facts' words a sentence may use without its source: every value's, and the label's
 * of a fact whose value it states ("an annual contract value of €42,500.00" states the fact
 * "Annual contract value: 42500", so "annual contract value" is the form's wording, not the source's).
 */
function usedFactStems(sentence: string, stated: StatedBasis): ReadonlySet<string> {
  const text = normalizeText(sentence);
  const numbers = findNumbers(sentence).flatMap((n) => n.values);
  const used = stated.facts.filter((f) => {
    const value = normalizeText(valueForCheck(f.value));
    if (value.length >= 2 && text.includes(value)) return true;
    const asNumber = Number(f.value);
    return f.value.trim() !== '' && Number.isFinite(asNumber) && numbers.includes(asNumber);
  });
  if (used.length === 0) return stated.stems;
  return new Set([...stated.stems, ...stemSet(used.map((f) => f.label))]);
}

function statedBasis(facts: readonly StatedFact[]): StatedBasis {
  const texts = statedFactTexts(facts);
  // Topic words from the values only: a label ("SOC 2 Type II report available?") is the
  // template's wording whatever the answer, and would make any sentence on its topic look sourced.
  const numbers = new Set(texts.flatMap((t) => textFacts(t).numbers.flatMap((n) => n.values)));
  return { facts, texts, stems: stemSet(facts.map((f) => f.value)), numbers };
}

/** The cited sources' facts (with the stated facts') and their content words, per set of cited sources. */
function citedBasis(known: readonly number[], byNumber: ReadonlyMap<number, CitationSource>, stated: StatedBasis, knownNames: ReadonlySet<string>) {
  const texts = known.flatMap((n) => {
    const s = byNumber.get(n);
    return s === undefined ? [] : [s.text, s.quote ?? ''];
  });
  const raw: RawBasis = {
    numbers: numberContexts(
      texts.filter((t) => t !== ''),
      stated.numbers,
    ),
    knownNames,
  };
  return { facts: sourceFacts([...texts, ...stated.texts]), stems: stemSet(texts), raw };
}

/** What one claim lacks: unknown sources, items in neither its sources nor the stated facts, a contradicted fact, else an off-topic citation. */
function claimMissing(
  claim: CitedSentence,
  known: readonly number[],
  basis: ReturnType<typeof citedBasis>,
  stated: StatedBasis,
  others: ReadonlyMap<number, ReadonlySet<string>>,
): string[] {
  const missing = claim.citations.filter((n) => !known.includes(n)).map((n) => `[${n}]`);
  missing.push(...missingItems(claim.sentence, basis.facts, basis.raw));
  missing.push(...decisionConflicts(claim.sentence, stated.facts));
  missing.push(...factConflicts(claim.sentence, stated.facts));
  if (missing.length === 0 && known.length > 0) {
    const used = usedFactStems(claim.sentence, stated);
    const overlap = topicOverlap(claim.sentence, basis.stems, used);
    if (overlap !== null && overlap < MIN_TOPIC_OVERLAP) missing.push(OFF_TOPIC);
    else {
      const better = betterSource(claim.sentence, basis.stems, used, new Map([...others].filter(([n]) => !known.includes(n))));
      if (better !== null) missing.push(`what it says (source [${better}] says it, not the cited one)`);
    }
  }
  return missing;
}

/**
 * Check each cited sentence against the sources it cites. A cited source number that does not
 * exist makes the claim unsupported with `missing` containing "[n]"; the remaining items are
 * checked against the sources that do exist and the document's stated facts (its field values
 * and computed decisions, see stated-facts.ts). Matching is case-insensitive and
 * whitespace-normalized; numbers compare by value ("1,200" = "1200", percentages only with
 * percentages), dates by calendar value ("5 January 2026" = "2026-01-05"). A sentence that
 * states another verdict than a decided one fails ("contradicts …"), and so does one whose
 * cited sources share too few of its content words ({@link OFF_TOPIC}).
 */
export function checkSentences(sentences: readonly CitedSentence[], sources: CitationSource[], facts: readonly StatedFact[] = []): CitationReport {
  const byNumber = new Map<number, CitationSource>();
  for (const s of sources) if (!byNumber.has(s.n)) byNumber.set(s.n, s);
  const stated = statedBasis(facts);
  const knownNames = namesOnly([...[...byNumber.values()].map((s) => s.text), ...facts.map((f) => f.value)]);
  const cache = new Map<string, ReturnType<typeof citedBasis>>();
  const sourceStems = new Map([...byNumber].map(([n, s]) => [n, stemSet([s.text, s.quote ?? ''])]));
  const claims: CitationClaim[] = [];
  for (const claim of sentences) {
    const known = claim.citations.filter((n) => byNumber.has(n)).sort((a, b) => a - b);
    const cacheKey = known.join(',');
    let basis = cache.get(cacheKey);
    if (basis === undefined) {
      basis = citedBasis(known, byNumber, stated, knownNames);
      cache.set(cacheKey, basis);
    }
    const missing = claimMissing(claim, known, basis, stated, sourceStems);
    claims.push({ sentence: claim.sentence, citations: claim.citations, supported: missing.length === 0, missing });
  }
  const unsupported = claims.filter((c) => !c.supported).map(({ sentence, citations, missing }) => ({ sentence, citations, missing }));
  return { claims, unsupported };
}

/** Check every cited sentence of `markdown` against the sources it cites (see {@link checkSentences}). */
export function checkCitations(markdown: string, sources: CitationSource[], facts: readonly StatedFact[] = []): CitationReport {
  return checkSentences(citedSentences(markdown), sources, facts);
}
