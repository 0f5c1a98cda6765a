/**
 * Putting a document's bindings in an order the user chose. Ordinals are whatever earlier calls
 * left (gaps, ties broken by creation time), so moving one binding renumbers the list 0…n-1 in
 * the new order, sending only the ordinals that change.
 */
import type { QuireClient } from '@quire/client';
import { type SnippetBinding, updateBinding } from './bindings-api';

/** Each binding whose ordinal must change for `ordered` to be the order, with its new ordinal; `from` shifts them all (room for an insertion). */
export function renumbering(ordered: readonly SnippetBinding[], from = 0): { id: string; ordinal: number }[] {
  return ordered
    .map((binding, index) => ({ id: binding.id, ordinal: index + from, current: binding.ordinal }))
    .filter((change) => change.ordinal !== change.current)
    .map(({ id, ordinal }) => ({ id, ordinal }));
}

/** `list` with the item at `index` moved by `by` places (clamped to the ends). */
export function moved<T>(list: readonly T[], index: number, by: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, index + by));
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item);
  return next;
}

/** Sends the ordinals that make `ordered` the document's binding order (one PATCH per change, in order). */
export async function applyOrder(client: QuireClient, documentId: string, ordered: readonly SnippetBinding[]): Promise<void> {
  for (const change of renumbering(ordered)) await updateBinding(client, documentId, change.id, { ordinal: change.ordinal });
}

/** Frees ordinal `index` for a binding inserted there: those from `index` on move one down. */
export async function makeRoomAt(client: QuireClient, documentId: string, ordered: readonly SnippetBinding[], index: number): Promise<void> {
  const changes = [...renumbering(ordered.slice(0, index)), ...renumbering(ordered.slice(index), index + 1)];
  for (const change of changes) await updateBinding(client, documentId, change.id, { ordinal: change.ordinal });
}
