/**
 * `runProcessor` in a worker thread with a wall-clock and a heap budget. Extraction is CPU work
 * on untrusted files; in the service's own thread a large text or sheet would stall every HTTP
 * request and progress stream for as long as it takes. A run past its budget is stopped (its
 * worker replaced) and ends with a categorised error (`timeout` or `capacity`), like any other
 * failed extraction.
 *
 * The workers are pooled and long-lived: a fresh thread per file spent about a second of CPU
 * loading the parsers (pdf.js, exceljs, mammoth, chrono…) before reading a byte, which under a
 * steady stream of uploads was most of the service's CPU. A worker left holding a large heap
 * after a file is recycled, so the process's memory does not keep the peak of its largest file.
 */
import { WorkerAbortedError, WorkerCrashError, WorkerOutOfMemoryError, WorkerPool, WorkerStartError, WorkerTimeoutError } from '../kernel/worker-pool.js';
import { failedResult, type RunProcessorInput } from './processor-catalog.js';
import { appendItems } from './items.js';
import type { ProcessorWorkerRequest } from './processor-worker-protocol.js';
import type { ExtractedItem, ProcessorResult } from './types.js';

export interface ProcessorBudget {
  /** Wall-clock budget of the whole extraction (PDF reading and OCR included). */
  timeoutMs: number;
  /** V8 old-generation cap of the worker, in MB. */
  maxHeapMb: number;
  /** Extractions at once in this process (pooled worker threads); default 2. */
  workers?: number;
}

const DEFAULT_WORKERS = 2;
/** A worker is replaced after this many files however small its heap stays (a bound on drift). */
const TASKS_PER_WORKER = 500;

/** One pool per budget shape (the configuration gives one; tests use a few). */
const pools = new Map<string, WorkerPool<ProcessorWorkerRequest, ProcessorResult>>();

function poolFor(budget: ProcessorBudget): WorkerPool<ProcessorWorkerRequest, ProcessorResult> {
  const size = budget.workers ?? DEFAULT_WORKERS;
  const key = `${size}:${budget.maxHeapMb}`;
  let pool = pools.get(key);
  if (!pool) {
    // Kept after an ordinary file, recycled after one that left more than this in its heap.
    const recycleAboveHeapMb = Math.min(192, Math.floor(budget.maxHeapMb / 2));
    pool = new WorkerPool({
      callerUrl: import.meta.url,
      module: 'processor.worker',
      size,
      maxHeapMb: budget.maxHeapMb,
      maxTasksPerWorker: TASKS_PER_WORKER,
      recycleAboveHeapMb,
    });
    pools.set(key, pool);
  }
  return pool;
}

/**
 * Stops the extraction workers of this thread (the server's close): like the PDF readers
 * (closePdfWorkers), a worker started from the TypeScript sources keeps the process alive
 * although it is unref'd. A later extraction starts anew.
 */
export async function closeProcessorWorkers(): Promise<void> {
  const open = [...pools.values()];
  pools.clear();
  await Promise.all(open.map((pool) => pool.close()));
}

/** The counters of the pool that runs extractions with this budget (tests, metrics). */
export function extractionWorkerStats(budget: ProcessorBudget) {
  return poolFor(budget).stats();
}

/** A worker that was stopped or failed, as the failed extraction it is. */
function failureOf(error: unknown, budget: ProcessorBudget): ProcessorResult {
  if (error instanceof WorkerAbortedError) return failedResult('internal_error', 'internal', 'extraction was cancelled');
  if (error instanceof WorkerTimeoutError) {
    return failedResult('processor_timeout', 'timeout', `extraction exceeded its time budget of ${Math.round(budget.timeoutMs / 1000)} s and was stopped`);
  }
  if (error instanceof WorkerOutOfMemoryError) {
    return failedResult('processor_out_of_memory', 'capacity', `extraction needed more than its memory budget of ${budget.maxHeapMb} MB and was stopped`);
  }
  if (error instanceof WorkerStartError) {
    const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
    return failedResult('internal_error', 'internal', `the extraction worker could not start: ${cause}`);
  }
  if (error instanceof WorkerCrashError && !error.thrown) {
    return failedResult('internal_error', 'internal', `the extraction worker exited with code ${error.exitCode} before answering`);
  }
  const thrown = error instanceof WorkerCrashError && error.thrown ? error.thrown : error;
  return failedResult('internal_error', 'internal', `extraction failed: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
}

/** Like `runProcessor`, never throws: a stopped or crashed worker is an error in the result. */
export async function runProcessorInWorker(
  processorId: string,
  input: RunProcessorInput,
  budget: ProcessorBudget,
  signal?: AbortSignal,
): Promise<ProcessorResult> {
  const { bytes, ...rest } = input;
  // A copy: the worker owns its buffer and the caller's Buffer stays intact.
  const request: ProcessorWorkerRequest = { processor_id: processorId, bytes: new Uint8Array(bytes), input: rest };
  const items: ExtractedItem[] = [];
  try {
    // The budget bounds the extraction from when a worker takes it; waiting for a free worker
    // (the job queue already bounds how many wait) may take as long again.
    const deadlines = { timeoutMs: budget.timeoutMs, queueTimeoutMs: budget.timeoutMs, signal };
    const result = await poolFor(budget).converse(request, deadlines, (chunk, reply) => {
      appendItems(items, chunk as ExtractedItem[]);
      // The next chunk on the next turn of the event loop (see the protocol), so HTTP
      // requests and progress streams get their turn between chunks.
      setImmediate(() => reply('next'));
    });
    return { ...result, items };
  } catch (error) {
    return failureOf(error, budget);
  }
}
