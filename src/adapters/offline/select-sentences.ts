/**
 * Extractive sentence selection for the offline composer: TF-IDF-like term overlap between a
 * weighted query and the sentences of numbered sources, with deterministic tie-breaking.
 */
import { splitSentences, stripCitations } from '../../pipeline/verify/sentences.js';
import { contentTokens } from './text.js';

/** A numbered source given to the composer. */
export interface ComposeSource {
  /** The number to cite as `[n]`. */
  n: number;
  /** Source title (not quoted into the output). */
  title: string;
  /** Source text; sentences are quoted verbatim from it. */
  text: string;
}

/** A source sentence chosen for the output. */
export interface PickedSentence {
  /** The source number it was taken from. */
  n: number;
  /** Position of the sentence within its source. */
  index: number;
  /** The sentence, verbatim (whitespace collapsed, any citation markers of the source removed). */
  text: string;
  /** Relevance score (0 for lead-sentence fallbacks). */
  score: number;
}

/** Options for {@link selectSentences}. */
export interface SelectOptions {
  /** At most this many sentences. */
  max: number;
  /** Prefer sentences of about this many words (voice samples); null for no preference. */
  preferredWords: number | null;
}

interface Candidate {
  n: number;
  index: number;
  text: string;
  tokens: string[];
  words: number;
}

/** Split the sources into candidate sentences of 4–80 words. */
function candidatesOf(sources: ComposeSource[]): Candidate[] {
  const ordered = [...sources].sort((a, b) => a.n - b.n);
  const out: Candidate[] = [];
  for (const source of ordered) {
    splitSentences(source.text).forEach((raw, index) => {
      const text = stripCitations(raw);
      const words = text.split(' ').length;
      if (words < 4 || words > 80 || !/\p{L}/u.test(text)) return;
      out.push({ n: source.n, index, text, tokens: contentTokens(text), words });
    });
  }
  return out;
}

/** Jaccard similarity of two token lists. */
function similarity(a: string[], b: string[]): number {
  const sa = new Set(a);
  const sb = new Set(b);
  let inter = 0;
  for (const t of sa) if (sb.has(t)) inter += 1;
  const union = sa.size + sb.size - inter;
  return union === 0 ? 1 : inter / union;
}

/** Score every candidate against the weighted query. */
function score(candidates: Candidate[], query: Map<string, number>, preferredWords: number | null): number[] {
  const df = new Map<string, number>();
  for (const c of candidates) for (const t of new Set(c.tokens)) df.set(t, (df.get(t) ?? 0) + 1);
  const total = candidates.length;
  return candidates.map((c) => {
    let s = 0;
    for (const t of new Set(c.tokens)) {
      const w = query.get(t);
      if (w !== undefined) s += w * Math.log(1 + total / (df.get(t) ?? 1));
    }
    const tooLong = preferredWords === null ? Math.max(0, c.words - 30) : Math.max(0, c.words - 2 * preferredWords);
    return Math.round((s / (1 + 0.03 * tooLong)) * 1e9) / 1e9;
  });
}

/**
 * Pick up to `max` relevant, non-redundant sentences. Ranking: score desc, then source number,
 * then position. When nothing overlaps the query, the leading sentences of the sources are used
 * (round-robin by source number). The result is in reading order (source number, position).
 */
export function selectSentences(sources: ComposeSource[], query: Map<string, number>, options: SelectOptions): PickedSentence[] {
  const candidates = candidatesOf(sources);
  const scores = score(candidates, query, options.preferredWords);
  const ranked = candidates
    .map((c, i) => ({ c, s: scores[i] }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.c.n - b.c.n || a.c.index - b.c.index);
  if (ranked.length === 0) {
    const byRank = candidates.map((c) => ({ c, s: 0 }));
    const rank = new Map<Candidate, number>();
    const seen = new Map<number, number>();
    for (const c of candidates) {
      const k = seen.get(c.n) ?? 0;
      seen.set(c.n, k + 1);
      rank.set(c, k);
    }
    ranked.push(...byRank.sort((a, b) => (rank.get(a.c) ?? 0) - (rank.get(b.c) ?? 0) || a.c.n - b.c.n));
  }
  const chosen: Array<{ c: Candidate; s: number }> = [];
  for (const x of ranked) {
    if (chosen.length >= options.max) break;
    if (chosen.some((y) => similarity(y.c.tokens, x.c.tokens) > 0.6)) continue;
    chosen.push(x);
  }
  return chosen.sort((a, b) => a.c.n - b.c.n || a.c.index - b.c.index).map(({ c, s }) => ({ n: c.n, index: c.index, text: c.text, score: s }));
}
