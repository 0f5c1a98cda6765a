/**
 * Composes a .docx in a worker thread whose heap is capped, with at most a few such workers at
 * once. Composing is allocation-heavy (docx keeps the whole document as objects, then as an XML
 * object tree, then as strings): about 20 MB of heap per 10 pages at its peak. In a worker the
 * peak is bounded by the cap and the garbage stays in that thread; the service's own heap stays
 * the size it was.
 *
 * The workers are pooled (kernel/worker-pool.ts): started with the first large export and kept,
 * because starting a thread and loading docx and the composer in it cost about as much as
 * composing a 200-section document (issue #17: the HTTP export lost its time there). A worker
 * whose heap is left large after an export is replaced, so an idle service does not keep a large
 * export's heap.
 */
import { DomainValidationError, ServiceUnavailableError } from '../kernel/errors.js';
import {
  PoolTaskError,
  WorkerCrashError,
  WorkerOutOfMemoryError,
  WorkerPool,
  WorkerQueueTimeoutError,
  WorkerStartError,
  WorkerTimeoutError,
} from '../kernel/worker-pool.js';
import type { ComposedDocument } from './composed-document.js';

export interface WorkerComposeOptions {
  /** V8 old-generation cap of the worker, in MB. */
  maxHeapMb: number;
  /** Wall-clock budget; the worker is terminated when it runs out. */
  timeoutMs: number;
}

export const DEFAULT_WORKER_COMPOSE_OPTIONS: Readonly<WorkerComposeOptions> = Object.freeze({ maxHeapMb: 256, timeoutMs: 120_000 });

/** Workers composing at once in this process; more exports wait their turn. */
export const MAX_CONCURRENT_WORKERS = 2;

/** How long an export waits for a free composer before the service answers that it is busy. */
const QUEUE_TIMEOUT_MS = 5 * 60_000;

/** One pool per heap cap (the service uses one; tests ask for a small cap). */
const pools = new Map<number, WorkerPool<ComposedDocument, Uint8Array>>();

function poolFor(maxHeapMb: number): WorkerPool<ComposedDocument, Uint8Array> {
  let pool = pools.get(maxHeapMb);
  if (!pool) {
    // Replaced when an export leaves more than 60 % of the cap in use: the next export then
    // starts from a small heap, and an idle service does not hold a large export's.
    pool = new WorkerPool({
      callerUrl: import.meta.url,
      module: 'compose-docx.worker',
      size: MAX_CONCURRENT_WORKERS,
      maxHeapMb,
      recycleAboveHeapMb: Math.round(maxHeapMb * 0.6),
    });
    pools.set(maxHeapMb, pool);
  }
  return pool;
}

/**
 * Stops the composer workers (the server's close): a started worker keeps a process alive when
 * it runs from the TypeScript sources (the loader's port). A later export starts a new pool.
 */
export async function closeComposeWorkers(): Promise<void> {
  const open = [...pools.values()];
  pools.clear();
  await Promise.all(open.map((pool) => pool.close()));
}

/** The composer pools' counters (tests). */
export function composeWorkerStats(maxHeapMb = DEFAULT_WORKER_COMPOSE_OPTIONS.maxHeapMb) {
  return poolFor(maxHeapMb).stats();
}

/**
 * The same bytes as `composeDocx(doc)`, composed in a capped, pooled worker thread.
 *
 * @throws DomainValidationError when the document does not fit the worker's heap or time budget;
 *   ServiceUnavailableError when no composer was free for minutes; Error when the worker fails
 *   otherwise (a bug).
 */
export async function composeDocxInWorker(doc: ComposedDocument, options: WorkerComposeOptions = DEFAULT_WORKER_COMPOSE_OPTIONS): Promise<Buffer> {
  let bytes: Uint8Array;
  try {
    bytes = await poolFor(options.maxHeapMb).run(doc, { timeoutMs: options.timeoutMs, queueTimeoutMs: QUEUE_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof WorkerQueueTimeoutError) throw new ServiceUnavailableError('every export worker stayed busy: try again', 30);
    if (error instanceof WorkerTimeoutError) throw new DomainValidationError(`the document is too large to export within ${options.timeoutMs / 1000} s`);
    if (error instanceof WorkerOutOfMemoryError)
      throw new DomainValidationError(`the document is too large to export within the ${options.maxHeapMb} MB memory budget`);
    // A worker that cannot start is a deployment bug: surfaced as thrown, like a crash.
    if (error instanceof WorkerStartError) throw error.cause;
    if (error instanceof WorkerCrashError) {
      throw new Error(error.thrown ? `export worker failed: ${error.thrown.message}` : `export worker exited with code ${error.exitCode} before answering`);
    }
    if (error instanceof PoolTaskError) throw new Error(`export worker failed: ${error.message}`);
    throw error;
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
