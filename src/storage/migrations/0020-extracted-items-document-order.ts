import type { Kysely } from 'kysely';

/**
 * A document's extracted items, read in the order they are listed: `(org_id, document_id,
 * run_id, ordinal)` instead of `(org_id, document_id)`.
 *
 * The reads of a document's items — current items (the listing, and each extraction run's carry
 * forward), orphaned corrections, all items of a document — filter by organization and document
 * and order by run and ordinal. SQLite has no statistics here (no ANALYZE), and with two
 * indexes starting with `org_id` it chose `(org_id, run_id)` for the ordering: every one of
 * those reads walked all of the organization's items and sorted what it kept. An extraction of
 * a new file in an organization holding 20,000 items spent ~19 ms listing that file's (no)
 * current items and ~17 ms its orphans; the listing of a 3,400-item document took ~81 ms
 * instead of ~24 ms, and both grew with the organization. This index answers the filter and
 * the order of all three; the old one is its prefix, so it goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('extracted_items_document_order_idx').on('extracted_items').columns(['org_id', 'document_id', 'run_id', 'ordinal']).execute();
  await db.schema.dropIndex('extracted_items_document_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('extracted_items_document_idx').on('extracted_items').columns(['org_id', 'document_id']).execute();
  await db.schema.dropIndex('extracted_items_document_order_idx').execute();
}
