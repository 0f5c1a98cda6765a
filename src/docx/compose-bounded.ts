/**
 * Picks where to compose: small documents in-process (a worker costs a thread start and a copy
 * of the input, far more than their whole export), large ones in a capped worker so the service
 * heap never carries a large export's peak.
 */
import type { ComposedDocument } from './composed-document.js';
import { composeDocxInWorker, DEFAULT_WORKER_COMPOSE_OPTIONS, type WorkerComposeOptions } from './compose-in-worker.js';

/**
 * Up to this much text (about 45 pages) composes in-process: its peak is a few tens of MB
 * (bench/export-docx.ts measures the curve).
 */
export const IN_PROCESS_MAX_CHARS = 64 * 1024;

/** The text the composer has to lay out: what its memory grows with. */
export function composedTextSize(doc: ComposedDocument): number {
  let size = doc.title.length + (doc.description?.length ?? 0);
  for (const block of doc.blocks) {
    if (block.kind === 'section') size += block.title.length + block.content.length;
    else size += (block.heading?.length ?? 0) + block.body.length;
  }
  for (const source of doc.sources) size += source.title.length + (source.url?.length ?? 0);
  return size;
}

export interface BoundedComposeOptions {
  inProcessMaxChars: number;
  worker: WorkerComposeOptions;
}

/**
 * `composeDocx`, in-process for small documents and in a capped worker for large ones. Same
 * bytes either way.
 *
 * @throws DomainValidationError when a large document does not fit the worker's budgets.
 */
export async function composeDocxBounded(
  doc: ComposedDocument,
  options: BoundedComposeOptions = { inProcessMaxChars: IN_PROCESS_MAX_CHARS, worker: DEFAULT_WORKER_COMPOSE_OPTIONS },
): Promise<Buffer> {
  if (composedTextSize(doc) > options.inProcessMaxChars) return composeDocxInWorker(doc, options.worker);
  // Loaded on the first export: docx and the composer are resident memory a service that never
  // exports does not need.
  const { composeDocx } = await import('./compose-docx.js');
  return composeDocx(doc);
}
