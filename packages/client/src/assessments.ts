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
export async function createAssessment(client: QuireClient, input: { name: string; files: UploadFile[] }): Promise<CreatedAssessment> {
  const result = await client.service.POST('/assessments', {
    body: { name: input.name },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append('name', body.name);
      for (const file of input.files) form.append('files', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.filename);
      return form;
    },
  });
  return unwrap(result);
}

export async function getAssessment(client: QuireClient, assessmentId: string): Promise<AssessmentStatus> {
  return unwrap(await client.service.GET('/assessments/{id}', { params: { path: { id: assessmentId } } }));
}
