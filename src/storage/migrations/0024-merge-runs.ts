import type { Kysely } from 'kysely';

/**
 * Merge runs (issue 30 item 2): a run per request (`mrg_`), its rows with their state (so a
 * restarted job resumes where it stopped) and its progress events (numbered per run for the
 * resumable stream). Everything goes with its organization; rows and events with their run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('merge_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('template_slug', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('file_name_pattern', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total_rows', 'integer', (c) => c.notNull())
    .addColumn('done_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('merge_runs_org_created_ix').on('merge_runs').columns(['org_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('merge_run_rows')
    .addColumn('run_id', 'text', (c) => c.notNull().references('merge_runs.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('fields_json', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text')
    .addColumn('blob_key', 'text')
    .addColumn('size_bytes', 'integer')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('merge_run_rows_pk', ['run_id', 'row_number'])
    .execute();
  await db.schema.createIndex('merge_run_rows_status_ix').on('merge_run_rows').columns(['run_id', 'status', 'row_number']).execute();

  await db.schema
    .createTable('merge_run_events')
    .addColumn('run_id', 'text', (c) => c.notNull().references('merge_runs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('event_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('merge_run_events_pk', ['run_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('merge_run_events').execute();
  await db.schema.dropTable('merge_run_rows').execute();
  await db.schema.dropTable('merge_runs').execute();
}
