/** A stable hash of a data-need's inputs: equal inputs → equal hash → the gathered row can be reused. */
import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so key order never changes a hash. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function hashOf(value: unknown): string {
  return sha256(stableStringify(value));
}

/**
 * `hashOf` for one computation over values that nothing changes while it runs: each object (by
 * identity) and each long string is hashed once, however often it is asked. The staleness of a
 * generated document's sections hashes the same context values for every section that reads
 * them (a synthesized section reads them all), on every read of the document. Only for a caller
 * that owns its values for that time — a run builds its context as it goes and uses `hashOf`.
 * Other values are remembered by their text (a digest costs more than the lookup).
 */
export function hashOncePerValue(): (value: unknown) => string {
  const objects = new WeakMap<object, string>();
  const texts = new Map<string, string>();
  const byText = (value: unknown): string => {
    const text = stableStringify(value);
    let hash = texts.get(text);
    if (hash === undefined) {
      hash = sha256(text);
      texts.set(text, hash);
    }
    return hash;
  };
  return (value) => {
    if (typeof value !== 'object' || value === null) return byText(value);
    let hash = objects.get(value);
    if (hash === undefined) {
      hash = byText(value);
      objects.set(value, hash);
    }
    return hash;
  };
}

/**
 * Whether two values are the same by the rules `hashOf` compares them with (key order and
 * `undefined` members ignored), without hashing: comparing two values hashed each to throw the
 * hash away at once (the staleness of every section of a generated document, on every read).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || stableStringify(a) === stableStringify(b);
}
