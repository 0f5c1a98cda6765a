import type { Kysely } from 'kysely';

/**
 * A document's or a template's Word template (issue #30): the customer's .docx, kept in the blob
 * store, and what its inspection found when it was stored. One per document or template (a
 * template's is the default of the documents made from it; a document's own overrides it).
 * The bytes are a blob like an upload's; the row names it, so a replaced file's blob is removed
 * with its row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('word_templates')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('report_json', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text')
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('word_templates_org_idx').on('word_templates').columns(['org_id', 'document_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('word_templates').execute();
}
