/** A merge run and its rows as the API shows them (camelCase, with the links a client follows). */
import type { MergeRowRecord, MergeRunRecord } from './merge-run.repository.js';

export function presentMergeRun(run: MergeRunRecord) {
  return {
    id: run.id,
    templateId: run.template_id,
    templateSlug: run.template_slug,
    format: run.format,
    fileNamePattern: run.file_name_pattern,
    status: run.status,
    total: run.total_rows,
    done: run.done_rows,
    failed: run.failed_rows,
    pending: Math.max(0, run.total_rows - run.done_rows - run.failed_rows),
    error: run.error,
    createdBy: run.created_by,
    createdAt: run.created_at,
    startedAt: run.started_at,
    finishedAt: run.finished_at,
    progressUrl: `/v1/merge-runs/${run.id}/progress`,
    resultUrl: `/v1/merge-runs/${run.id}/result.zip`,
  };
}

export function presentMergeRow(row: MergeRowRecord) {
  return {
    row: row.row_number,
    status: row.status,
    fileName: row.file_name,
    documentId: row.document_id,
    error: row.error,
    attempts: row.attempts,
    sizeBytes: row.size_bytes,
    fields: row.fields,
  };
}
