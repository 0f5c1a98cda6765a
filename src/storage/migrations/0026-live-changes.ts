import type { Kysely } from 'kysely';

/**
 * Live changes (issue 33 item 1, ADR 0591): one persisted row per change of an organization's
 * documents, assessments and merge runs, which the live streams poll, so a change written through
 * any process reaches a stream open on any other. `seq` counts per organization from a counter
 * row advanced in the writer's transaction (like run_event_counters, 0011): a transaction holds
 * the row until it commits, so seqs become visible in order and a reader's cursor skips nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_change_counters')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('live_changes')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    // Null for a change that belongs to no document (an assessment, a merge run).
    .addColumn('document_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('ts', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_changes_pk', ['org_id', 'seq'])
    .execute();
  await db.schema.createIndex('live_changes_document_ix').on('live_changes').columns(['org_id', 'document_id', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_changes').execute();
  await db.schema.dropTable('live_change_counters').execute();
}
