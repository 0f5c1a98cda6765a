/** Messages between run-processor-in-worker.ts and processor.worker.ts. */
import type { RunProcessorInput } from './processor-catalog.js';
import type { ExtractedItem, ProcessorResult } from './types.js';

export interface ProcessorWorkerRequest {
  processor_id: string;
  /** The file, copied into the worker's own memory. */
  bytes: Uint8Array;
  input: Omit<RunProcessorInput, 'bytes'>;
}

/**
 * The answer comes in pieces: items in chunks, then the rest of the result. The worker sends the
 * first piece unasked and each next one when the parent posts `'next'`, which the parent does
 * from `setImmediate`: messages that arrive together are all delivered in one turn of the
 * parent's event loop, so a burst (a 10 MB text yields over half a million items) would stall
 * the service for seconds, where one chunk at a time costs milliseconds.
 */
export type ProcessorWorkerMessage = { kind: 'items'; items: ExtractedItem[] } | { kind: 'result'; result: ProcessorResult };

/** Items per `items` message. */
export const ITEMS_PER_MESSAGE = 2000;
