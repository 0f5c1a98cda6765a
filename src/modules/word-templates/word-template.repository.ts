/** Word templates of documents and templates (migration 0023). Every method takes orgId first. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type { WordTemplateTable } from '../../storage/tables/word-templates.js';
import type { WordTemplateReport } from '../../word-template/word-template-types.js';

export interface WordTemplateRecord {
  /** The document or template it belongs to. */
  documentId: string;
  blobKey: string;
  fileName: string;
  sizeBytes: number;
  sha256: string;
  /** The inspection when it was stored. */
  report: WordTemplateReport;
  uploadedBy: string | null;
  uploadedAt: string;
}

function toRecord(row: Selectable<WordTemplateTable>): WordTemplateRecord {
  return {
    documentId: row.document_id,
    blobKey: row.blob_key,
    fileName: row.file_name,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    report: JSON.parse(row.report_json) as WordTemplateReport,
    uploadedBy: row.uploaded_by,
    uploadedAt: row.uploaded_at,
  };
}

export class WordTemplateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The Word template of a document or template, or null. */
  async find(orgId: string, documentId: string): Promise<WordTemplateRecord | null> {
    const row = await this.db.selectFrom('word_templates').selectAll().where('org_id', '=', orgId).where('document_id', '=', documentId).executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  /** The first of `documentIds` (in that order) that has one: a document's own, else its template's. */
  async findFirst(orgId: string, documentIds: readonly string[]): Promise<WordTemplateRecord | null> {
    if (documentIds.length === 0) return null;
    const rows = await this.db.selectFrom('word_templates').selectAll().where('org_id', '=', orgId).where('document_id', 'in', documentIds).execute();
    const byId = new Map(rows.map((row) => [row.document_id, row]));
    const first = documentIds.map((id) => byId.get(id)).find((row) => row !== undefined);
    return first ? toRecord(first) : null;
  }

  /** Stores `record` as the document's Word template, replacing any; answers the replaced one's blob key. */
  async save(orgId: string, record: WordTemplateRecord): Promise<string | null> {
    const previous = await this.find(orgId, record.documentId);
    const values = {
      blob_key: record.blobKey,
      file_name: record.fileName,
      size_bytes: record.sizeBytes,
      sha256: record.sha256,
      report_json: JSON.stringify(record.report),
      uploaded_by: record.uploadedBy,
      uploaded_at: record.uploadedAt,
    };
    if (previous) {
      await this.db.updateTable('word_templates').set(values).where('org_id', '=', orgId).where('document_id', '=', record.documentId).execute();
    } else {
      await this.db
        .insertInto('word_templates')
        .values({ document_id: record.documentId, org_id: orgId, ...values })
        .execute();
    }
    return previous?.blobKey ?? null;
  }

  /** Removes it; answers the removed one's blob key (null when there was none). */
  async remove(orgId: string, documentId: string): Promise<string | null> {
    const row = await this.db
      .deleteFrom('word_templates')
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .returning('blob_key')
      .executeTakeFirst();
    return row?.blob_key ?? null;
  }
}
