/** What a merge run's job needs: generation's services (it runs each row's pipeline in-process), the blob store for outputs, and the PDF converter. */
import type { PdfConverter } from '../../pdf/pdf-converter.js';
import type { BlobStore } from '../../storage/blobs/blob-store.js';
import type { GenerationServices } from '../generation/run-generation.js';

export interface MergeServices extends GenerationServices {
  blobs: BlobStore;
  pdf: PdfConverter;
}

/** The job's identity of the organization: its slug and name travel in the payload, as generation's do. */
export interface MergeOrg {
  orgId: string;
  orgSlug: string;
  orgName: string;
}
