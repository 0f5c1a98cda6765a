import type { CreateTableBuilder, Kysely } from 'kysely';

type Table = CreateTableBuilder<string, never>;

function base(db: Kysely<unknown>, name: string): Table {
  return db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull()) as unknown as Table;
}

/** Tables of the assessment area. Portable DDL only (text, integer, bigint). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await base(db, 'assessments')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('processor_id', 'text')
    .addColumn('automation', 'text', (c) => c.notNull())
    .addColumn('requirements_json', 'text')
    .addColumn('linked_document_id', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assessments_org_idx').on('assessments').columns(['org_id', 'id']).execute();

  await base(db, 'source_documents')
    .addColumn('assessment_id', 'text')
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('declared_mime_type', 'text')
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('page_count', 'integer')
    .addColumn('text_layer', 'text')
    .addColumn('duplicate_of', 'text')
    .addColumn('processing_status', 'text', (c) => c.notNull())
    .addColumn('skip_reason', 'text')
    .addColumn('review_rejected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processor_id', 'text')
    .addColumn('processor_version', 'text')
    .addColumn('latest_run_id', 'text')
    .addColumn('problems_json', 'text')
    .addColumn('uploaded_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('source_documents_org_idx').on('source_documents').columns(['org_id', 'id']).execute();
  await db.schema.createIndex('source_documents_assessment_idx').on('source_documents').columns(['org_id', 'assessment_id']).execute();

  await base(db, 'processing_runs')
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('assessment_id', 'text')
    .addColumn('batch_run_id', 'text')
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('processor_id', 'text', (c) => c.notNull())
    .addColumn('processor_version', 'text')
    .addColumn('engine_versions_json', 'text')
    .addColumn('input_sha256', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('preserve_corrections', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('force', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('carried_forward_json', 'text')
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors_json', 'text')
    .addColumn('warnings_json', 'text')
    .addColumn('pages_json', 'text')
    .addColumn('text', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('processing_runs_document_idx').on('processing_runs').columns(['org_id', 'document_id', 'created_at']).execute();

  await base(db, 'extracted_items')
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('assessment_id', 'text')
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('processor_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('occurrence_index', 'integer', (c) => c.notNull())
    .addColumn('value_type', 'text', (c) => c.notNull())
    .addColumn('value_state', 'text', (c) => c.notNull())
    .addColumn('value_json', 'text')
    .addColumn('value_text', 'text')
    .addColumn('raw_text', 'text')
    .addColumn('extracted_json', 'text', (c) => c.notNull())
    .addColumn('confidence_json', 'text', (c) => c.notNull())
    .addColumn('provenance_json', 'text', (c) => c.notNull())
    .addColumn('candidates_json', 'text')
    .addColumn('validation_status', 'text', (c) => c.notNull())
    .addColumn('validation_json', 'text', (c) => c.notNull())
    .addColumn('current_correction_id', 'text')
    .addColumn('is_corrected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('superseded_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('extracted_items_run_idx').on('extracted_items').columns(['org_id', 'run_id']).execute();
  await db.schema.createIndex('extracted_items_document_idx').on('extracted_items').columns(['org_id', 'document_id']).execute();

  await base(db, 'corrections')
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('assessment_id', 'text')
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('previous_json', 'text', (c) => c.notNull())
    .addColumn('corrected_json', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('time_spent_ms', 'integer')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('corrections_item_idx').on('corrections').columns(['org_id', 'item_id']).execute();
  await db.schema.createIndex('corrections_document_idx').on('corrections').columns(['org_id', 'document_id']).execute();

  await base(db, 'correction_revisions')
    .addColumn('correction_id', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('corrected_json', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('correction_revisions_uniq').on('correction_revisions').columns(['correction_id', 'revision']).unique().execute();

  await base(db, 'batches')
    .addColumn('assessment_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('processor_id', 'text')
    .addColumn('options_json', 'text')
    .addColumn('latest_run_id', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('batches_org_idx').on('batches').columns(['org_id', 'id']).execute();

  await base(db, 'batch_runs')
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('run_number', 'integer', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('active_key', 'text')
    .addColumn('options_json', 'text')
    .addColumn('counts_json', 'text')
    .addColumn('error', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // NULLs are distinct in a unique index on both dialects: finished runs never collide.
  await db.schema.createIndex('batch_runs_one_active').on('batch_runs').column('active_key').unique().execute();
  await db.schema.createIndex('batch_runs_number_uniq').on('batch_runs').columns(['batch_id', 'run_number']).unique().execute();

  await base(db, 'batch_documents')
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('included', 'integer', (c) => c.notNull())
    .addColumn('processor_id', 'text')
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('skip_reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_run_id', 'text')
    .addColumn('last_error_json', 'text')
    .addColumn('result_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('batch_documents_uniq').on('batch_documents').columns(['batch_id', 'document_id']).unique().execute();
  await db.schema.createIndex('batch_documents_document_idx').on('batch_documents').columns(['org_id', 'document_id']).execute();
}

const TABLES = [
  'batch_documents',
  'batch_runs',
  'batches',
  'correction_revisions',
  'corrections',
  'extracted_items',
  'processing_runs',
  'source_documents',
  'assessments',
];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
}
