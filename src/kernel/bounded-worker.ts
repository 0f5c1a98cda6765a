/**
 * A module worker run within a budget: a wall-clock deadline and a V8 heap cap. The service runs
 * untrusted or unbounded work (PDF parsing, extraction, .docx composition) in worker threads so
 * that its own event loop and heap stay free; what makes that safe is that each such worker is
 * stopped when it runs out of time or memory, and that its outcome is one of a few typed errors
 * the caller turns into its own domain answer. The worker is terminated however the run ends, so
 * a worker that answered and kept going (or was abandoned) never lingers.
 */
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from './module-worker.js';

/** Which worker module to start, with what, and within which budget. */
export interface BoundedWorkerOptions {
  /** The caller's `import.meta.url`: the worker module sits beside the caller. */
  callerUrl: string;
  /** The worker module's file name without extension, e.g. `pdf-text.worker`. */
  module: string;
  /** Structured-cloned into the worker as its `workerData`. */
  workerData: unknown;
  /** Wall-clock budget from the start of the worker; it is terminated when it runs out. */
  timeoutMs: number;
  /** V8 old-generation cap of the worker, in MB. */
  maxHeapMb: number;
  /** Stops the worker when aborted (the work was cancelled); the run rejects with `WorkerAbortedError`. */
  signal?: AbortSignal;
}

/** What a message handler decides: the run's answer, or keep listening. */
export type WorkerStep<T> = { done: true; value: T } | { done: false };

/**
 * Handles one message of the worker. `post` sends a message to the worker; after the run has
 * ended it does nothing, so a reply scheduled for later (e.g. from `setImmediate`) is safe.
 */
export type WorkerMessageHandler<M, T> = (message: M, post: (reply: unknown) => void) => WorkerStep<T>;

/** The worker could not be started (the thrown value is the `cause`). */
export class WorkerStartError extends Error {
  override readonly name = 'WorkerStartError';
  constructor(override readonly cause: unknown) {
    super(`the worker could not start: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** The caller's signal aborted the run and the worker was terminated. */
export class WorkerAbortedError extends Error {
  override name = 'WorkerAbortedError';
  constructor() {
    super('the worker was stopped: its work was cancelled');
  }
}

/** The worker did not answer within its wall-clock budget and was terminated. */
export class WorkerTimeoutError extends Error {
  override readonly name = 'WorkerTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`the worker did not answer within ${timeoutMs} ms and was stopped`);
  }
}

/** The worker reached its heap cap (V8 stops such a thread; `cause` is the worker's error). */
export class WorkerOutOfMemoryError extends Error {
  override readonly name = 'WorkerOutOfMemoryError';
  constructor(
    readonly maxHeapMb: number,
    override readonly cause: Error,
  ) {
    super(`the worker needed more than its ${maxHeapMb} MB heap: ${cause.message}`);
  }
}

/**
 * The worker failed before answering: either an uncaught error (`thrown`, `exitCode` undefined)
 * or an exit without one (`exitCode`, `thrown` undefined), e.g. `process.exit()` or a closed port.
 */
export class WorkerCrashError extends Error {
  override readonly name = 'WorkerCrashError';
  readonly thrown: Error | undefined;
  readonly exitCode: number | undefined;
  constructor(outcome: { thrown: Error } | { exitCode: number }) {
    super('thrown' in outcome ? `the worker failed: ${outcome.thrown.message}` : `the worker exited with code ${outcome.exitCode} before answering`);
    this.thrown = 'thrown' in outcome ? outcome.thrown : undefined;
    this.exitCode = 'exitCode' in outcome ? outcome.exitCode : undefined;
  }
}

function isOutOfMemory(error: Error): boolean {
  return (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/**
 * Runs a worker that answers with several messages: `onMessage` sees each one (and may reply)
 * until it returns `{ done: true, value }`. The worker is terminated as soon as the run ends,
 * whichever way.
 *
 * @throws WorkerStartError when the worker cannot be started.
 * @throws WorkerTimeoutError when no answer comes within `timeoutMs`.
 * @throws WorkerOutOfMemoryError when the worker reaches `maxHeapMb`.
 * @throws WorkerCrashError when the worker throws or exits before answering.
 * @throws whatever `onMessage` throws (the worker is terminated first).
 */
export function converseWithBoundedWorker<M, T>(options: BoundedWorkerOptions, onMessage: WorkerMessageHandler<M, T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = startModuleWorker(options.callerUrl, options.module, options.workerData, { maxOldGenerationSizeMb: options.maxHeapMb });
    } catch (error) {
      reject(new WorkerStartError(error));
      return;
    }
    let settled = false;
    // The first outcome wins: an uncaught error is followed by an `exit`, a timeout by the
    // `exit` of the termination, and neither may overwrite what the caller was told.
    const finish = (outcome: { value: T } | { error: unknown }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      // Not awaited: a thread stuck in native code can take a while to stop, and the deadline
      // is a promise to the caller, not to the thread.
      worker.terminate().catch(() => undefined);
      if ('value' in outcome) resolve(outcome.value);
      else reject(outcome.error);
    };
    const timer = setTimeout(() => finish({ error: new WorkerTimeoutError(options.timeoutMs) }), options.timeoutMs);
    const onAbort = (): void => finish({ error: new WorkerAbortedError() });
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    const post = (reply: unknown): void => {
      if (!settled) worker.postMessage(reply);
    };
    worker.on('message', (message: M) => {
      if (settled) return;
      let step: WorkerStep<T>;
      try {
        step = onMessage(message, post);
      } catch (error) {
        finish({ error });
        return;
      }
      if (step.done) finish({ value: step.value });
    });
    worker.on('error', (error: Error) => {
      finish({ error: isOutOfMemory(error) ? new WorkerOutOfMemoryError(options.maxHeapMb, error) : new WorkerCrashError({ thrown: error }) });
    });
    worker.on('exit', (exitCode: number) => finish({ error: new WorkerCrashError({ exitCode }) }));
  });
}

/**
 * Runs a worker that answers with one message, and resolves with that message.
 *
 * @throws WorkerStartError, WorkerTimeoutError, WorkerOutOfMemoryError, WorkerCrashError as
 *   `converseWithBoundedWorker`.
 */
export function runBoundedWorker<M>(options: BoundedWorkerOptions): Promise<M> {
  return converseWithBoundedWorker<M, M>(options, (message) => ({ done: true, value: message }));
}
