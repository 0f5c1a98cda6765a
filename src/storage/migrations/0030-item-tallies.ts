import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';
import type { Database } from '../schema.js';

/**
 * Assessment reads that do not grow with the items (issue 35, docs/adr/0651-item-tallies.md).
 *
 * - `item_tallies`: per source document and validation status, how many current (not superseded)
 *   items it has. The assessment detail, its completeness, the assessments list, a document's
 *   `item_counts`/`review_status` and the item listing's `review_status` read these rows instead
 *   of counting 100k items. Kept by triggers on `extracted_items`, in the writing transaction,
 *   so no writer (extraction, carry forward, validate, correct, supply, delete) can forget them.
 * - `extracted_items.confidence_overall`: the item's overall confidence as a column, so the
 *   listing's `min_confidence`/`max_confidence` filter is answered by an index, not by parsing
 *   every item's `confidence_json`. Written with the row (confidence never changes after).
 * - Indexes for the listing's filters in listing order: by key (also the completeness's
 *   requirement items), by status, by confidence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db as Kysely<Database>) === 'postgres';
  await db.schema
    .alterTable('extracted_items')
    .addColumn('confidence_overall', sql`double precision`)
    .execute();
  if (postgres) {
    await sql`update extracted_items set confidence_overall = (confidence_json::jsonb ->> 'overall')::double precision
      where jsonb_typeof(confidence_json::jsonb -> 'overall') = 'number'`.execute(db);
  } else {
    await sql`update extracted_items set confidence_overall = json_extract(confidence_json, '$.overall')
      where json_type(confidence_json, '$.overall') in ('real', 'integer')`.execute(db);
  }
  await db.schema.createIndex('extracted_items_key_order_idx').on('extracted_items').columns(['org_id', 'document_id', 'key', 'run_id', 'ordinal']).execute();
  await db.schema
    .createIndex('extracted_items_status_order_idx')
    .on('extracted_items')
    .columns(['org_id', 'document_id', 'validation_status', 'run_id', 'ordinal'])
    .execute();
  await db.schema.createIndex('extracted_items_confidence_idx').on('extracted_items').columns(['org_id', 'document_id', 'confidence_overall']).execute();

  await db.schema
    .createTable('item_tallies')
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('validation_status', 'text', (c) => c.notNull())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_tallies_pk', ['document_id', 'validation_status'])
    .execute();
  // The back-fill: the rows already there, counted once.
  await sql`insert into item_tallies (document_id, validation_status, org_id, n)
    select document_id, validation_status, min(org_id), count(*) from extracted_items
    where superseded_by is null
    group by document_id, validation_status`.execute(db);
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/**
 * A current item counts once under its document and status. A tally that reaches zero is
 * removed, so a deleted document's items (deleted by `removeDocuments`) leave no rows behind.
 */
async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const increment = (row: 'new') => `insert into item_tallies (document_id, validation_status, org_id, n)
    select ${row}.document_id, ${row}.validation_status, ${row}.org_id, 1 where ${row}.superseded_by is null
    on conflict (document_id, validation_status) do update set n = n + 1`;
  const decrement = (row: 'old') => `update item_tallies set n = n - 1
    where ${row}.superseded_by is null and document_id = ${row}.document_id and validation_status = ${row}.validation_status;
    delete from item_tallies where document_id = ${row}.document_id and validation_status = ${row}.validation_status and n <= 0`;
  await sql.raw(`create trigger item_tallies_insert after insert on extracted_items begin ${increment('new')}; end`).execute(db);
  await sql.raw(`create trigger item_tallies_delete after delete on extracted_items begin ${decrement('old')}; end`).execute(db);
  await sql
    .raw(
      `create trigger item_tallies_update after update of superseded_by, validation_status, document_id on extracted_items
      when (old.superseded_by is null) <> (new.superseded_by is null) or old.validation_status <> new.validation_status or old.document_id <> new.document_id
      begin ${decrement('old')}; ${increment('new')}; end`,
    )
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const tallies = `"${rows[0].schema.replaceAll('"', '""')}".item_tallies`;
  await sql
    .raw(
      `create function quire_item_tallies_apply() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' and old.superseded_by is null then
          update ${tallies} set n = n - 1 where document_id = old.document_id and validation_status = old.validation_status;
          delete from ${tallies} where document_id = old.document_id and validation_status = old.validation_status and n <= 0;
        end if;
        if tg_op <> 'DELETE' and new.superseded_by is null then
          insert into ${tallies} (document_id, validation_status, org_id, n) values (new.document_id, new.validation_status, new.org_id, 1)
          on conflict (document_id, validation_status) do update set n = ${tallies}.n + 1;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger item_tallies_insert_delete after insert or delete on extracted_items
    for each row execute function quire_item_tallies_apply()`.execute(db);
  await sql`create trigger item_tallies_update after update of superseded_by, validation_status, document_id on extracted_items
    for each row when ((old.superseded_by is null) <> (new.superseded_by is null) or old.validation_status <> new.validation_status or old.document_id <> new.document_id)
    execute function quire_item_tallies_apply()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db as Kysely<Database>) === 'postgres') {
    await sql`drop trigger item_tallies_update on extracted_items`.execute(db);
    await sql`drop trigger item_tallies_insert_delete on extracted_items`.execute(db);
    await sql`drop function quire_item_tallies_apply()`.execute(db);
  } else {
    for (const trigger of ['item_tallies_update', 'item_tallies_delete', 'item_tallies_insert']) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await db.schema.dropTable('item_tallies').execute();
  for (const index of ['extracted_items_confidence_idx', 'extracted_items_status_order_idx', 'extracted_items_key_order_idx'])
    await db.schema.dropIndex(index).execute();
  await db.schema.alterTable('extracted_items').dropColumn('confidence_overall').execute();
}
