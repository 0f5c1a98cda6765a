/** The shape of one labelled sentence of the check stage's gold set (eval/gold/check-stage.jsonl). */

/** What kind of sentence it is; `flag` says whether a trustworthy check must flag it. */
export type GoldCategory = 'supported' | 'field-value' | 'table-row' | 'unsupported' | 'wrong-citation' | 'contradicts-fact';

export interface GoldSentence {
  id: string;
  /**
   * `dev`: written while the check was being fixed; `heldout`: written after, never used to change it;
   * `heldout-2`: a second such batch (eval/gold/heldout-2-sentences.ts); `heldout-3`: the third
   * (eval/gold/heldout-3-sentences.ts), the one the suite's held-out goals apply to.
   */
  split: 'dev' | 'heldout' | 'heldout-2' | 'heldout-3';
  /**
   * Where a development sentence came from: `former-heldout` was held out until the check was fixed
   * on it (ADR 0491), `former-heldout-2` likewise, batch 2 (ADR 0561).
   */
  origin?: 'former-heldout' | 'former-heldout-2';
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
