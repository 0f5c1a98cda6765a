/**
 * Pooled worker thread: composes documents and answers with their bytes. Run by
 * compose-in-worker.ts's pool with a capped heap, so a large export's garbage (the docx object
 * tree and its XML) lives in this thread's heap instead of growing the service's; the thread
 * stays up between exports, so docx and the composer are loaded once, not per export.
 */
import { serveWorkerPoolTasks } from '../kernel/worker-pool-server.js';
import { composeDocx } from './compose-docx.js';
import type { ComposedDocument } from './composed-document.js';

serveWorkerPoolTasks<ComposedDocument, Uint8Array>(async (doc) => {
  const bytes = await composeDocx(doc);
  // An exact-size copy: the Buffer may be a view into a larger pooled ArrayBuffer.
  return new Uint8Array(bytes);
});
