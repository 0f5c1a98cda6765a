import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type BoundedWorkerOptions,
  converseWithBoundedWorker,
  runBoundedWorker,
  WorkerCrashError,
  WorkerOutOfMemoryError,
  WorkerTimeoutError,
} from './bounded-worker.js';
import type { BudgetProbeRequest } from './test-support/budget-probe.worker.js';

function probe(request: BudgetProbeRequest, budget: { timeoutMs?: number; maxHeapMb?: number } = {}): BoundedWorkerOptions {
  return {
    callerUrl: import.meta.url,
    module: 'test-support/budget-probe.worker',
    workerData: request,
    timeoutMs: budget.timeoutMs ?? 30_000,
    maxHeapMb: budget.maxHeapMb ?? 64,
  };
}

describe('runBoundedWorker', () => {
  afterEach(() => vi.restoreAllMocks());

  it('resolves with the worker’s answer and terminates a worker that keeps running after it', async () => {
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    await expect(runBoundedWorker(probe({ mode: 'answer-and-linger', value: { n: 42 } }))).resolves.toEqual({ n: 42 });
    expect(terminate).toHaveBeenCalledTimes(1);
  });

  it('stops a worker past its deadline with a WorkerTimeoutError', async () => {
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    const run = runBoundedWorker(probe({ mode: 'sleep' }, { timeoutMs: 300 }));
    await expect(run).rejects.toBeInstanceOf(WorkerTimeoutError);
    await expect(run).rejects.toMatchObject({ timeoutMs: 300 });
    expect(terminate).toHaveBeenCalledTimes(1);
  });

  it('stops a worker at its heap cap with a WorkerOutOfMemoryError, where the same cap answers an ordinary run', async () => {
    await expect(runBoundedWorker(probe({ mode: 'answer', value: 'fits' }, { maxHeapMb: 32 }))).resolves.toBe('fits');
    const run = runBoundedWorker(probe({ mode: 'allocate' }, { maxHeapMb: 32 }));
    await expect(run).rejects.toBeInstanceOf(WorkerOutOfMemoryError);
    await expect(run).rejects.toMatchObject({ maxHeapMb: 32, cause: expect.objectContaining({ code: 'ERR_WORKER_OUT_OF_MEMORY' }) });
  });

  it('reports an uncaught error of the worker as a WorkerCrashError carrying it', async () => {
    const run = runBoundedWorker(probe({ mode: 'throw', message: 'boom' }));
    await expect(run).rejects.toBeInstanceOf(WorkerCrashError);
    await expect(run).rejects.toMatchObject({ thrown: expect.objectContaining({ message: 'boom' }), exitCode: undefined });
  });

  it('reports a worker that exits without answering as a WorkerCrashError with its exit code', async () => {
    const run = runBoundedWorker(probe({ mode: 'exit', code: 3 }));
    await expect(run).rejects.toBeInstanceOf(WorkerCrashError);
    await expect(run).rejects.toMatchObject({ exitCode: 3, thrown: undefined, message: expect.stringContaining('exited with code 3 before answering') });
  });
});

describe('converseWithBoundedWorker', () => {
  afterEach(() => vi.restoreAllMocks());

  it('hands each message to the handler, which replies, until it says the run is done', async () => {
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    const chunks: number[] = [];
    const total = await converseWithBoundedWorker<{ chunk: number } | { done: true }, number[]>(probe({ mode: 'stream', count: 5 }), (message, post) => {
      if ('done' in message) return { done: true, value: chunks };
      chunks.push(message.chunk);
      setImmediate(() => post('next'));
      return { done: false };
    });
    expect(total).toEqual([0, 1, 2, 3, 4]);
    expect(terminate).toHaveBeenCalledTimes(1);
  });

  it('ends the run with the handler’s own error when the handler throws', async () => {
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    const run = converseWithBoundedWorker(probe({ mode: 'stream', count: 5 }), () => {
      throw new Error('bad chunk');
    });
    await expect(run).rejects.toThrow('bad chunk');
    expect(terminate).toHaveBeenCalledTimes(1);
  });

  it('applies the deadline to the whole conversation, not to each message', async () => {
    let received = 0;
    const run = converseWithBoundedWorker(probe({ mode: 'stream', count: 100_000_000 }, { timeoutMs: 3_000 }), (_message, post) => {
      received++;
      setImmediate(() => post('next'));
      return { done: false };
    });
    await expect(run).rejects.toBeInstanceOf(WorkerTimeoutError);
    expect(received).toBeGreaterThan(1);
  });
});
