/**
 * At most `limit` tasks at once, at most `maxWaiting` queued behind them: a bounded way to share
 * a costly resource (a CPU-bound subprocess) between requests. A task past the queue's bound is
 * refused at once rather than left to wait without end, so an overloaded node says so (503)
 * instead of piling up work its callers have long given up on.
 */
import { ServiceUnavailableError } from './errors.js';

export interface ConcurrencyLimit {
  /** Runs `task` when a slot is free. @throws ServiceUnavailableError when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createConcurrencyLimit(limit: number, maxWaiting: number, busyMessage: string): ConcurrencyLimit {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= limit) {
        if (waiting.length >= maxWaiting) throw new ServiceUnavailableError(busyMessage, 1);
        // The slot is handed over by `release`, so `active` stays counted for the waiter.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else active += 1;
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
