/**
 * Composes a .docx in a worker thread whose heap is capped, with at most a few such workers at
 * once. Composing is allocation-heavy (docx keeps the whole document as objects, then as an XML
 * object tree, then as strings): about 20 MB of heap per 10 pages at its peak. In a worker the
 * peak is bounded by the cap and the garbage goes with the thread; the service's own heap stays
 * the size it was.
 */
import { runBoundedWorker, WorkerCrashError, WorkerOutOfMemoryError, WorkerStartError, WorkerTimeoutError } from '../kernel/bounded-worker.js';
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

/** The worker's budgets become the export's domain answer; anything else is a bug (a 500). */
async function runWorker(doc: ComposedDocument, options: WorkerComposeOptions): Promise<Buffer> {
  let message: ComposeWorkerResponse;
  try {
    message = await runBoundedWorker<ComposeWorkerResponse>({
      callerUrl: import.meta.url,
      module: 'compose-docx.worker',
      workerData: doc,
      timeoutMs: options.timeoutMs,
      maxHeapMb: options.maxHeapMb,
    });
  } catch (error) {
    if (error instanceof WorkerTimeoutError) throw new DomainValidationError(`the document is too large to export within ${options.timeoutMs / 1000} s`);
    if (error instanceof WorkerOutOfMemoryError) throw new DomainValidationError(`the document is too large to export within the ${options.maxHeapMb} MB memory budget`);
    // A worker that cannot start is a deployment bug: surfaced as thrown, like a crash.
    if (error instanceof WorkerStartError) throw error.cause;
    if (error instanceof WorkerCrashError) {
      throw new Error(error.thrown ? `export worker failed: ${error.thrown.message}` : `export worker exited with code ${error.exitCode} before answering`);
    }
    throw error;
  }
  if (!message.ok) throw new Error(`export worker failed: ${message.message}`);
  return Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
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
