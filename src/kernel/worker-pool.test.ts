import { afterEach, describe, expect, it } from 'vitest';
import { PoolTaskError, WorkerOutOfMemoryError, WorkerPool, WorkerQueueTimeoutError, WorkerTimeoutError } from './worker-pool.js';
import type { PoolProbeRequest } from './test-support/pool-probe.worker.js';

const pools: Array<WorkerPool<PoolProbeRequest, number>> = [];

function pool(size: number, maxHeapMb = 48): WorkerPool<PoolProbeRequest, number> {
  const created = new WorkerPool<PoolProbeRequest, number>({ callerUrl: import.meta.url, module: 'test-support/pool-probe.worker', size, maxHeapMb });
  pools.push(created);
  return created;
}

describe('WorkerPool', () => {
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  it('keeps its workers between tasks (the same thread answers twice)', async () => {
    const p = pool(1);
    const first = await p.run({ mode: 'whoami' }, 20_000);
    const second = await p.run({ mode: 'whoami' }, 20_000);
    expect(second).toBe(first);
    expect(p.stats()).toMatchObject({ size: 1, busy: 0, queued: 0, started: 1 });
  });

  it('stops a task past its deadline, replaces the worker, and the next task runs on a new one', async () => {
    const p = pool(1);
    const before = await p.run({ mode: 'whoami' }, 20_000);
    const started = Date.now();
    await expect(p.run({ mode: 'spin' }, 400)).rejects.toBeInstanceOf(WorkerTimeoutError);
    expect(Date.now() - started).toBeLessThan(2_000);
    const after = await p.run({ mode: 'whoami' }, 20_000);
    expect(after).not.toBe(before);
    expect(p.stats().started).toBe(2);
  });

  it('replaces a worker that reached its heap cap', async () => {
    const p = pool(1, 32);
    const before = await p.run({ mode: 'whoami' }, 20_000);
    await expect(p.run({ mode: 'allocate' }, 20_000)).rejects.toBeInstanceOf(WorkerOutOfMemoryError);
    const after = await p.run({ mode: 'whoami' }, 20_000);
    expect(after).not.toBe(before);
  });

  it('reports a task that throws without losing the worker', async () => {
    const p = pool(1);
    const before = await p.run({ mode: 'whoami' }, 20_000);
    await expect(p.run({ mode: 'throw', message: 'no such filter' }, 20_000)).rejects.toEqual(new PoolTaskError('no such filter'));
    expect(await p.run({ mode: 'whoami' }, 20_000)).toBe(before);
  });

  it('queues tasks beyond its size and runs them in order on the bounded workers', async () => {
    const p = pool(2);
    await Promise.all([p.run({ mode: 'whoami' }, 20_000), p.run({ mode: 'whoami' }, 20_000)]);
    const runs = Array.from({ length: 6 }, () => p.run({ mode: 'whoami', delayMs: 50 }, 20_000));
    expect(p.stats()).toMatchObject({ busy: 2, queued: 4 });
    const threads = await Promise.all(runs);
    expect(new Set(threads).size).toBe(2);
    expect(p.stats()).toMatchObject({ busy: 0, queued: 0, started: 2 });
  });

  it('fails a task whose deadline passes while it waits in the queue, without running it', async () => {
    const p = pool(1);
    await p.run({ mode: 'whoami' }, 20_000);
    const blocker = p.run({ mode: 'spin' }, 1_000);
    const queued = p.run({ mode: 'whoami' }, 300);
    await expect(queued).rejects.toBeInstanceOf(WorkerQueueTimeoutError);
    expect(p.stats()).toMatchObject({ busy: 1, queued: 0 });
    await expect(blocker).rejects.toBeInstanceOf(WorkerTimeoutError);
    await expect(p.run({ mode: 'whoami' }, 20_000)).resolves.toEqual(expect.any(Number));
  });

  it('keeps the main event loop free while a worker spins', async () => {
    const p = pool(1);
    await p.run({ mode: 'whoami' }, 20_000);
    const spin = p.run({ mode: 'spin' }, 600).catch(() => 'stopped');
    let longest = 0;
    let last = Date.now();
    const ticker = setInterval(() => {
      const now = Date.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 10);
    expect(await spin).toBe('stopped');
    clearInterval(ticker);
    expect(longest).toBeLessThan(100);
  });
});
