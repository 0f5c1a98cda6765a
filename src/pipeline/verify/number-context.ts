/**
 * Whether a number a claim shares with its source is the source's number for the same thing:
 * "Invoices are due within 30 days" citing terms that give 30 days only for notice of
 * termination carries a number of the source and still says what the source does not (issue
 * 31, item 4). A number the stated facts hold (the form's payment terms) needs no such context.
 */
import { contentStems } from './content-words.js';
import { findNumbers } from './normalize.js';

/** Unit words: they say what a number counts, not what it is about, so they are no shared context. */
const UNITS = new Set(['days', 'day', 'weeks', 'week', 'month', 'hours', 'hour', 'years', 'year', 'minut', 'perce', 'times', 'time', 'least', 'about']);

/** The sentences of a source text (clauses joined by ";" are one sentence's parts, and each stands alone). */
function sourceSentences(text: string): string[] {
  return text.split(/(?<=[.;!?])\s+/);
}

/** Where the cited sources give numbers: each source sentence's numbers and content words; and the stated facts' numbers. */
export interface NumberContexts {
  sentences: ReadonlyArray<{ values: ReadonlySet<number>; stems: ReadonlySet<string> }>;
  stated: ReadonlySet<number>;
}

/**
 * Reads the number contexts of the cited sources' texts (once per set of cited sources), with the
 * numbers the stated facts hold — read once per check, outside the facts' dates: a form's date
 * holds no count, its day is not a number the stated facts give (ADR 0561).
 */
export function numberContexts(citedTexts: readonly string[], statedNumbers: ReadonlySet<number>): NumberContexts {
  return {
    sentences: citedTexts
      .flatMap(sourceSentences)
      .map((s) => ({ values: new Set(findNumbers(s).flatMap((n) => n.values)), stems: new Set(contentStems(s)) }))
      .filter((c) => c.values.size > 0),
    stated: statedNumbers,
  };
}

/**
 * The numbers of `sentence` (as written) that its cited sources give only in sentences sharing
 * none of its content words, and the stated facts do not hold.
 */
export function numbersOutOfContext(sentence: string, contexts: NumberContexts): string[] {
  const own = new Set(contentStems(sentence).filter((s) => !UNITS.has(s)));
  if (own.size === 0) return [];
  const out: string[] = [];
  for (const num of findNumbers(sentence)) {
    if (num.values.some((v) => contexts.stated.has(v))) continue;
    const holding = contexts.sentences.filter((c) => num.values.some((v) => c.values.has(v)));
    if (holding.length === 0) continue; // not in the sources at all: the item check reports it
    // A source sentence that is a bare value ("1300.00 EUR") says nothing about what it is for: no mismatch to see.
    if (holding.some((c) => c.stems.size === 0)) continue;
    if (!holding.some((c) => [...own].some((w) => c.stems.has(w)))) out.push(`${num.text} (the source gives it for something else)`);
  }
  return out;
}
