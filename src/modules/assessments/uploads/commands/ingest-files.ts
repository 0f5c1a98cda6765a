/**
 * Turns received files into source documents: each file is validated (sniffed type, size,
 * pages, encryption, zip bombs); a refused file goes into `rejected_files` and its blob is
 * removed; an accepted one becomes a document with a queued processing run. The jobs are
 * queued after the transaction commits (processing never runs in the request).
 */
import { newId } from '../../../../kernel/ids.js';
import type { CommandContext } from '../../../context.js';
import { type AssessmentServices, enqueueRun } from '../../assessment-services.js';
import type { AssessmentRecord } from '../../assessments/assessment.repository.js';
import { type UploadProblem, sanitizeFilename, validateUpload } from '../../../../extraction/validate-upload.js';
import type { ProcessingRunRecord } from '../../processing/processing-run.repository.js';
import { assertKnownProcessor, catalogOptionsOf, chooseProcessor } from '../../processors/choose-processor.js';
import type { ReceivedFile } from '../receive-multipart.js';
import type { SourceDocumentRecord } from '../source-document.repository.js';

export interface IngestOptions {
  assessment: AssessmentRecord | null;
  processorId: string | null;
  trigger: ProcessingRunRecord['trigger'];
  reprocessDuplicates?: boolean;
}

export interface IngestResult {
  documents: SourceDocumentRecord[];
  rejected_files: Array<{ filename: string; problems: UploadProblem[] }>;
}

type Accepted = { file: ReceivedFile; verdict: Awaited<ReturnType<typeof validateUpload>> };

/**
 * Must be called with blobs already stored; every blob ends up owned by a document or deleted.
 *
 * @throws DomainValidationError when the requested processor is unknown or disabled (nothing is stored; the caller discards the blobs).
 * @throws Error on storage failures (the blobs of this call are removed first).
 */
export async function ingestFiles(
  ctx: CommandContext,
  services: AssessmentServices,
  files: readonly ReceivedFile[],
  options: IngestOptions,
): Promise<IngestResult> {
  const orgId = ctx.actor.org.orgId;
  // The assessment's own processor counts too: a disabled one would only give failed runs.
  assertKnownProcessor(options.processorId ?? options.assessment?.processor_id, catalogOptionsOf(services.model));
  const result: IngestResult = { documents: [], rejected_files: [] };
  const accepted = await acceptValidFiles(orgId, services, files, result);
  const runIds: string[] = [];
  try {
    await ctx.transaction(async (tx) => {
      const now = tx.clock.now().toISOString();
      for (const { file, verdict } of accepted) {
        const { doc, runId } = await storeDocument(tx, file, verdict, options, now);
        if (runId) runIds.push(runId);
        result.documents.push(doc);
      }
      if (options.assessment) await tx.repos.assessments.touch(orgId, options.assessment.id, now);
    });
  } catch (error) {
    await Promise.all(accepted.map(({ file }) => services.blobs.delete(orgId, file.blob.key)));
    throw error;
  }
  for (const runId of runIds) await enqueueRun(services, orgId, runId);
  return result;
}

/** Validates each file; a refused one is listed in `rejected_files` and its blob deleted. */
async function acceptValidFiles(orgId: string, services: AssessmentServices, files: readonly ReceivedFile[], result: IngestResult): Promise<Accepted[]> {
  const accepted: Accepted[] = [];
  for (const file of files) {
    const bytes = await services.blobs.read(orgId, file.blob.key);
    const verdict = await validateUpload({
      bytes,
      filename: file.filename,
      declaredMimeType: file.declared_mime_type,
      limits: { max_size_bytes: services.uploads.maxBytes, max_pages: services.uploads.maxPages, pdf_timeout_ms: services.uploads.inspectTimeoutMs },
    });
    if (verdict.valid && verdict.detected.kind) accepted.push({ file, verdict });
    else {
      await services.blobs.delete(orgId, file.blob.key);
      result.rejected_files.push({ filename: sanitizeFilename(file.filename), problems: verdict.problems });
    }
  }
  return accepted;
}

/** One accepted file as a source document, with its queued processing run unless it is a skipped duplicate. */
async function storeDocument(tx: CommandContext, file: ReceivedFile, verdict: Accepted['verdict'], options: IngestOptions, now: string) {
  const orgId = tx.actor.org.orgId;
  const kind = verdict.detected.kind ?? 'text';
  const duplicate = options.assessment ? await tx.repos.sourceDocuments.findBySha(orgId, options.assessment.id, file.blob.sha256) : undefined;
  const skip = duplicate !== undefined && !options.reprocessDuplicates;
  const processorId = chooseProcessor(kind, options.processorId ?? options.assessment?.processor_id, { form_fields: verdict.form_fields });
  const id = newId('sdoc');
  const runId = skip ? null : newId('run');
  const doc = await tx.repos.sourceDocuments.insert(orgId, {
    id,
    assessment_id: options.assessment?.id ?? null,
    filename: sanitizeFilename(file.filename),
    declared_mime_type: file.declared_mime_type,
    mime_type: verdict.detected.mime_type,
    kind,
    size_bytes: file.blob.size_bytes,
    sha256: file.blob.sha256,
    blob_key: file.blob.key,
    page_count: verdict.page_count,
    text_layer: verdict.text_layer,
    duplicate_of: duplicate?.id ?? null,
    processing_status: skip ? 'skipped' : 'queued',
    skip_reason: skip ? 'duplicate' : null,
    review_rejected: false,
    processor_id: processorId,
    processor_version: null,
    latest_run_id: runId,
    problems: verdict.problems.map((p) => ({ code: p.code, severity: p.severity, message: p.message })),
    uploaded_by: tx.actor.email ?? tx.actor.userId,
    created_at: now,
    updated_at: now,
  });
  if (runId) {
    await tx.repos.processingRuns.insert(orgId, {
      id: runId,
      document_id: id,
      assessment_id: doc.assessment_id,
      batch_run_id: null,
      trigger: options.trigger,
      processor_id: processorId,
      input_sha256: file.blob.sha256,
      preserve_corrections: false,
      force: false,
      created_at: now,
    });
  }
  return { doc, runId };
}
