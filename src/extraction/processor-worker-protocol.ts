/** Messages between run-processor-in-worker.ts and processor.worker.ts (a WorkerPool conversation). */
import type { RunProcessorInput } from './processor-catalog.js';

export interface ProcessorWorkerRequest {
  processor_id: string;
  /** The file, copied into the worker's own memory. */
  bytes: Uint8Array;
  input: Omit<RunProcessorInput, 'bytes'>;
}

/**
 * The answer comes in pieces: each step of the conversation is a chunk of items (an
 * `ExtractedItem[]`), and the task's value is the rest of the result. The worker sends the next
 * chunk when the parent replies to the previous one, which the parent does from `setImmediate`:
 * messages that arrive together are all delivered in one turn of the parent's event loop, so a
 * burst (a 10 MB text yields over half a million items) would stall the service for seconds,
 * where one chunk at a time costs milliseconds.
 */
export const ITEMS_PER_MESSAGE = 2000;
