/** The assessment area: create an assessment with files, read its processing status. */
import type { QuireClient } from './client.js';
import type { components } from './generated/service.js';
import { unwrap } from './unwrap.js';

export interface UploadFile {
  filename: string;
  bytes: Uint8Array<ArrayBuffer>;
  type?: string;
}

/** An assessment with its derived status (draft, processing, in_review, complete or failed) and counts. */
export type AssessmentStatus = components['schemas']['Assessment'];
/** The new assessment, the accepted documents (processing queued) and the refused files with their problems. */
export type CreatedAssessment = components['schemas']['AssessmentCreated'];

/**
 * `POST /assessments` (multipart: `name` and `files` parts); processing starts in the
 * background. The contract types each `files` part as a string (`format: binary`), so the typed
 * body carries the other fields and the serializer appends the files' bytes as Blobs; with a
 * FormData body openapi-fetch leaves the multipart Content-Type (and boundary) to fetch.
 */
export async function createAssessment(
  client: QuireClient,
  input: { name: string; files: UploadFile[]; linked_document_id?: string },
): Promise<CreatedAssessment> {
  const result = await client.service.POST('/assessments', {
    body: { name: input.name },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append('name', body.name);
      if (input.linked_document_id) form.append('linked_document_id', input.linked_document_id);
      for (const file of input.files) form.append('files', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.filename);
      return form;
    },
  });
  return unwrap(result);
}

/** The accepted documents (processing queued) and the refused files with their problems. */
export type UploadResult = components['schemas']['UploadResult'];

/** `POST /assessments/{id}/documents`: more files for an assessment (one request; processing starts in the background). */
export async function addAssessmentDocuments(client: QuireClient, assessmentId: string, files: UploadFile[]): Promise<UploadResult> {
  const result = await client.service.POST('/assessments/{id}/documents', {
    params: { path: { id: assessmentId } },
    // The typed body names the parts; the serializer sends the files' bytes as Blobs instead.
    body: { files: [] },
    bodySerializer: () => {
      const form = new FormData();
      for (const file of files) form.append('files', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.filename);
      return form;
    },
  });
  return unwrap(result);
}

export async function getAssessment(client: QuireClient, assessmentId: string): Promise<AssessmentStatus> {
  return unwrap(await client.service.GET('/assessments/{id}', { params: { path: { id: assessmentId } } }));
}

export type DocumentProcessingDetail = components['schemas']['DocumentProcessingDetail'];

/** `GET /assessments/{id}/document-processing-details`: per document, its processing status and errors. */
export async function getProcessingDetails(client: QuireClient, assessmentId: string): Promise<DocumentProcessingDetail[]> {
  return unwrap(await client.service.GET('/assessments/{id}/document-processing-details', { params: { path: { id: assessmentId } } })).documents;
}
