/** The evaluation's metrics, pure: precision and recall of "flagged", repeated n-grams, read-back sentences. */
import { splitSentences, stripCitations } from '../src/pipeline/verify/sentences.js';

export interface Confusion {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  /** tp / (tp + fp); 1 when nothing was flagged (no false alarm was raised). */
  precision: number;
  /** tp / (tp + fn); 1 when nothing should have been flagged. */
  recall: number;
}

/** Precision and recall of a flagger over labelled cases (`expected`: should be flagged). */
export function confusion(cases: ReadonlyArray<{ expected: boolean; flagged: boolean }>): Confusion {
  const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const { expected, flagged } of cases) {
    if (expected && flagged) c.tp += 1;
    else if (!expected && flagged) c.fp += 1;
    else if (expected) c.fn += 1;
    else c.tn += 1;
  }
  return { ...c, precision: c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp), recall: c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn) };
}

/** Lowercased words of a text (letters and digits), citation markers and Markdown removed. */
export function words(text: string): string[] {
  return (
    stripCitations(text)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? []
  );
}

/**
 * The share of a document's word 5-grams that also occur in another of its sections: 0 when no
 * section repeats another's wording, 1 when every 5-gram is repeated elsewhere.
 */
export function repeated5gramShare(sections: readonly string[]): { repeated: number; total: number; share: number } {
  const grams = sections.map((s) => {
    const w = words(s);
    const set = new Set<string>();
    for (let i = 0; i + 5 <= w.length; i += 1) set.add(w.slice(i, i + 5).join(' '));
    return set;
  });
  let total = 0;
  let repeated = 0;
  grams.forEach((set, i) => {
    for (const g of set) {
      total += 1;
      if (grams.some((other, j) => j !== i && other.has(g))) repeated += 1;
    }
  });
  return { repeated, total, share: total === 0 ? 0 : repeated / total };
}

/** Words that let a sentence restate a value without saying anything of its own. */
const FRAME = new Set([
  'the',
  'a',
  'an',
  'is',
  'are',
  'was',
  'of',
  'for',
  'to',
  'this',
  'that',
  'and',
  'our',
  'its',
  'their',
  'be',
  'will',
  'by',
  'in',
  'on',
  'as',
]);

/**
 * A read-back sentence only restates field values: once the words of the values and of their
 * labels are taken out, at most two words of its own remain ("The client is Contoso GmbH.").
 */
export function isReadBack(sentence: string, fields: ReadonlyArray<{ label: string; value: string }>): boolean {
  const own = new Set(fields.flatMap((f) => [...words(f.label), ...words(f.value)]));
  const rest = words(sentence).filter((w) => !own.has(w) && !FRAME.has(w));
  const usesValue = fields.some((f) => f.value.trim().length > 1 && stripCitations(sentence).toLowerCase().includes(f.value.trim().toLowerCase()));
  return usesValue && rest.length <= 2;
}

/**
 * The sentences of some Markdown that a reader reads as prose: not table rows (a table of field
 * values is a table, not a read-back), not headings, not a letter's salutation ("Dear Ada,").
 */
export function proseSentences(markdown: string): string[] {
  const prose = markdown
    .split('\n')
    // Signature lines ("Approved for …: ______  Date: …") are blanks to sign, not sentences.
    .filter((line) => !/^\s*(\||#)/.test(line) && !/,\s*$/.test(line) && !/_{4,}/.test(line))
    .join('\n');
  return splitSentences(prose).filter((s) => words(s).length >= 3);
}

/** The word n-grams of a text, each once. */
function ngrams(text: string, n: number): Set<string> {
  const w = words(text);
  const out = new Set<string>();
  for (let i = 0; i + n <= w.length; i += 1) out.add(w.slice(i, i + n).join(' '));
  return out;
}

/**
 * The document's own stock phrases used more than twice: word 4-grams (and three-word sentence
 * openings) found in three or more of its prose sentences and in none of the texts it was given (its sources, field values, decision
 * reasons), whose wording is theirs, not the template's or the composer's ("Put in place …" seven
 * times). Each phrase once, most used first.
 */
export function phrasesOverTwice(sentences: readonly string[], given: readonly string[]): Array<{ phrase: string; uses: number }> {
  const known = new Set(given.flatMap((t) => [...ngrams(t, 4), ...ngrams(t, 3)]));
  const uses = new Map<string, number>();
  for (const sentence of sentences) {
    // Anywhere, four words; as a sentence's opening, three ("Put in place …" before seven different measures).
    const opening = words(sentence).slice(0, 3).join(' ');
    const grams = new Set([...ngrams(sentence, 4), ...(opening.split(' ').length === 3 ? [opening] : [])]);
    for (const g of grams) if (!known.has(g)) uses.set(g, (uses.get(g) ?? 0) + 1);
  }
  return [...uses.entries()]
    .filter(([, n]) => n > 2)
    .map(([phrase, n]) => ({ phrase, uses: n }))
    .sort((a, b) => b.uses - a.uses || a.phrase.localeCompare(b.phrase));
}

/**
 * Whether a sentence is grounded: it cites a source ("[n]"), or states a field value (the value,
 * or one of its lines or comma-separated items, appears in it), or states a computed decision
 * (its outcome or one of its reasons appears in it). A written sentence that does none of these
 * is filler a reader cannot trace.
 */
export function isGrounded(
  sentence: string,
  fields: ReadonlyArray<{ value: string }>,
  decisions: ReadonlyArray<{ outcomeLabel: string | null; reasons: string[] }>,
): boolean {
  if (/\[\d+(?:\s*[-–,]\s*\d+)*\]/.test(sentence)) return true;
  const text = words(sentence).join(' ');
  const contains = (value: string): boolean => {
    const w = words(value).join(' ');
    return w.length > 1 && ` ${text} `.includes(` ${w} `);
  };
  const fieldHit = fields.some((f) => [f.value, ...f.value.split(/\s*[\n,;]\s*/)].some(contains));
  const decisionHit = decisions.some((d) => d.reasons.some((r) => contains(r.replace(/[.!?]+$/, ''))) || (d.outcomeLabel !== null && contains(d.outcomeLabel)));
  return fieldHit || decisionHit;
}
