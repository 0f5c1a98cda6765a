/**
 * Table types of merge runs (migration 0024): one template × a table of rows → one document per
 * row. Part of the Kysely `Database` type (storage/schema.ts). Portable conventions: text ids and
 * ISO timestamps, JSON as text.
 */

/** A merge run (`mrg_`): the request, its status and its counts. */
export interface MergeRunTable {
  id: string;
  org_id: string;
  template_id: string;
  template_slug: string;
  /** `docx` or `pdf`. */
  format: string;
  file_name_pattern: string;
  /** `queued`, `running`, `finished` (every row done or failed), `failed` (the run itself could not go on), `cancelled`. */
  status: string;
  total_rows: number;
  done_rows: number;
  failed_rows: number;
  error: string | null;
  created_by: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** One row of a merge run; its state survives a restart, so a resumed run skips the rows already done. */
export interface MergeRunRowTable {
  run_id: string;
  row_number: number;
  org_id: string;
  /** JSON object: field key → value (strings), after the column mapping. */
  fields_json: string;
  /** The output's name inside the zip (sanitized, unique within the run). */
  file_name: string;
  /** `pending`, `done` or `failed`. */
  status: string;
  /** The document made for the row, once made (a resumed row reuses it instead of making another). */
  document_id: string | null;
  /** The rendered .docx or .pdf in the blob store. */
  blob_key: string | null;
  size_bytes: number | null;
  error: string | null;
  attempts: number;
  updated_at: string;
}

/** The run's progress events, numbered per run (the SSE `id`), so a stream resumes with Last-Event-ID. */
export interface MergeRunEventTable {
  run_id: string;
  seq: number;
  org_id: string;
  event_json: string;
  created_at: string;
}

export interface MergeTables {
  merge_runs: MergeRunTable;
  merge_run_rows: MergeRunRowTable;
  merge_run_events: MergeRunEventTable;
}
