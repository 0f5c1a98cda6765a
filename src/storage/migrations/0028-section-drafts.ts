import type { Kysely } from 'kysely';

/**
 * Section drafts (issue 33 item 4, ADR 0621): the text an editor is typing in a section, saved as
 * they type and kept on the server so a reload or a second device finds it. One draft per
 * section; publishing it (PUT …/output) makes it the section's text and removes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('section_drafts')
    .addColumn('section_id', 'text', (c) => c.primaryKey().references('sections.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('base_version', 'integer')
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('section_drafts_document_ix').on('section_drafts').columns(['org_id', 'document_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('section_drafts').execute();
}
