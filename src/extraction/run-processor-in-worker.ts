/**
 * `runProcessor` in a worker thread with a wall-clock and a heap budget. Extraction is CPU work
 * on untrusted files; in the service's own thread a large text or sheet would stall every HTTP
 * request and progress stream for as long as it takes. A run past its budget is stopped and ends
 * with a categorised error (`timeout` or `capacity`), like any other failed extraction.
 */
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../kernel/module-worker.js';
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

/** Like `runProcessor`, never throws: a stopped or crashed worker is an error in the result. */
export function runProcessorInWorker(processorId: string, input: RunProcessorInput, budget: ProcessorBudget): Promise<ProcessorResult> {
  return new Promise((resolve) => {
    let settled = false;
    let worker: Worker | undefined;
    const finish = (result: ProcessorResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker?.terminate();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish(failedResult('processor_timeout', 'timeout', `extraction exceeded its time budget of ${Math.round(budget.timeoutMs / 1000)} s and was stopped`)),
      budget.timeoutMs,
    );
    const { bytes, ...rest } = input;
    // A copy: the worker owns its buffer and the caller's Buffer stays intact.
    const request: ProcessorWorkerRequest = { processor_id: processorId, bytes: new Uint8Array(bytes), input: rest };
    try {
      worker = startModuleWorker(import.meta.url, 'processor.worker', request, { maxOldGenerationSizeMb: budget.maxHeapMb });
    } catch (error) {
      finish(failedResult('internal_error', 'internal', `the extraction worker could not start: ${error instanceof Error ? error.message : String(error)}`));
      return;
    }
    const items: ExtractedItem[] = [];
    worker.on('message', (message: ProcessorWorkerMessage) => {
      if (message.kind === 'result') {
        finish({ ...message.result, items });
        return;
      }
      appendItems(items, message.items);
      setImmediate(() => {
        if (!settled) worker?.postMessage('next');
      });
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        finish(failedResult('processor_out_of_memory', 'capacity', `extraction needed more than its memory budget of ${budget.maxHeapMb} MB and was stopped`));
      } else {
        finish(failedResult('internal_error', 'internal', `extraction failed: ${error.message}`));
      }
    });
    worker.on('exit', (code) => finish(failedResult('internal_error', 'internal', `the extraction worker exited with code ${code} before answering`)));
  });
}
