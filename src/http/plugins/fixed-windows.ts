/**
 * Request counts per key in fixed windows, in this process's memory: a key's first request
 * opens a window of `windowMs`; every request in it counts (refused ones too, so hammering does
 * not help), and the count starts again with the first request after the window ended.
 *
 * Bounded: at most `maxKeys` keys are kept. When a new key would exceed that, windows that have
 * ended are dropped first, then the oldest opened ones (a Map iterates in insertion order, and a
 * key whose window is opened again moves to the end). A dropped key merely starts afresh.
 */

export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  remainingMs: number;
}

interface Window {
  count: number;
  endsAt: number;
}

export class FixedWindows {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Counts one request of `key` at `now` (ms since the epoch). */
  hit(key: string, now: number): WindowCount {
    let window = this.windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      if (window !== undefined) this.windows.delete(key);
      else if (this.windows.size >= this.maxKeys) this.makeRoom(now);
      window = { count: 0, endsAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, remainingMs: window.endsAt - now };
  }

  /** How many keys are kept (for tests of the bound). */
  get size(): number {
    return this.windows.size;
  }

  private makeRoom(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    // Still full: the oldest opened windows go (Map order is insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
