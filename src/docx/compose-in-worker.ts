/**
 * Composes a .docx in a worker thread whose heap is capped, with at most a few such workers at
 * once. Composing is allocation-heavy (docx keeps the whole document as objects, then as an XML
 * object tree, then as strings): about 20 MB of heap per 10 pages at its peak. In a worker the
 * peak is bounded by the cap and the garbage goes with the thread; the service's own heap stays
 * the size it was.
 */
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../kernel/module-worker.js';
import { DomainValidationError } from '../kernel/errors.js';
import type { ComposedDocument } from './composed-document.js';
import type { ComposeWorkerResponse } from './compose-worker-protocol.js';

export interface WorkerComposeOptions {
  /** V8 old-generation cap of the worker, in MB. */
  maxHeapMb: number;
  /** Wall-clock budget; the worker is terminated when it runs out. */
  timeoutMs: number;
}

export const DEFAULT_WORKER_COMPOSE_OPTIONS: Readonly<WorkerComposeOptions> = Object.freeze({ maxHeapMb: 256, timeoutMs: 120_000 });

/** Workers composing at once in this process; more exports wait their turn. */
export const MAX_CONCURRENT_WORKERS = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function acquireSlot(): Promise<void> {
  if (running < MAX_CONCURRENT_WORKERS) {
    running++;
    return;
  }
  // The slot is handed over by releaseSlot, so `running` never dips below the real count.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function releaseSlot(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

function startWorker(doc: ComposedDocument, maxHeapMb: number): Worker {
  return startModuleWorker(import.meta.url, 'compose-docx.worker', doc, { maxOldGenerationSizeMb: maxHeapMb });
}

function isOutOfMemory(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

function runWorker(doc: ComposedDocument, options: WorkerComposeOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = startWorker(doc, options.maxHeapMb);
    const finish = (outcome: { bytes: Buffer } | { error: Error }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if ('bytes' in outcome) resolve(outcome.bytes);
      else reject(outcome.error);
    };
    const timer = setTimeout(() => finish({ error: new DomainValidationError(`the document is too large to export within ${options.timeoutMs / 1000} s`) }), options.timeoutMs);
    worker.on('message', (message: ComposeWorkerResponse) => {
      if (message.ok) finish({ bytes: Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength) });
      else finish({ error: new Error(`export worker failed: ${message.message}`) });
    });
    worker.on('error', (error: Error) => {
      if (isOutOfMemory(error)) {
        finish({ error: new DomainValidationError(`the document is too large to export within the ${options.maxHeapMb} MB memory budget`) });
      } else {
        finish({ error: new Error(`export worker failed: ${error.message}`) });
      }
    });
    worker.on('exit', (code) => finish({ error: new Error(`export worker exited with code ${code} before answering`) }));
  });
}

/**
 * The same bytes as `composeDocx(doc)`, composed in a capped worker thread.
 *
 * @throws DomainValidationError when the document does not fit the worker's heap or time budget;
 *   Error when the worker fails otherwise (a bug).
 */
export async function composeDocxInWorker(doc: ComposedDocument, options: WorkerComposeOptions = DEFAULT_WORKER_COMPOSE_OPTIONS): Promise<Buffer> {
  await acquireSlot();
  try {
    return await runWorker(doc, options);
  } finally {
    releaseSlot();
  }
}
