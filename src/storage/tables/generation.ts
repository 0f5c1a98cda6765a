/**
 * Table types of generation: runs (one active per document, enforced by a partial unique
 * index), their persisted progress events (seq per document), synthesized contexts, snapshots
 * and immutable generation snapshots. Same portable conventions as storage/schema.ts.
 */
export interface GenerationRunTable {
  id: string;
  org_id: string;
  document_id: string;
  /** 1, 2, 3… per document: the `runId` of progress events. */
  run_number: number;
  /** generate, regenerate */
  kind: string;
  /** running, finished, failed, blocked */
  status: string;
  options_json: string;
  error: string | null;
  usage_json: string | null;
  created_by: string | null;
  started_at: string;
  finished_at: string | null;
}

export interface RunEventTable {
  org_id: string;
  document_id: string;
  seq: number;
  run_id: string;
  run_number: number;
  event: string;
  payload_json: string;
  /** Epoch seconds (with fraction). */
  ts: number;
}

export interface SynthesizedContextTable {
  id: string;
  org_id: string;
  document_id: string;
  run_id: string | null;
  mode: string;
  model: string | null;
  payload_json: string;
  schema_path: string | null;
  created_at: string;
}

export interface SnapshotTable {
  id: string;
  org_id: string;
  document_id: string;
  version_number: number;
  label: string;
  sections_json: string;
  created_by: string | null;
  created_at: string;
}

export interface GenerationSnapshotTable {
  id: string;
  org_id: string;
  document_id: string;
  run_id: string;
  run_number: number;
  manifest_json: string;
  output_json: string;
  manifest_hash: string;
  created_at: string;
}

/** The last `seq` handed out per document: the counter `run_events` appends advance atomically. */
export interface RunEventCounterTable {
  document_id: string;
  last_seq: number;
}

/**
 * The sealed credential of a running run (migration 0014): never the token in clear. Erased in
 * the transaction that ends the run.
 */
export interface RunCredentialTable {
  run_id: string;
  org_id: string;
  /** `kernel/secret-box.ts` text: AES-256-GCM under QUIRE_SECRET_KEY, bound to org and run. */
  sealed: string;
  /** ISO-8601: the token's own `exp`; past it the credential is not used. */
  expires_at: string;
  created_at: string;
}

export interface GenerationTables {
  generation_runs: GenerationRunTable;
  run_events: RunEventTable;
  run_event_counters: RunEventCounterTable;
  run_credentials: RunCredentialTable;
  synthesized_contexts: SynthesizedContextTable;
  snapshots: SnapshotTable;
  generation_snapshots: GenerationSnapshotTable;
}
