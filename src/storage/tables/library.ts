/**
 * Table types of the library area. Part of the Kysely `Database` type (storage/schema.ts).
 * Same portable conventions: text ids and ISO timestamps, JSON as text, booleans as 0/1.
 * Every row carries org_id; keys (and voice names) are unique per organization.
 */

/** A phrase atom. */
export interface TextTable {
  id: string;
  org_id: string;
  key: string;
  value: string;
  value_type: string;
  name: string | null;
  description: string | null;
  heading_template: string | null;
  narrative_template: string | null;
  /** JSON array of strings, or null for none. */
  bullets_json: string | null;
  /** JSON array of role names, or null for none. */
  entity_roles_used_json: string | null;
  created_at: string;
  updated_at: string;
}

/** A clause molecule: metadata; its ordered items live in snippet_items. */
export interface SnippetTable {
  id: string;
  org_id: string;
  key: string;
  name: string | null;
  description: string | null;
  phase_order: number;
  created_at: string;
  updated_at: string;
}

/**
 * One item of a snippet. Items point at their text or risk block by id (the wire speaks keys),
 * so renaming a text's key keeps the snippets that use it intact; exactly one of the two is set.
 */
export interface SnippetItemTable {
  id: string;
  org_id: string;
  snippet_id: string;
  ordinal: number;
  item_type: string;
  text_id: string | null;
  risk_block_id: string | null;
}

/** A snippet bound to a document, with its role → entity id bindings. */
export interface DocumentSnippetTable {
  id: string;
  org_id: string;
  document_id: string;
  snippet_id: string;
  /** JSON object role → entity id. */
  entity_bindings_json: string;
  ordinal: number;
  created_at: string;
  updated_at: string;
}

/** An approval-gated analysis unit. */
export interface RiskBlockTable {
  id: string;
  org_id: string;
  key: string;
  heading: string;
  template: string;
  status: string;
  statutory_ref: string | null;
  applies_to: string | null;
  approved_by: string | null;
  approved_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A writing style: the rubric and example passages. */
export interface VoiceTable {
  id: string;
  org_id: string;
  name: string;
  description: string | null;
  /** JSON array of strings. */
  samples_json: string;
  created_at: string;
  updated_at: string;
}

/** A party a snippet binding names by role: a display name, an optional kind, free attributes. */
export interface EntityTable {
  id: string;
  org_id: string;
  name: string;
  kind: string | null;
  /** JSON object of attribute → value (strings, numbers, booleans). */
  attributes_json: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface LibraryTables {
  texts: TextTable;
  snippets: SnippetTable;
  snippet_items: SnippetItemTable;
  document_snippets: DocumentSnippetTable;
  risk_blocks: RiskBlockTable;
  voices: VoiceTable;
  entities: EntityTable;
}
