/**
 * A field that occurs at most once yields one item (issue 32 item 2, ADR 0503): the best
 * candidate (a value before a blank, then the highest confidence, then the first printed), with
 * every other candidate that has a value listed as its `alternates`, best first.
 */
import type { Alternate, ExtractedItem } from './types.js';

const rank = (it: ExtractedItem): number => (it.value_state === 'present' || it.value_state === 'inferred' ? 1 : 0) * 10 + (it.confidence.overall ?? 0);

function asAlternate(it: ExtractedItem): Alternate {
  return { value: it.value, value_text: it.value_text, raw_text: it.raw_text, confidence: it.confidence, provenance: it.provenance };
}

/** Keeps one item per key of `onceKeys`, in the place of the chosen one; the others become its alternates. */
export function foldAlternates(items: ExtractedItem[], onceKeys: ReadonlySet<string>): ExtractedItem[] {
  const byKey = new Map<string, ExtractedItem[]>();
  for (const it of items) if (onceKeys.has(it.key)) byKey.set(it.key, [...(byKey.get(it.key) ?? []), it]);
  const dropped = new Set<ExtractedItem>();
  for (const group of byKey.values()) {
    if (group.length < 2) continue;
    // A stable sort: equal ranks keep document order.
    const [best, ...rest] = [...group].sort((a, b) => rank(b) - rank(a));
    const alternates = rest.filter((it) => it.value_state === 'present' || it.value_state === 'inferred');
    if (alternates.length > 0) best.alternates = [...(best.alternates ?? []), ...alternates.map(asAlternate)];
    for (const it of rest) dropped.add(it);
  }
  return dropped.size === 0 ? items : items.filter((it) => !dropped.has(it));
}
