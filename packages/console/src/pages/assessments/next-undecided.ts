/**
 * Where the selection goes after a decision: the next item still waiting for one (pending or
 * needing review) after the decided item, in reading order, wrapping to the top; the decided
 * item itself when nothing is left to decide, so the reviewer sees what they just did.
 */
import type { ExtractedItem } from '@quire/client';

export function isUndecided(item: ExtractedItem): boolean {
  return item.validation.status === 'pending' || item.validation.status === 'needs_review';
}

export function nextUndecided(items: readonly ExtractedItem[], decidedId: string): ExtractedItem | null {
  const from = items.findIndex((i) => i.id === decidedId);
  for (let step = 1; step <= items.length; step++) {
    const candidate = items[(from + step + items.length) % items.length];
    if (candidate.id !== decidedId && isUndecided(candidate)) return candidate;
  }
  return items[from] ?? null;
}
