/**
 * Whether the sources a sentence cites are about what it says: the share of its content words
 * (those the stated facts do not account for) found in the cited sources. A sentence carrying
 * no number, date or name — "Data must be encrypted at rest [3]" citing the incident clause —
 * passes the item check whatever it cites; this catches the wrong citation (issue 31, item 4).
 */
import { contentStems } from './content-words.js';

/** Below this share of its content words in the cited sources, a sentence is off its sources' topic. */
export const MIN_TOPIC_OVERLAP = 0.4;
const MONTH_NAMES = /\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\b/gi;

/** Sentences with fewer content words say too little to judge by overlap. */
const MIN_WORDS = 3;

/** The stems of some texts, as a set. */
export function stemSet(texts: readonly string[]): Set<string> {
  return new Set(texts.flatMap(contentStems));
}

/**
 * The share of the sentence's content words found in the cited sources or in the stated facts
 * (null: too few words to say): a word from the form ("confidential", "certified") is the
 * document's own, not a sign that the source is about something else.
 */
export function topicOverlap(sentence: string, cited: ReadonlySet<string>, stated: ReadonlySet<string>): number | null {
  // A month's name belongs to a date, which the item check has checked as a date: "begins on
  // 1 February 2027" is not about February.
  const words = [...new Set(contentStems(sentence.replace(MONTH_NAMES, ' ')))];
  if (words.length < MIN_WORDS) return null;
  return words.filter((w) => cited.has(w) || stated.has(w)).length / words.length;
}

/** How many more of a claim's own words another source must hold than the cited ones, to be the one it draws on. */
const BETTER_BY = 2;

/**
 * The number of another of the document's sources that holds clearly more of the sentence's own
 * words (those the stated facts do not account for) than its cited sources, which hold fewer
 * than half of them; else null. A claim that shares some words with the source it cites and
 * more with another ("work done … stays payable" citing the responsibilities clause, where the
 * termination clause says it) cites the wrong one (issue 31, item 4, ADR 0561).
 */
export function betterSource(
  sentence: string,
  cited: ReadonlySet<string>,
  stated: ReadonlySet<string>,
  others: ReadonlyMap<number, ReadonlySet<string>>,
): number | null {
  const own = [...new Set(contentStems(sentence.replace(MONTH_NAMES, ' ')))].filter((w) => !stated.has(w));
  if (own.length < MIN_WORDS) return null;
  const inCited = own.filter((w) => cited.has(w)).length;
  if (inCited * 2 >= own.length) return null;
  let best: { n: number; count: number } | null = null;
  for (const [n, stems] of others) {
    const count = own.filter((w) => stems.has(w)).length;
    if (count - inCited >= BETTER_BY && (best === null || count > best.count)) best = { n, count };
  }
  return best?.n ?? null;
}
