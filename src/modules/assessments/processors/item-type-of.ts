/** Finds the catalog item type describing an item key (exact key, or a `*` family like `label.*`). */
import { getProcessor } from '../../../extraction/processor-catalog.js';
import type { ItemType } from '../../../extraction/types.js';

function familyPattern(key: string): RegExp {
  // A bare `*` (prc_llm_fields: any requirement key) covers every key, dots included.
  if (key === '*') return /^.+$/;
  const escaped = key.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^.]*');
  return new RegExp(`^${escaped}$`);
}

/** The item type of `key` in the processor's schema, or undefined. */
export function itemTypeOf(processorId: string, key: string): ItemType | undefined {
  const types = getProcessor(processorId)?.item_types ?? [];
  return types.find((t) => t.key === key) ?? types.find((t) => t.key.includes('*') && familyPattern(t.key).test(key));
}

/**
 * The rule checks that apply to an item: its type's checks, unless the item has another value
 * type than the catalog's (a requirement of `prc_llm_fields` may type a known key differently,
 * and a money rule on a string would fail for the wrong reason).
 */
export function checksFor(processorId: string, key: string, valueType: string): ItemType['checks'] {
  const type = itemTypeOf(processorId, key);
  return type && type.value_type === valueType ? type.checks : [];
}
