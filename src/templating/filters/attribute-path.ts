/**
 * Safe attribute lookup for filters that take `attribute=` (sum, map, min, max).
 * Reads only mapping entries and list indexes, never JS properties, so a path such as
 * `constructor` or `__proto__` simply finds nothing.
 */
import { entriesOf, itemsOf, makeUndefined, type RuntimeValue } from '../jinja-runtime.js';

/** Follows a dotted path (`client.address.city`, `lines.0`); missing steps give undefined. */
export function attributeOf(value: RuntimeValue, path: string): RuntimeValue {
  let current = value;
  for (const part of path.split('.')) {
    const entries = entriesOf(current);
    const items = itemsOf(current);
    if (entries) {
      current = entries.get(part) ?? makeUndefined();
    } else if (items && /^-?\d+$/.test(part)) {
      current = items.at(Number(part)) ?? makeUndefined();
    } else {
      return makeUndefined();
    }
  }
  return current;
}
