/** What the Word-template use cases need beyond the database: where the file lives and the upload limits it is checked against. */
import type { BlobStore } from '../../storage/blobs/blob-store.js';

export interface WordTemplateServices {
  blobs: BlobStore;
  uploads: { maxBytes: number; maxPages: number; inspectTimeoutMs?: number };
}
