/**
 * `runProcessor` in a worker thread with a wall-clock and a heap budget. Extraction is CPU work
 * on untrusted files; in the service's own thread a large text or sheet would stall every HTTP
 * request and progress stream for as long as it takes. A run past its budget is stopped and ends
 * with a categorised error (`timeout` or `capacity`), like any other failed extraction.
 */
import {
  converseWithBoundedWorker,
  WorkerAbortedError,
  WorkerCrashError,
  WorkerOutOfMemoryError,
  WorkerStartError,
  WorkerTimeoutError,
} from '../kernel/bounded-worker.js';
import { failedResult, type RunProcessorInput } from './processor-catalog.js';
import { appendItems } from './items.js';
import type { ProcessorWorkerMessage, ProcessorWorkerRequest } from './processor-worker-protocol.js';
import type { ExtractedItem, ProcessorResult } from './types.js';

export interface ProcessorBudget {
  /** Wall-clock budget of the whole extraction (PDF reading and OCR included). */
  timeoutMs: number;
  /** V8 old-generation cap of the worker, in MB. */
  maxHeapMb: number;
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
export async function runProcessorInWorker(processorId: string, input: RunProcessorInput, budget: ProcessorBudget, signal?: AbortSignal): Promise<ProcessorResult> {
  const { bytes, ...rest } = input;
  // A copy: the worker owns its buffer and the caller's Buffer stays intact.
  const request: ProcessorWorkerRequest = { processor_id: processorId, bytes: new Uint8Array(bytes), input: rest };
  const items: ExtractedItem[] = [];
  try {
    return await converseWithBoundedWorker<ProcessorWorkerMessage, ProcessorResult>(
      { callerUrl: import.meta.url, module: 'processor.worker', workerData: request, timeoutMs: budget.timeoutMs, maxHeapMb: budget.maxHeapMb, signal },
      (message, post) => {
        if (message.kind === 'result') return { done: true, value: { ...message.result, items } };
        appendItems(items, message.items);
        // The next chunk on the next turn of the event loop (see the protocol), so HTTP
        // requests and progress streams get their turn between chunks.
        setImmediate(() => post('next'));
        return { done: false };
      },
    );
  } catch (error) {
    return failureOf(error, budget);
  }
}
