/**
 * Remembers a pure function's answers for the most recently asked keys. For work that depends on
 * its key alone and is asked again and again with the same few keys (parsing a template's or an
 * expression's text to learn what it reads, building a client for a model id): the answer is
 * computed once and handed out again, so it must never be changed by a caller. Bounded by the
 * number of keys; the least recently asked goes first.
 */
export type BoundedMemo<K, V> = ((key: K) => V) & {
  /** How many answers are kept (never more than `maxEntries`): for tests and the cache inventory (docs/caches.md). */
  readonly size: () => number;
};

/** A `compute` that throws stores nothing: the next call with that key computes (and throws) again. */
export function boundedMemo<K, V>(compute: (key: K) => V, maxEntries: number): BoundedMemo<K, V> {
  const answers = new Map<K, V>();
  const memo = (key: K): V => {
    if (answers.has(key)) {
      const hit = answers.get(key) as V;
      // Re-inserting moves the key to the end: the Map's order is the recency order.
      answers.delete(key);
      answers.set(key, hit);
      return hit;
    }
    const value = compute(key);
    answers.set(key, value);
    if (answers.size > maxEntries) answers.delete(answers.keys().next().value as K);
    return value;
  };
  return Object.assign(memo, { size: () => answers.size });
}
