/** Table types of section drafts (migration 0028). Portable conventions: text ids and ISO timestamps. */

/** The unpublished text of one section, one per section. */
export interface SectionDraftTable {
  section_id: string;
  org_id: string;
  document_id: string;
  content: string;
  /** The section version the draft was started from (null when the section had none). */
  base_version: number | null;
  updated_by: string | null;
  updated_at: string;
}

export interface SectionDraftTables {
  section_drafts: SectionDraftTable;
}
