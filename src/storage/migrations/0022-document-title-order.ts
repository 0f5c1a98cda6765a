import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';
import type { Database } from '../schema.js';

/**
 * The organization's titles, lower-cased, in order: a title search finds the titles that are
 * the text or start with it (the best two ranks, docs/adr/0301-title-search-reads-a-bounded-number-of-rows.md)
 * by one range of this index, not by every title holding the text somewhere.
 *
 * PostgreSQL orders the index in the "C" collation (bytes, as SQLite's BINARY), so a range from
 * the text to its successor is exactly the titles starting with it, whatever the database's collation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db as Kysely<Database>) === 'postgres') {
    await sql`create index documents_title_order_idx on documents (org_id, is_template, (lower(title) collate "C"))`.execute(db);
    return;
  }
  await sql`create index documents_title_order_idx on documents (org_id, is_template, lower(title))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index documents_title_order_idx`.execute(db);
}
