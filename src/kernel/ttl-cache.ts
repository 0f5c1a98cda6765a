/**
 * A small in-process cache whose entries expire at a time given with each one, bounded in size
 * (the oldest entry goes first). For answers that are expensive to recompute and safe to reuse
 * for a short while — never the source of truth.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  /**
   * @param capacity most entries kept; inserting beyond it drops the oldest.
   * @param now the clock, in milliseconds (injected by tests).
   */
  constructor(
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value stored under `key`, unless it has expired (then it is dropped). */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores `value` until `expiresAt` (ms since the epoch); a time already past stores nothing. */
  set(key: K, value: V, expiresAt: number): void {
    if (expiresAt <= this.now()) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt });
    if (this.entries.size <= this.capacity) return;
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.entries.delete(oldest.value);
  }

  /** Drops every entry whose value matches. */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
