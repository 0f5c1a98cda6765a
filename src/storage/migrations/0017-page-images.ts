import type { Kysely } from 'kysely';

/**
 * Rendered page images of source documents (issue #16, the review screen): one row per
 * document, page and resolution, naming the PNG kept in the blob store. Rendering a PDF page
 * costs a subprocess and tens of milliseconds to seconds; a reviewer steps through the same
 * pages again and again, so the first render is kept. The rows go with their document (the
 * delete use cases remove them and their blobs), and a file's bytes never change, so a cached
 * image never goes stale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_images')
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('source_documents.id').onDelete('cascade'))
    .addColumn('page_number', 'integer', (c) => c.notNull())
    .addColumn('dpi', 'integer', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_images_pk', ['document_id', 'page_number', 'dpi'])
    .execute();
  await db.schema.createIndex('page_images_org_idx').on('page_images').columns(['org_id', 'document_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_images').execute();
}
