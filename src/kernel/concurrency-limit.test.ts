/** At most `limit` tasks run at once; past the waiting bound a task is refused at once with 503. */
import { expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit.js';
import { ServiceUnavailableError } from './errors.js';

it('runs at most `limit` tasks at once, starts the waiting ones in order, and refuses past the queue bound', async () => {
  const limit = createConcurrencyLimit(2, 1, 'busy');
  let running = 0;
  let peak = 0;
  const started: number[] = [];
  const gates: Array<() => void> = [];
  const task = (n: number) => () => {
    started.push(n);
    running += 1;
    peak = Math.max(peak, running);
    return new Promise<number>((resolve) =>
      gates.push(() => {
        running -= 1;
        resolve(n);
      }),
    );
  };
  const first = limit.run(task(1));
  const second = limit.run(task(2));
  const third = limit.run(task(3));
  await expect(limit.run(task(4))).rejects.toBeInstanceOf(ServiceUnavailableError);
  await Promise.resolve();
  expect(started).toEqual([1, 2]);
  gates[0]();
  expect(await first).toBe(1);
  await new Promise((resolve) => setImmediate(resolve));
  expect(started).toEqual([1, 2, 3]);
  gates[1]();
  gates[2]();
  expect(await Promise.all([second, third])).toEqual([2, 3]);
  expect(peak).toBe(2);
  // Every slot came back: two more run at once.
  const again = [limit.run(async () => 'a'), limit.run(async () => 'b')];
  expect(await Promise.all(again)).toEqual(['a', 'b']);
});
