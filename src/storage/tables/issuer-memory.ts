/**
 * Table types of the issuer memory (migration 0025): what reviewers taught about an issuer's
 * layout, and each run's page segments. Portable conventions: text ids and ISO timestamps, JSON as text.
 */

/** An issuer memory (`imem_`) of an organization. */
export interface IssuerMemoryTable {
  id: string;
  org_id: string;
  name: string | null;
  /** JSON IssuerIdentity: name, VAT ids, IBANs, layout fingerprint. */
  identity_json: string;
  /** JSON RememberedField[]: one per field key. */
  fields_json: string;
  /** JSON: stable field key → HistoryEntry[]. */
  history_json: string;
  applied_count: number;
  last_applied_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A processing run's page segments (JSON PlacedSegment[]). */
export interface RunLayoutTable {
  run_id: string;
  org_id: string;
  document_id: string;
  segments_json: string;
  created_at: string;
}

export interface IssuerMemoryTables {
  issuer_memories: IssuerMemoryTable;
  run_layouts: RunLayoutTable;
}
