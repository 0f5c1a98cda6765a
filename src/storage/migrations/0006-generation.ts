import { type Kysely, sql } from 'kysely';

/**
 * Generation runs and what they leave behind. "One active run per document" is the partial
 * unique index `generation_runs_one_active`: a second insert of a running run for the same
 * document fails in the database, whichever process tries it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('generation_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('run_number', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('options_json', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('usage_json', 'text')
    .addColumn('created_by', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('generation_runs_doc_number_uq').on('generation_runs').columns(['document_id', 'run_number']).unique().execute();
  await db.schema
    .createIndex('generation_runs_one_active')
    .on('generation_runs')
    .column('document_id')
    .unique()
    .where(sql.ref('status'), '=', 'running')
    .execute();

  await db.schema
    .createTable('run_events')
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('run_number', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('ts', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('run_events_pk', ['document_id', 'seq'])
    .execute();

  await db.schema
    .createTable('synthesized_contexts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('run_id', 'text')
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('schema_path', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('synthesized_contexts_doc_idx').on('synthesized_contexts').columns(['document_id', 'created_at']).execute();

  await db.schema
    .createTable('snapshots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('version_number', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('sections_json', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('snapshots_doc_version_uq').on('snapshots').columns(['document_id', 'version_number']).unique().execute();

  await db.schema
    .createTable('generation_snapshots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('run_number', 'integer', (c) => c.notNull())
    .addColumn('manifest_json', 'text', (c) => c.notNull())
    .addColumn('output_json', 'text', (c) => c.notNull())
    .addColumn('manifest_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('generation_snapshots_doc_idx').on('generation_snapshots').columns(['document_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['generation_snapshots', 'snapshots', 'synthesized_contexts', 'run_events', 'generation_runs']) {
    await db.schema.dropTable(table).execute();
  }
}
