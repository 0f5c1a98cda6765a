import type { Kysely } from 'kysely';

/**
 * Documents (templates and instances) and what they own: fields, sections and their output
 * versions, data-needs, gathered values. Every row carries org_id; children cascade with their
 * document.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('slug', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('is_template', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('template_id', 'text', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('config_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_org_slug_uq').on('documents').columns(['org_id', 'slug']).unique().execute();
  await db.schema.createIndex('documents_org_template_idx').on('documents').columns(['org_id', 'is_template', 'created_at']).execute();

  await db.schema
    .createTable('document_fields')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('value_type', 'text', (c) => c.notNull().defaultTo('string'))
    .addColumn('is_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('label', 'text')
    .addColumn('description', 'text')
    .addColumn('options_json', 'text')
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('document_fields_doc_key_uq').on('document_fields').columns(['document_id', 'key']).unique().execute();

  await db.schema
    .createTable('sections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('render_mode', 'text', (c) => c.notNull())
    .addColumn('output_type', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text')
    .addColumn('output_template', 'text')
    .addColumn('content', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('empty'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sections_doc_key_uq').on('sections').columns(['document_id', 'key']).unique().execute();
  await db.schema.createIndex('sections_doc_ordinal_idx').on('sections').columns(['document_id', 'ordinal']).execute();

  await db.schema
    .createTable('section_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('section_id', 'text', (c) => c.notNull().references('sections.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('run_id', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('section_versions_section_version_uq').on('section_versions').columns(['section_id', 'version']).unique().execute();

  await db.schema
    .createTable('data_needs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('output_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('args_json', 'text')
    .addColumn('depends_on_json', 'text')
    .addColumn('prompt_body', 'text')
    .addColumn('tool_ref', 'text')
    .addColumn('tools_available_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('data_needs_doc_key_uq').on('data_needs').columns(['document_id', 'output_key']).unique().execute();

  await db.schema
    .createTable('gathered_values')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('data_need_id', 'text')
    .addColumn('output_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value_json', 'text')
    .addColumn('source_json', 'text')
    .addColumn('inputs_hash', 'text', (c) => c.notNull())
    .addColumn('run_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gathered_values_doc_key_idx').on('gathered_values').columns(['document_id', 'output_key', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['gathered_values', 'data_needs', 'section_versions', 'sections', 'document_fields', 'documents']) {
    await db.schema.dropTable(table).execute();
  }
}
