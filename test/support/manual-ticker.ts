/**
 * A ticker turned by hand: `tick()` runs every registered callback once and waits for the
 * promises they return, so a test proceeds on events, never on elapsed time.
 */
import type { Ticker } from '../../src/kernel/ticker.js';

export class ManualTicker implements Ticker {
  private readonly callbacks = new Set<() => unknown>();

  every(_ms: number, tick: () => unknown): () => void {
    const entry = () => tick();
    this.callbacks.add(entry);
    return () => {
      this.callbacks.delete(entry);
    };
  }

  /** How many callbacks are registered (a stopped one is gone). */
  get active(): number {
    return this.callbacks.size;
  }

  async tick(): Promise<void> {
    await Promise.all([...this.callbacks].map((callback) => callback()));
  }
}

/** A millisecond clock that moves only when told to. */
export function manualNow(start = 0): { now: () => number; advance(ms: number): void } {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
  };
}
