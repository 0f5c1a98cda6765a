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
    .filter((line) => !/^\s*(\||#)/.test(line) && !/,\s*$/.test(line))
    .join('\n');
  return splitSentences(prose).filter((s) => words(s).length >= 3);
}
