/** The wire shape of a snippet: its metadata and its ordered items (`itemType`, `itemKey`). */
import type { SnippetItemRecord, SnippetRecord } from './snippet.repository.js';

export interface SnippetWithItems extends SnippetRecord {
  items: SnippetItemRecord[];
}

/** One item: its type, the current key and id of its text / risk block, its ordinal. */
export function presentSnippetItem(item: SnippetItemRecord) {
  return { id: item.id, ordinal: item.ordinal, itemType: item.itemType, itemKey: item.itemKey, itemId: item.targetId };
}

/** A snippet with its ordered items. Never throws. */
export function presentSnippet(snippet: SnippetWithItems) {
  return {
    id: snippet.id,
    key: snippet.key,
    name: snippet.name,
    description: snippet.description,
    phaseOrder: snippet.phaseOrder,
    items: snippet.items.map(presentSnippetItem),
    createdAt: snippet.createdAt,
    updatedAt: snippet.updatedAt,
  };
}
