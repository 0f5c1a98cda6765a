/** The shared concurrency limit: never more than `limit` at once, waiters served in order, a failure frees its slot. */
import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.js';

/** A task that runs until released by hand, recording how many ran at once. */
function gate() {
  const releases: Array<() => void> = [];
  const started: string[] = [];
  let running = 0;
  let peak = 0;
  const task = (name: string) => async () => {
    started.push(name);
    running += 1;
    peak = Math.max(peak, running);
    await new Promise<void>((resolve) => releases.push(resolve));
    running -= 1;
    return name;
  };
  return { task, started, releases, peak: () => peak };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createLimiter', () => {
  it('runs at most `limit` tasks at once and starts the waiting ones in the order they asked', async () => {
    const limiter = createLimiter(2);
    const g = gate();
    const all = Promise.all(['a', 'b', 'c', 'd'].map((name) => limiter.run(g.task(name))));
    await settle();
    expect(g.started).toEqual(['a', 'b']);
    g.releases.shift()?.();
    await settle();
    expect(g.started).toEqual(['a', 'b', 'c']);
    while (g.releases.length > 0) {
      g.releases.shift()?.();
      await settle();
    }
    expect(await all).toEqual(['a', 'b', 'c', 'd']);
    expect(g.peak()).toBe(2);
  });

  it('gives the slot back when a task fails', async () => {
    const limiter = createLimiter(1);
    await expect(
      limiter.run(async () => {
        throw new Error('model answered 500');
      }),
    ).rejects.toThrow('model answered 500');
    expect(await limiter.run(async () => 'next')).toBe('next');
  });
});
