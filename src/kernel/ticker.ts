/**
 * Repeating work (polls, heartbeats) runs on a ticker, so a test can turn it by hand instead of
 * sleeping through real intervals.
 */
export interface Ticker {
  /**
   * Calls `tick` every `ms` until the returned stop function is called. `background` work
   * does not keep the process alive on its own.
   */
  every(ms: number, tick: () => unknown, options?: { background?: boolean }): () => void;
}

/** The real ticker: `setInterval`. */
export const intervalTicker: Ticker = {
  every(ms, tick, options = {}) {
    const timer = setInterval(() => void tick(), ms);
    if (options.background) timer.unref();
    return () => clearInterval(timer);
  },
};
