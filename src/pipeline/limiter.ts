/**
 * A concurrency limit shared by several kinds of work: at most `limit` tasks run at once, the
 * others wait in the order they asked (first come, first served). The render stage and the
 * verify stage take their model calls from one limiter, so a run never has more calls in
 * flight than its `render.concurrency`, however the two stages overlap.
 */
export interface Limiter {
  /** Runs `task` once a slot is free; the slot is given back when it settles (either way). */
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createLimiter(limit: number): Limiter {
  const slots = Math.max(1, Math.floor(limit));
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    // The freed slot passes straight to the next waiter: `running` stays the same.
    if (next) next();
    else running -= 1;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < slots) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
