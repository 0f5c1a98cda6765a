/** The assessment area: create an assessment with files, read its processing status. */
import type { QuireClient } from './client.js';
import { QuireApiError, detailOf } from './errors.js';
import { arrayAt, numberAt, objectAt, optionalStringAt, stringAt } from './open-responses.js';
import { unwrap } from './unwrap.js';

export interface UploadFile {
  filename: string;
  bytes: Uint8Array<ArrayBuffer>;
  type?: string;
}

export interface AssessmentStatus {
  id: string;
  name: string;
  /** draft, processing, in_review, complete or failed. */
  status: string;
  counts: { documents: number; processing: number; failed: number; items: number; needs_review: number; validated: number };
}

export interface CreatedAssessment {
  assessment: AssessmentStatus;
  documents: Array<{ id: string; filename: string; processing_status: string | null }>;
  rejected_files: Array<{ filename: string; problems: string[] }>;
}

/**
 * `POST /assessments` (multipart: `name` and `files` parts); processing starts in the
 * background. Sent through `raw` until the contract describes the multipart body.
 */
export async function createAssessment(client: QuireClient, input: { name: string; files: UploadFile[] }): Promise<CreatedAssessment> {
  const form = new FormData();
  form.append('name', input.name);
  for (const file of input.files) form.append('files', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.filename);
  const response = await client.raw('/assessments', { method: 'POST', body: form });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new QuireApiError(response.status, detailOf(body));
  return {
    assessment: assessmentOf(objectAt(body, 'assessment')),
    documents: arrayAt(body, 'documents').map((document) => ({ id: stringAt(document, 'id'), filename: stringAt(document, 'filename'), processing_status: optionalStringAt(document, 'processing_status') })),
    rejected_files: arrayAt(body, 'rejected_files').map((rejected) => ({
      filename: stringAt(rejected, 'filename'),
      problems: arrayAt(rejected, 'problems').map((problem) => optionalStringAt(problem, 'message') ?? optionalStringAt(problem, 'code') ?? JSON.stringify(problem)),
    })),
  };
}

export async function getAssessment(client: QuireClient, assessmentId: string): Promise<AssessmentStatus> {
  return assessmentOf(unwrap(await client.service.GET('/assessments/{id}', { params: { path: { id: assessmentId } } })));
}

function assessmentOf(assessment: unknown): AssessmentStatus {
  const counts = objectAt(assessment, 'counts');
  return {
    id: stringAt(assessment, 'id'),
    name: stringAt(assessment, 'name'),
    status: stringAt(assessment, 'status'),
    counts: {
      documents: numberAt(counts, 'documents'),
      processing: numberAt(counts, 'processing'),
      failed: numberAt(counts, 'failed'),
      items: numberAt(counts, 'items'),
      needs_review: numberAt(counts, 'needs_review'),
      validated: numberAt(counts, 'validated'),
    },
  };
}
