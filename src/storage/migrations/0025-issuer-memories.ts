import type { Kysely } from 'kysely';

/**
 * Issuer memory (issue 32 item 5, ADR 0511): per organization and issuer, where reviewed fields
 * were and the stable values reviewers confirmed; and per processing run, the page segments a
 * later correction learns from. A memory goes with its organization; a run's layout with its
 * source document.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('issuer_memories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('identity_json', 'text', (c) => c.notNull())
    .addColumn('fields_json', 'text', (c) => c.notNull())
    .addColumn('history_json', 'text', (c) => c.notNull())
    .addColumn('applied_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_applied_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('issuer_memories_org_ix').on('issuer_memories').columns(['org_id', 'id']).execute();

  await db.schema
    .createTable('run_layouts')
    .addColumn('run_id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('source_documents.id').onDelete('cascade'))
    .addColumn('segments_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('run_layouts_document_ix').on('run_layouts').columns(['org_id', 'document_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('run_layouts').execute();
  await db.schema.dropTable('issuer_memories').execute();
}
