/**
 * Table types of the assessments area. Part of the Kysely `Database` type (storage/schema.ts).
 * Same portable conventions: text ids and ISO timestamps, JSON as text, booleans as 0/1.
 * Every table carries `org_id`: repositories filter by it first (tenancy).
 */

/** A case file: source documents, their runs and items, requirements. */
export interface AssessmentTable {
  id: string;
  org_id: string;
  name: string;
  description: string | null;
  /** Null: the processor is chosen per file kind. */
  processor_id: string | null;
  /** never | confident */
  automation: string;
  requirements_json: string | null;
  /** A /v1 document instance this case file feeds. */
  linked_document_id: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** An uploaded source file (`sdoc_`); its bytes live in the blob store under `blob_key`. */
export interface SourceDocumentTable {
  id: string;
  org_id: string;
  /** Null for organization-level documents (batchable). */
  assessment_id: string | null;
  /** Display-safe file name (sanitized); never used as a path. */
  filename: string;
  declared_mime_type: string | null;
  mime_type: string;
  kind: string;
  size_bytes: number;
  sha256: string;
  blob_key: string;
  page_count: number | null;
  text_layer: string | null;
  duplicate_of: string | null;
  /** uploaded, queued, processing, processed, partially_processed, failed, skipped */
  processing_status: string;
  skip_reason: string | null;
  /** 1 when a reviewer rejected the whole document (review_status is otherwise derived). */
  review_rejected: number;
  processor_id: string | null;
  processor_version: string | null;
  latest_run_id: string | null;
  /** Upload verdict problems (warnings and info) as JSON. */
  problems_json: string | null;
  uploaded_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One extraction of one source document. */
export interface ProcessingRunTable {
  id: string;
  org_id: string;
  document_id: string;
  assessment_id: string | null;
  batch_run_id: string | null;
  /** upload, rerun, batch, add_documents */
  trigger: string;
  processor_id: string;
  processor_version: string | null;
  engine_versions_json: string | null;
  input_sha256: string;
  /** queued, running, succeeded, partially_succeeded, failed, cancelled */
  status: string;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
  preserve_corrections: number;
  force: number;
  carried_forward_json: string | null;
  item_count: number;
  errors_json: string | null;
  warnings_json: string | null;
  pages_json: string | null;
  /** The run's plain text (text_span anchors index into it). */
  text: string | null;
  created_at: string;
}

/** One extracted item of one run. */
export interface ExtractedItemTable {
  id: string;
  org_id: string;
  document_id: string;
  assessment_id: string | null;
  run_id: string;
  /** Position in the processor's output (reading order). */
  ordinal: number;
  processor_id: string;
  key: string;
  label: string;
  occurrence_index: number;
  value_type: string;
  value_state: string;
  /** Effective value (the active correction's when corrected). */
  value_json: string | null;
  value_text: string | null;
  raw_text: string | null;
  /** What the processor produced, never changed: {value, raw_text, value_state}. */
  extracted_json: string;
  confidence_json: string;
  /** `confidence_json`'s `overall`, for the listing's confidence filter (0030); null when unknown. */
  confidence_overall: number | null;
  provenance_json: string;
  candidates_json: string | null;
  /** pending, needs_review, auto_validated, validated, corrected, rejected */
  validation_status: string;
  /** {checks, blockers, decided_by, decided_at, decision_source, note} */
  validation_json: string;
  current_correction_id: string | null;
  is_corrected: number;
  version: number;
  superseded_by: string | null;
  created_at: string;
  updated_at: string;
}

/** Per source document and validation status, its current items (kept by triggers, migration 0030). */
export interface ItemTallyTable {
  document_id: string;
  validation_status: string;
  org_id: string;
  n: number | string;
}

/** A human correction of an item; each update is a new revision (history in correction_revisions). */
export interface CorrectionTable {
  id: string;
  org_id: string;
  item_id: string;
  document_id: string;
  assessment_id: string | null;
  run_id: string;
  revision: number;
  /** active, superseded, reverted */
  status: string;
  previous_json: string;
  corrected_json: string;
  reason: string;
  note: string | null;
  time_spent_ms: number | null;
  created_by: string | null;
  created_at: string;
  updated_by: string | null;
  updated_at: string;
}

/** Immutable past revisions of a correction. */
export interface CorrectionRevisionTable {
  id: string;
  org_id: string;
  correction_id: string;
  revision: number;
  status: string;
  corrected_json: string;
  reason: string;
  note: string | null;
  updated_by: string | null;
  updated_at: string;
}

export interface BatchTable {
  id: string;
  org_id: string;
  assessment_id: string | null;
  name: string;
  processor_id: string | null;
  options_json: string | null;
  latest_run_id: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface BatchRunTable {
  id: string;
  org_id: string;
  batch_id: string;
  run_number: number;
  scope: string;
  trigger: string;
  /** queued, running, succeeded, partially_succeeded, failed, cancelled */
  status: string;
  /** The batch id while the run is active, null once finished: a unique index keeps one active run per batch. */
  active_key: string | null;
  options_json: string | null;
  counts_json: string | null;
  error: string | null;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
}

export interface BatchDocumentTable {
  id: string;
  org_id: string;
  batch_id: string;
  document_id: string;
  position: number;
  included: number;
  processor_id: string | null;
  priority: string;
  /** pending, queued, processing, succeeded, failed, skipped, excluded */
  status: string;
  skip_reason: string | null;
  attempts: number;
  last_run_id: string | null;
  last_error_json: string | null;
  result_json: string | null;
  created_at: string;
  updated_at: string;
}

/** A rendered page of a source document at one resolution; the PNG lives in the blob store. */
export interface PageImageTable {
  org_id: string;
  document_id: string;
  page_number: number;
  dpi: number;
  blob_key: string;
  width: number;
  height: number;
  size_bytes: number;
  created_at: string;
}

export interface AssessmentsTables {
  assessments: AssessmentTable;
  source_documents: SourceDocumentTable;
  processing_runs: ProcessingRunTable;
  extracted_items: ExtractedItemTable;
  item_tallies: ItemTallyTable;
  corrections: CorrectionTable;
  correction_revisions: CorrectionRevisionTable;
  batches: BatchTable;
  batch_runs: BatchRunTable;
  batch_documents: BatchDocumentTable;
  page_images: PageImageTable;
}
