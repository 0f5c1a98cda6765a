/**
 * PDF text with positions, AcroForm values and a text-layer verdict, read by pdfjs-dist in a
 * `worker_threads` Worker with a page budget and a time budget. A worker that runs out of time
 * is terminated and the call resolves with `{ok: false, error: {code: 'timeout'}}`; nothing here
 * throws for a bad PDF.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runBoundedWorker, WorkerCrashError, WorkerOutOfMemoryError, WorkerStartError, WorkerTimeoutError } from '../kernel/bounded-worker.js';
import type {
  PdfError,
  PdfInspection,
  PdfTextDocument,
  PdfWorkerRequest,
  PdfWorkerResponse,
} from './pdf-text-model.js';

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
  if (error instanceof WorkerTimeoutError) return { code: 'timeout', message: `PDF reading exceeded the time budget of ${timeoutMs} ms and was stopped` };
  if (error instanceof WorkerStartError) return { code: 'worker_failed', message: `cannot start PDF worker: ${String(error.cause)}` };
  // Running out of heap is one more way for the worker to fail: the PDF is not readable here.
  if (error instanceof WorkerOutOfMemoryError) return { code: 'worker_failed', message: `PDF worker failed: ${error.cause.message}` };
  if (error instanceof WorkerCrashError && error.thrown) return { code: 'worker_failed', message: `PDF worker failed: ${error.thrown.message}` };
  if (error instanceof WorkerCrashError) return { code: 'worker_failed', message: `PDF worker exited with code ${error.exitCode}` };
  return { code: 'worker_failed', message: `PDF worker failed: ${error instanceof Error ? error.message : String(error)}` };
}

async function runWorker(request: PdfWorkerRequest, timeoutMs: number, maxHeapMb: number): Promise<PdfWorkerResponse> {
  try {
    return await runBoundedWorker<PdfWorkerResponse>({ callerUrl: import.meta.url, module: 'pdf-text.worker', workerData: request, timeoutMs, maxHeapMb });
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

/**
 * Extracts positioned text (pages → lines → words), the full text with UTF-16 offsets, AcroForm
 * fields with widget boxes and the text-layer verdict, within the page and time budgets.
 */
export async function extractPdfText(bytes: Uint8Array, options: PdfReadOptions = {}): Promise<PdfResult<PdfTextDocument>> {
  const res = await runWorker(request('extract', bytes, options), options.timeout_ms ?? 30_000, options.max_heap_mb ?? 512);
  if (!res.ok) return { ok: false, error: res.error };
  if (res.task !== 'extract') return { ok: false, error: { code: 'worker_failed', message: 'unexpected worker answer' } };
  return { ok: true, value: res.result };
}

/** Page count, text-layer verdict (from the first `sample_pages` pages) and field count. */
export async function inspectPdf(bytes: Uint8Array, options: PdfReadOptions = {}): Promise<PdfResult<PdfInspection>> {
  const res = await runWorker(request('inspect', bytes, options), options.timeout_ms ?? 15_000, options.max_heap_mb ?? 512);
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
