/** Table type of migration 0023-word-templates: a document's or template's Word template. Part of the Kysely `Database` type. */

export interface WordTemplateTable {
  /** The document or template it belongs to (one each). */
  document_id: string;
  org_id: string;
  /** The .docx bytes in the blob store. */
  blob_key: string;
  /** The name it was uploaded under (data, never a path). */
  file_name: string;
  size_bytes: number;
  sha256: string;
  /** The inspection report (word-template-types.ts WordTemplateReport) from when it was stored. */
  report_json: string;
  uploaded_by: string | null;
  uploaded_at: string;
}

export interface WordTemplatesTables {
  word_templates: WordTemplateTable;
}
