/**
 * Worker thread: composes one document and posts the bytes back. Started by
 * compose-in-worker.ts with a capped heap, so a large export's garbage (the docx object tree and
 * its XML) lives and dies in this thread's heap instead of growing the service's.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { composeDocx } from './compose-docx.js';
import type { ComposedDocument } from './composed-document.js';
import type { ComposeWorkerResponse } from './compose-worker-protocol.js';

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('compose-docx.worker.ts must run as a worker thread');
  let response: ComposeWorkerResponse;
  let transfer: ArrayBuffer[] = [];
  try {
    const bytes = await composeDocx(workerData as ComposedDocument);
    // A fresh, exact-size copy: the Buffer may be a view into a larger pooled ArrayBuffer,
    // and only a whole ArrayBuffer can be transferred (moved, not copied) to the parent.
    const owned = new Uint8Array(bytes);
    response = { ok: true, bytes: owned };
    transfer = [owned.buffer];
  } catch (error) {
    response = { ok: false, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  port.postMessage(response, transfer);
}

await main();
