/**
 * Per-file upload and extraction progress for a new assessment. Files go one request each (the
 * first creates the assessment, the others are added to it), so each file has its own state:
 * waiting → uploading → queued/processing → processed (or failed, or refused with the server's
 * reasons). Extraction runs in the background; its status is polled from the document.
 */
import { type QuireClient, type UploadFile, type UploadResult, addAssessmentDocuments, createAssessment } from '@quire/client';
import { errorText } from '../../shell/api-errors';
import { getSourceDocument } from './assessment-api';

export type FileStage = 'waiting' | 'uploading' | 'extracting' | 'done' | 'failed' | 'refused';

export interface FileProgress {
  name: string;
  size: number;
  stage: FileStage;
  /** The server's processing status while extracting, or the reason it failed or was refused. */
  detail: string;
  documentId?: string;
}

const TERMINAL = new Set(['processed', 'partially_processed', 'failed', 'skipped']);

async function bytesOf(file: File): Promise<UploadFile> {
  return { filename: file.name, bytes: new Uint8Array(await file.arrayBuffer()), type: file.type || 'application/octet-stream' };
}

/** Uploads `files` into a new assessment, reporting each file's progress; resolves with the assessment id (null when nothing was created). */
export async function uploadAssessment(
  client: QuireClient,
  input: { name: string; linkedDocumentId?: string; files: File[] },
  report: (index: number, progress: Partial<FileProgress>) => void,
): Promise<string | null> {
  let assessmentId: string | null = null;
  const polls: Promise<void>[] = [];
  for (const [index, file] of input.files.entries()) {
    report(index, { stage: 'uploading', detail: 'uploading' });
    try {
      const upload = await bytesOf(file);
      const result: UploadResult & { assessment?: { id: string } } =
        assessmentId === null
          ? await createAssessment(client, {
              name: input.name,
              files: [upload],
              ...(input.linkedDocumentId ? { linked_document_id: input.linkedDocumentId } : {}),
            })
          : await addAssessmentDocuments(client, assessmentId, [upload]);
      if (result.assessment) assessmentId = result.assessment.id;
      const refused = result.rejected_files[0];
      const accepted = result.documents[0];
      if (refused || !accepted) {
        report(index, { stage: 'refused', detail: refused ? refused.problems.map((p) => p.message).join('; ') : 'refused' });
        continue;
      }
      report(index, { stage: 'extracting', detail: accepted.processing_status, documentId: accepted.id });
      polls.push(follow(client, accepted.id, (p) => report(index, p)));
    } catch (error) {
      report(index, { stage: 'failed', detail: errorText(error) });
    }
  }
  await Promise.all(polls);
  return assessmentId;
}

/** Polls a document until its extraction ends (at most ten minutes). */
async function follow(client: QuireClient, documentId: string, report: (progress: Partial<FileProgress>) => void): Promise<void> {
  const deadline = Date.now() + 600_000;
  for (let delay = 300; Date.now() < deadline; delay = Math.min(2000, delay * 1.5)) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      const doc = await getSourceDocument(client, documentId);
      if (TERMINAL.has(doc.processing_status)) {
        report({
          stage: doc.processing_status === 'failed' ? 'failed' : 'done',
          detail: doc.processing_status.replace('_', ' ') + (doc.item_counts ? `, ${doc.item_counts.total} items` : ''),
        });
        return;
      }
      report({ detail: doc.processing_status });
    } catch (error) {
      report({ stage: 'failed', detail: errorText(error) });
      return;
    }
  }
  report({ stage: 'failed', detail: 'still processing after ten minutes' });
}
