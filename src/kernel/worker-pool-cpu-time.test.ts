/**
 * The pool's CPU-time deadlines and moving-queue deadlines (issue 28, docs/adr/0202, 0203), on
 * real worker threads. A task that sleeps spends no CPU: it shows the difference between the
 * clocks without depending on how busy the machine is.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { PoolProbeRequest } from './test-support/pool-probe.worker.js';
import { WorkerOverloadedError, WorkerPool, WorkerQueueTimeoutError, WorkerTimeoutError } from './worker-pool.js';

const pools: Array<WorkerPool<PoolProbeRequest, number>> = [];
function pool(size: number): WorkerPool<PoolProbeRequest, number> {
  const created = new WorkerPool<PoolProbeRequest, number>({ callerUrl: import.meta.url, module: 'test-support/pool-probe.worker', size, maxHeapMb: 64 });
  pools.push(created);
  return created;
}
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

describe.runIf(process.platform === 'linux')('WorkerPool CPU-time deadlines', () => {
  it('lets a task that waits without computing run past its deadline when the deadline is CPU time, and not when it is wall clock', async () => {
    const p = pool(1);
    await p.run({ mode: 'whoami' }, { timeoutMs: 20_000, queueTimeoutMs: 20_000 });
    const cpu = p.run({ mode: 'whoami', delayMs: 1_500 }, { timeoutMs: 300, queueTimeoutMs: 20_000, cpuTime: { overloadAfterMs: 60_000 } });
    await expect(cpu).resolves.toEqual(expect.any(Number));
    const wall = p.run({ mode: 'whoami', delayMs: 1_500 }, { timeoutMs: 300, queueTimeoutMs: 20_000 });
    await expect(wall).rejects.toBeInstanceOf(WorkerTimeoutError);
  });

  it('stops a task that spends its CPU budget as over its time, not as overloaded', async () => {
    const p = pool(1);
    const spin = p.run({ mode: 'spin' }, { timeoutMs: 300, queueTimeoutMs: 20_000, cpuTime: { overloadAfterMs: 120_000 } });
    const error: unknown = await spin.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTimeoutError);
    expect(error).not.toBeInstanceOf(WorkerOverloadedError);
  });

  it('fails a task still within its CPU budget past the overload time as overloaded, saying how much CPU it had', async () => {
    const p = pool(1);
    const slow = p.run({ mode: 'whoami', delayMs: 10_000 }, { timeoutMs: 5_000, queueTimeoutMs: 20_000, cpuTime: { overloadAfterMs: 300 } });
    const error: unknown = await slow.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerOverloadedError);
    expect(String((error as Error).message)).toMatch(/ms of CPU in \d+ ms/);
  });
});

describe('WorkerPool queue deadlines', () => {
  /** 30 tasks of ≥ 100 ms each on one worker: the last waits ≥ 2.9 s, the queue moves every ~100 ms. */
  const queueOf30 = (p: WorkerPool<PoolProbeRequest, number>, queueWhileMoving: boolean) =>
    Array.from({ length: 30 }, () =>
      p.run({ mode: 'whoami', delayMs: 100 }, { timeoutMs: 20_000, queueTimeoutMs: 2_000, queueWhileMoving }).then(
        () => 'ran',
        (e: unknown) => e,
      ),
    );

  it('never fails a task of a long queue that moves when the queue deadline counts only standstill', async () => {
    const p = pool(1);
    await p.run({ mode: 'whoami' }, { timeoutMs: 20_000, queueTimeoutMs: 20_000 });
    expect(new Set(await Promise.all(queueOf30(p, true)))).toEqual(new Set(['ran']));
  });

  it('fails the later tasks of the same queue when the deadline counts all waiting', async () => {
    const p = pool(1);
    await p.run({ mode: 'whoami' }, { timeoutMs: 20_000, queueTimeoutMs: 20_000 });
    const outcomes = await Promise.all(queueOf30(p, false));
    expect(outcomes.at(-1)).toBeInstanceOf(WorkerQueueTimeoutError);
  });
});
