/**
 * PDF text with positions, AcroForm values and a text-layer verdict, read by pdfjs-dist in a
 * pooled `worker_threads` Worker with a page budget, a time budget and a heap cap. A worker that
 * runs out of time is terminated (and replaced) and the call resolves with `{ok: false, error:
 * {code: 'timeout'}}`; nothing here throws for a bad PDF.
 *
 * The worker is kept between files: starting a thread and loading pdfjs into it cost more than
 * reading a short PDF (about a second from the TypeScript sources), and every upload paid it
 * twice (inspection, then extraction). Pages come back one by one as they are read, so a caller
 * can work on page 1 while page 100 is read (`onPage`). A long PDF is read by two such workers,
 * one half of its pages each (`extractPdfText`).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { WorkerAbortedError, WorkerCrashError, WorkerOutOfMemoryError, WorkerPool, WorkerStartError, WorkerTimeoutError } from '../kernel/worker-pool.js';
import { layerVerdict } from './pdf-text-model.js';
import type { PdfError, PdfExtractSummary, PdfInspection, PdfTextDocument, PdfWorkerRequest, PdfWorkerResponse, PositionedPage } from './pdf-text-model.js';

export type { PdfError, PdfInspection, PdfTextDocument } from './pdf-text-model.js';

/** Budgets and options of a PDF read. */
export interface PdfReadOptions {
  /** Wall-clock budget; the worker is terminated when it runs out. Default 30 000 ms. */
  timeout_ms?: number;
  /** Pages read at most (from page 1). Default 300. */
  max_pages?: number;
  /** Read AcroForm fields (extract only). Default true. */
  include_fields?: boolean;
  /** Heap cap of the worker. Default 512 MB. */
  max_heap_mb?: number;
  /** Pages sampled by `inspectPdf` for the text-layer verdict. Default 5. */
  sample_pages?: number;
  password?: string;
  /**
   * Threads the pages are read by (extract only): default `READ_PARTS` for a PDF of
   * `SPLIT_MIN_BYTES` or more, else 1. The result is the same either way.
   */
  threads?: number;
  /** Called with each page as soon as it is read, in page order (extract only). */
  onPage?: (page: PositionedPage) => void;
  /** Stops the read (its worker is replaced); the call resolves with a `worker_failed` error. */
  signal?: AbortSignal;
}

/** Either a result or a clear error, never a throw. */
export type PdfResult<T> = { ok: true; value: T } | { ok: false; error: PdfError };

const require = createRequire(import.meta.url);

function pdfjsAssetUrl(sub: string): string {
  // Node's pdfjs reads these with fs, so a filesystem path with a trailing separator is needed.
  const pkg = require.resolve('pdfjs-dist/package.json');
  return join(dirname(pkg), sub) + '/';
}

/** The worker's budgets and failures as a `PdfError`: a PDF read never throws. */
function workerFailure(error: unknown, timeoutMs: number): PdfError {
  if (error instanceof WorkerAbortedError) return { code: 'worker_failed', message: 'PDF reading was cancelled' };
  if (error instanceof WorkerTimeoutError) return { code: 'timeout', message: `PDF reading exceeded the time budget of ${timeoutMs} ms and was stopped` };
  if (error instanceof WorkerStartError) return { code: 'worker_failed', message: `cannot start PDF worker: ${String(error.cause)}` };
  // Running out of heap is one more way for the worker to fail: the PDF is not readable here.
  if (error instanceof WorkerOutOfMemoryError) return { code: 'worker_failed', message: `PDF worker failed: ${error.cause.message}` };
  if (error instanceof WorkerCrashError && error.thrown) return { code: 'worker_failed', message: `PDF worker failed: ${error.thrown.message}` };
  if (error instanceof WorkerCrashError) return { code: 'worker_failed', message: `PDF worker exited with code ${error.exitCode}` };
  return { code: 'worker_failed', message: `PDF worker failed: ${error instanceof Error ? error.message : String(error)}` };
}

/** PDFs at least this large are read in `READ_PARTS` threads at once; a smaller one in one. */
const SPLIT_MIN_BYTES = 32 * 1024;
/** Threads one long PDF is read by: its pages split in consecutive runs (`pagesOfPart`). */
const READ_PARTS = 2;

/** A worker is replaced after this many files however small its heap stays (a bound on drift). */
const TASKS_PER_WORKER = 200;

/**
 * One pool per task and heap cap. Extraction has two workers: a long PDF is read by both at once
 * (its two halves). Inspection reads a few pages, so one worker serves it. A thread reads one
 * file at a time; other reads wait their turn.
 */
const pools = new Map<string, WorkerPool<PdfWorkerRequest, PdfWorkerResponse>>();

function poolFor(task: PdfWorkerRequest['task'], maxHeapMb: number): WorkerPool<PdfWorkerRequest, PdfWorkerResponse> {
  const key = `${task}:${maxHeapMb}`;
  let pool = pools.get(key);
  if (!pool) {
    // Kept after an ordinary PDF, recycled after one that left a large heap behind.
    const size = task === 'extract' ? READ_PARTS : 1;
    pool = new WorkerPool({
      callerUrl: import.meta.url,
      module: 'pdf-text.worker',
      size,
      maxHeapMb,
      maxTasksPerWorker: TASKS_PER_WORKER,
      recycleAboveHeapMb: Math.min(192, Math.floor(maxHeapMb / 2)),
    });
    pools.set(key, pool);
  }
  return pool;
}

/** The counters of this thread's PDF worker pool for a task and heap cap (tests, metrics). */
export function pdfWorkerStats(maxHeapMb = 512, task: PdfWorkerRequest['task'] = 'extract') {
  return poolFor(task, maxHeapMb).stats();
}

/**
 * Stops the PDF workers of this thread (the server's close): from the TypeScript sources a
 * started worker keeps the process alive even though it is unref'd. A later read starts anew.
 */
export async function closePdfWorkers(): Promise<void> {
  const open = [...pools.values()];
  pools.clear();
  await Promise.all(open.map((pool) => pool.close()));
}

async function runWorker(request: PdfWorkerRequest, timeoutMs: number, maxHeapMb: number, o: PdfReadOptions): Promise<PdfWorkerResponse> {
  try {
    // The budget also bounds the wait for the worker (another file being read, or its start).
    const deadlines = { timeoutMs, queueTimeoutMs: timeoutMs, signal: o.signal };
    return await poolFor(request.task, maxHeapMb).converse(request, deadlines, (page, reply) => {
      o.onPage?.(page as PositionedPage);
      reply('next');
    });
  } catch (error) {
    return { ok: false, error: workerFailure(error, timeoutMs) };
  }
}

function request(task: PdfWorkerRequest['task'], bytes: Uint8Array, o: PdfReadOptions): PdfWorkerRequest {
  return {
    task,
    // A copy: the worker owns its buffer and the caller's Buffer stays intact.
    data: new Uint8Array(bytes),
    max_pages: o.max_pages ?? 300,
    sample_pages: o.sample_pages ?? 5,
    include_fields: o.include_fields ?? true,
    standard_font_data_url: pdfjsAssetUrl('standard_fonts'),
    cmap_url: pdfjsAssetUrl('cmaps'),
    password: o.password,
  };
}

/** A page of a later part, its offsets moved from its part's start to the whole text's. */
function shiftPage(p: PositionedPage, by: number): PositionedPage {
  if (by === 0) return p;
  return {
    ...p,
    text_start: p.text_start + by,
    text_end: p.text_end + by,
    lines: p.lines.map((l) => ({ ...l, start: l.start + by, end: l.end + by, words: l.words.map((w) => ({ ...w, start: w.start + by, end: w.end + by })) })),
  };
}

/**
 * Extracts positioned text (pages → lines → words), the full text with UTF-16 offsets, AcroForm
 * fields with widget boxes and the text-layer verdict, within the page and time budgets.
 *
 * A long PDF is read by two threads at once, each opening the file and reading its half of the
 * pages (pdfjs's parsing is most of an extraction's time, and single-threaded). The second
 * half's pages are held until the first half has been handed over, then shifted by the text
 * before them, so `onPage` still sees every page in order with the offsets one thread gives.
 */
export async function extractPdfText(bytes: Uint8Array, options: PdfReadOptions = {}): Promise<PdfResult<PdfTextDocument>> {
  const timeoutMs = options.timeout_ms ?? 30_000;
  const parts = Math.max(1, Math.min(READ_PARTS, options.threads ?? (bytes.byteLength >= SPLIT_MIN_BYTES ? READ_PARTS : 1)));
  // One failed part stops the others: its error is the answer, their pages would be wasted.
  const stopAll = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stopAll.signal]) : stopAll.signal;
  const pages: PositionedPage[] = [];
  const held: PositionedPage[][] = Array.from({ length: parts }, () => []);
  let handing = 0; // the part whose pages go straight to the caller
  let shift = 0;
  let failure: PdfError | null = null;
  const done: boolean[] = Array.from({ length: parts }, () => false);
  const handOver = (page: PositionedPage) => {
    const p = shiftPage(page, shift);
    pages.push(p);
    options.onPage?.(p);
  };
  const summaries = await Promise.all(
    Array.from({ length: parts }, async (_, index) => {
      const req: PdfWorkerRequest = {
        ...request('extract', bytes, options),
        part: { index, of: parts },
        include_fields: index === 0 && (options.include_fields ?? true),
      };
      const res = await runWorker(req, timeoutMs, options.max_heap_mb ?? 512, {
        ...options,
        signal,
        onPage: (page) => (index === handing ? handOver(page) : held[index].push(page)),
      });
      if (!res.ok || res.task !== 'extract') {
        failure ??= res.ok ? { code: 'worker_failed', message: 'unexpected worker answer' } : res.error;
        stopAll.abort();
        return null;
      }
      done[index] = true;
      try {
        // Once the part being handed over has ended, the next one's held pages follow it.
        while (handing < parts && done[handing]) {
          handing++;
          if (handing === parts) break;
          shift = pages.length > 0 ? pages[pages.length - 1].text_end + 1 : 0;
          for (const page of held[handing].splice(0)) handOver(page);
        }
      } catch (error) {
        failure ??= { code: 'worker_failed', message: `PDF worker failed: ${error instanceof Error ? error.message : String(error)}` };
        stopAll.abort();
        return null;
      }
      return res.result;
    }),
  );
  if (failure) return { ok: false, error: failure };
  const [first] = summaries as PdfExtractSummary[];
  const value: PdfTextDocument = { ...first, pages_processed: pages.length, text_layer: layerVerdict(pages), pages, text: pages.map((p) => p.text).join('\f') };
  return { ok: true, value };
}

/** Page count, text-layer verdict (from the first `sample_pages` pages) and field count. */
export async function inspectPdf(bytes: Uint8Array, options: PdfReadOptions = {}): Promise<PdfResult<PdfInspection>> {
  const res = await runWorker(request('inspect', bytes, options), options.timeout_ms ?? 15_000, options.max_heap_mb ?? 512, options);
  if (!res.ok) return { ok: false, error: res.error };
  if (res.task !== 'inspect') return { ok: false, error: { code: 'worker_failed', message: 'unexpected worker answer' } };
  return { ok: true, value: res.result };
}

/** True when the PDF declares an `/Encrypt` dictionary (trailer or cross-reference stream). */
export function pdfDeclaresEncryption(bytes: Uint8Array): boolean {
  // Scan the last 64 KiB (trailers) and the first 64 KiB (linearized files) as latin1.
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tail = buf.subarray(Math.max(0, buf.length - 65536)).toString('latin1');
  const head = buf.subarray(0, Math.min(buf.length, 65536)).toString('latin1');
  const re = /\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/;
  return re.test(tail) || re.test(head);
}
