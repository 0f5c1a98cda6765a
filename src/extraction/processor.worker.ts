/**
 * Pooled worker thread: runs one processor on one file per task and streams the result back.
 * Used by run-processor-in-worker.ts, so extraction's CPU time (regexes over large texts, docx
 * and sheet parsing, layout) never blocks the service's event loop and a runaway input can be
 * stopped. The thread outlives its tasks: loading the parsers costs about a second of CPU, far
 * more than extracting an ordinary file.
 */
import { serveWorkerPoolTasks } from '../kernel/worker-pool-server.js';
import { runProcessor } from './processor-catalog.js';
import { ITEMS_PER_MESSAGE, type ProcessorWorkerRequest } from './processor-worker-protocol.js';
import type { ProcessorResult } from './types.js';

serveWorkerPoolTasks<ProcessorWorkerRequest, ProcessorResult>(async (request, conversation) => {
  // Structured cloning delivers the Buffer as a plain Uint8Array; processors expect a Buffer.
  const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
  // runProcessor never throws: failures come back as errors in the result.
  const result = await runProcessor(request.processor_id, { ...request.input, bytes });
  // One chunk per step, each waiting for the caller's reply (see the protocol): messages posted
  // in a burst would be delivered to it in one turn of its event loop.
  for (let next = 0; next < result.items.length; next += ITEMS_PER_MESSAGE) {
    await conversation.ask(result.items.slice(next, next + ITEMS_PER_MESSAGE));
  }
  return { ...result, items: [] };
});
