/**
 * Worker thread: runs one processor on one file and posts the result back. Started by
 * run-processor-in-worker.ts, so extraction's CPU time (regexes over large texts, docx and sheet
 * parsing, layout) never blocks the service's event loop and a runaway input can be stopped.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runProcessor } from './processor-catalog.js';
import { ITEMS_PER_MESSAGE, type ProcessorWorkerMessage, type ProcessorWorkerRequest } from './processor-worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('processor.worker.ts must run as a worker thread');
const send = (message: ProcessorWorkerMessage): void => port.postMessage(message);
const request = workerData as ProcessorWorkerRequest;
// Structured cloning delivers the Buffer as a plain Uint8Array; processors expect a Buffer.
const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
// runProcessor never throws: failures come back as errors in the result.
const result = await runProcessor(request.processor_id, { ...request.input, bytes });
// One chunk per request of the parent (see the protocol): messages posted in a burst would be
// delivered to it in one turn of its event loop.
let next = 0;
const sendNext = (): void => {
  if (next < result.items.length) {
    send({ kind: 'items', items: result.items.slice(next, next + ITEMS_PER_MESSAGE) });
    next += ITEMS_PER_MESSAGE;
  } else {
    send({ kind: 'result', result: { ...result, items: [] } });
    port.close();
  }
};
port.on('message', sendNext);
sendNext();
