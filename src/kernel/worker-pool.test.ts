import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PoolTaskError,
  WorkerAbortedError,
  WorkerOutOfMemoryError,
  WorkerPool,
  type WorkerPoolOptions,
  WorkerQueueTimeoutError,
  WorkerTimeoutError,
  workerPoolHeaps,
} from './worker-pool.js';
import type { PoolProbeRequest } from './test-support/pool-probe.worker.js';

const pools: Array<WorkerPool<PoolProbeRequest, number>> = [];
const LONG = { timeoutMs: 20_000, queueTimeoutMs: 20_000 };

function pool(size: number, maxHeapMb = 48, more: Partial<WorkerPoolOptions> = {}): WorkerPool<PoolProbeRequest, number> {
  const created = new WorkerPool<PoolProbeRequest, number>({ callerUrl: import.meta.url, module: 'test-support/pool-probe.worker', size, maxHeapMb, ...more });
  pools.push(created);
  return created;
}

describe('WorkerPool', () => {
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  it('keeps its workers between tasks (the same thread answers twice)', async () => {
    const p = pool(1);
    const first = await p.run({ mode: 'whoami' }, LONG);
    const second = await p.run({ mode: 'whoami' }, LONG);
    expect(second).toBe(first);
    expect(p.stats()).toMatchObject({ size: 1, busy: 0, queued: 0, started: 1 });
  });

  it("reports its workers' heaps after their tasks, for the process's metrics, until it is closed", async () => {
    const p = pool(2, 48, { module: 'test-support/pool-probe.worker' });
    expect(p.heap()).toEqual({ module: 'test-support/pool-probe.worker', workers: 0, heapMb: 0 });
    await Promise.all([p.run({ mode: 'whoami' }, LONG), p.run({ mode: 'whoami' }, LONG)]);
    const heap = p.heap();
    expect(heap.workers).toBe(2);
    expect(heap.heapMb).toBeGreaterThan(0);
    expect(workerPoolHeaps().find((h) => h.module === 'test-support/pool-probe.worker')?.heapMb).toBeGreaterThanOrEqual(heap.heapMb);
    await p.close();
    expect(workerPoolHeaps().filter((h) => h.module === 'test-support/pool-probe.worker' && h.workers > 0)).toEqual(
      // Other tests' pools of the same module are closed after each test: none is left open here.
      [],
    );
  });

  it('stops a task past its run deadline, replaces the worker, and the next task runs on a new one', async () => {
    const p = pool(1);
    const before = await p.run({ mode: 'whoami' }, LONG);
    // The spin never ends by itself: only the deadline settles this (else the test times out).
    await expect(p.run({ mode: 'spin' }, { timeoutMs: 400, queueTimeoutMs: 20_000 })).rejects.toBeInstanceOf(WorkerTimeoutError);
    const after = await p.run({ mode: 'whoami' }, LONG);
    expect(after).not.toBe(before);
    expect(p.stats()).toMatchObject({ size: 1, started: 2 });
  });

  it('starts the run deadline when a ready worker takes the task, not while the worker starts', async () => {
    const p = pool(1);
    // A cold start (tsx compiling the worker module) takes far longer than 200 ms.
    await expect(p.run({ mode: 'whoami' }, { timeoutMs: 200, queueTimeoutMs: 20_000 })).resolves.toEqual(expect.any(Number));
  });

  it('replaces a worker that reached its heap cap', async () => {
    const p = pool(1, 32);
    const before = await p.run({ mode: 'whoami' }, LONG);
    await expect(p.run({ mode: 'allocate' }, LONG)).rejects.toBeInstanceOf(WorkerOutOfMemoryError);
    const after = await p.run({ mode: 'whoami' }, LONG);
    expect(after).not.toBe(before);
  });

  it('reports a task that throws without losing the worker', async () => {
    const p = pool(1);
    const before = await p.run({ mode: 'whoami' }, LONG);
    await expect(p.run({ mode: 'throw', message: 'no such filter' }, LONG)).rejects.toEqual(new PoolTaskError('no such filter'));
    expect(await p.run({ mode: 'whoami' }, LONG)).toBe(before);
  });

  it('queues tasks beyond its size and runs them in order on the bounded workers', async () => {
    const p = pool(2);
    p.warm();
    await vi.waitFor(() => expect(p.stats().ready).toBe(2), { timeout: 20_000 });
    const runs = Array.from({ length: 6 }, () => p.run({ mode: 'whoami', delayMs: 50 }, LONG));
    expect(p.stats()).toMatchObject({ busy: 2, queued: 4 });
    const threads = await Promise.all(runs);
    expect(new Set(threads).size).toBe(2);
    expect(p.stats()).toMatchObject({ busy: 0, queued: 0, started: 2 });
  });

  it('fails a task whose queue deadline passes while it waits, without running it', async () => {
    const p = pool(1);
    await p.run({ mode: 'whoami' }, LONG);
    const blocker = p.run({ mode: 'spin' }, { timeoutMs: 1_000, queueTimeoutMs: 20_000 });
    const queued = p.run({ mode: 'whoami' }, { timeoutMs: 20_000, queueTimeoutMs: 300 });
    await expect(queued).rejects.toBeInstanceOf(WorkerQueueTimeoutError);
    expect(p.stats()).toMatchObject({ busy: 1, queued: 0 });
    await expect(blocker).rejects.toBeInstanceOf(WorkerTimeoutError);
    await expect(p.run({ mode: 'whoami' }, LONG)).resolves.toEqual(expect.any(Number));
  });

  it('keeps the main event loop free while a worker spins', async () => {
    const p = pool(1);
    await p.run({ mode: 'whoami' }, LONG);
    // An order of events, not a duration: the spin never ends by itself, so whatever the main
    // thread gets done before we stop it, it did while a worker spun.
    const stop = new AbortController();
    const spin = p.run({ mode: 'spin' }, { timeoutMs: 60_000, queueTimeoutMs: 20_000, signal: stop.signal });
    await expect.poll(() => p.stats().busy, { timeout: 20_000 }).toBe(1);
    let turns = 0;
    for (let i = 0; i < 20; i += 1) await new Promise<void>((resolve) => setImmediate(() => resolve(void (turns += 1))));
    const read = await readFile(fileURLToPath(import.meta.url), 'utf8');
    expect({ turns, read: read.length > 0, busy: p.stats().busy }).toEqual({ turns: 20, read: true, busy: 1 });
    stop.abort();
    await expect(spin).rejects.toBeInstanceOf(WorkerAbortedError);
  });

  it('converses: each step reaches the caller, the worker waits for its reply, and the worker is kept', async () => {
    const p = pool(1);
    const before = await p.run({ mode: 'whoami' }, LONG);
    const steps: unknown[] = [];
    const sum = await p.converse({ mode: 'chat', steps: 3 }, LONG, (step, reply) => {
      steps.push(step);
      reply(Number(step) * 10);
    });
    expect(steps).toEqual([1, 2, 3]);
    expect(sum).toBe(60);
    expect(await p.run({ mode: 'whoami' }, LONG)).toBe(before);
  });

  it('cancels a running task through its signal, replacing the worker, and a queued one without running it', async () => {
    const p = pool(1);
    const before = await p.run({ mode: 'whoami' }, LONG);
    const running = new AbortController();
    const queued = new AbortController();
    const spin = p.run({ mode: 'spin' }, { ...LONG, signal: running.signal });
    const waiting = p.run({ mode: 'whoami' }, { ...LONG, signal: queued.signal });
    queued.abort();
    await expect(waiting).rejects.toBeInstanceOf(WorkerAbortedError);
    running.abort();
    await expect(spin).rejects.toBeInstanceOf(WorkerAbortedError);
    const after = await p.run({ mode: 'whoami' }, LONG);
    expect(after).not.toBe(before);
    expect(p.stats()).toMatchObject({ busy: 0, queued: 0, started: 2 });
  });

  it('fails a conversation whose step handler throws, and replaces its worker', async () => {
    const p = pool(1);
    const before = await p.run({ mode: 'whoami' }, LONG);
    await expect(
      p.converse({ mode: 'chat', steps: 2 }, LONG, () => {
        throw new Error('the caller gave up');
      }),
    ).rejects.toThrow('the caller gave up');
    expect(await p.run({ mode: 'whoami' }, LONG)).not.toBe(before);
  });

  it('recycles a worker after maxTasksPerWorker tasks, and one left with a heap above recycleAboveHeapMb', async () => {
    const byCount = pool(1, 48, { maxTasksPerWorker: 2 });
    const first = await byCount.run({ mode: 'whoami' }, LONG);
    expect(await byCount.run({ mode: 'whoami' }, LONG)).toBe(first);
    expect(await byCount.run({ mode: 'whoami' }, LONG)).not.toBe(first);

    const byHeap = pool(1, 256, { recycleAboveHeapMb: 64 });
    const light = await byHeap.run({ mode: 'whoami' }, LONG);
    expect(await byHeap.run({ mode: 'whoami' }, LONG)).toBe(light);
    const heavy = await byHeap.run({ mode: 'hold', mb: 100 }, LONG);
    expect(heavy).toBe(light);
    expect(await byHeap.run({ mode: 'whoami' }, LONG)).not.toBe(light);
  });

  it('runs tasks of one affinity on one worker and tasks of the other lane on the other, even one at a time', async () => {
    const p = pool(2);
    p.warm();
    await vi.waitFor(() => expect(p.stats().ready).toBe(2), { timeout: 20_000 });
    const threads: Record<string, number[]> = { even: [], odd: [] };
    // One task at a time, so both workers are always free: only the affinity chooses.
    for (const affinity of [0, 1, 2, 3, 4, 5]) threads[affinity % 2 === 0 ? 'even' : 'odd'].push(await p.run({ mode: 'whoami' }, { ...LONG, affinity }));
    expect(new Set(threads.even).size).toBe(1);
    expect(new Set(threads.odd).size).toBe(1);
    expect(threads.even[0]).not.toBe(threads.odd[0]);
  });

  it('gives a task whose own worker is busy to a free worker at once: affinity never leaves a worker idle', async () => {
    const p = pool(2);
    p.warm();
    await vi.waitFor(() => expect(p.stats().ready).toBe(2), { timeout: 20_000 });
    const own = await p.run({ mode: 'whoami' }, { ...LONG, affinity: 0 });
    const slow = p.run({ mode: 'whoami', delayMs: 2_000 }, { ...LONG, affinity: 0 });
    const waiting = p.run({ mode: 'whoami' }, { ...LONG, affinity: 0 });
    const taken = await Promise.race([waiting, slow.then(() => 'the busy worker finished first')]);
    expect(taken).not.toBe(own);
    expect(taken).toEqual(expect.any(Number));
    expect(await slow).toBe(own);
  });
});
