/** Table types of the live changes (migration 0026): what the live streams poll. */

export interface LiveChangeTable {
  org_id: string;
  /** Per organization, from live_change_counters: strictly increasing, visible in order. */
  seq: number;
  document_id: string | null;
  /** The LiveEvent kind (`section.changed`, `run.progress`, …). */
  kind: string;
  /** JSON: the event's fields other than kind, seq, documentId and ts. */
  payload_json: string;
  /** Seconds since the epoch. */
  ts: number;
}

export interface LiveChangeCounterTable {
  org_id: string;
  last_seq: number;
}

export interface LiveTables {
  live_changes: LiveChangeTable;
  live_change_counters: LiveChangeCounterTable;
}
