/** The shape of one labelled sentence of the check stage's gold set (eval/gold/check-stage.jsonl). */

/** What kind of sentence it is; `flag` says whether a trustworthy check must flag it. */
export type GoldCategory = 'supported' | 'field-value' | 'table-row' | 'unsupported' | 'wrong-citation' | 'contradicts-fact';

export interface GoldSentence {
  id: string;
  /**
   * `dev`: written while the check was being fixed; `heldout`: written after, never used to change it;
   * `heldout-2`: a second such batch, written without reading the check (eval/gold/heldout-2-sentences.ts).
   */
  split: 'dev' | 'heldout' | 'heldout-2';
  /** Where a development sentence came from: `former-heldout` was held out until the check was fixed on it (ADR 0491). */
  origin?: 'former-heldout';
  /** The built-in template whose sources and fields it is written from. */
  template: string;
  category: GoldCategory;
  /** True when the check must flag it. */
  flag: boolean;
  /** The sentence as a section would carry it: Markdown with `[n]` markers (a table row as one `| … |` line). */
  text: string;
  sources: Array<{ n: number; title: string; text: string }>;
  /** The document's stated facts: field values under their labels (a choice field's with its options), computed decisions. */
  facts: Array<{ label: string; value: string; options?: string[] }>;
}
