import type { Kysely } from 'kysely';

/**
 * Tables of the organization library (texts, snippets and their items, document bindings, risk
 * blocks, voices). Every row carries org_id; keys and voice names are unique per organization
 * (a unique index, so a race between two creates is caught by the database, not by luck).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('texts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('value_type', 'text', (c) => c.notNull().defaultTo('string'))
    .addColumn('name', 'text')
    .addColumn('description', 'text')
    .addColumn('heading_template', 'text')
    .addColumn('narrative_template', 'text')
    .addColumn('bullets_json', 'text')
    .addColumn('entity_roles_used_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('texts_org_key_uq').on('texts').columns(['org_id', 'key']).unique().execute();

  await db.schema
    .createTable('risk_blocks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('heading', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('statutory_ref', 'text')
    .addColumn('applies_to', 'text')
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('risk_blocks_org_key_uq').on('risk_blocks').columns(['org_id', 'key']).unique().execute();

  await db.schema
    .createTable('snippets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('description', 'text')
    .addColumn('phase_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('snippets_org_key_uq').on('snippets').columns(['org_id', 'key']).unique().execute();

  // A text or risk block still used by an item cannot be deleted (no cascade): the delete
  // commands refuse with 422 naming the snippets, and the foreign key backs that up.
  await db.schema
    .createTable('snippet_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('snippet_id', 'text', (c) => c.notNull().references('snippets.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('text_id', 'text', (c) => c.references('texts.id'))
    .addColumn('risk_block_id', 'text', (c) => c.references('risk_blocks.id'))
    .execute();
  await db.schema.createIndex('snippet_items_snippet_ordinal_uq').on('snippet_items').columns(['snippet_id', 'ordinal']).unique().execute();
  await db.schema.createIndex('snippet_items_text_idx').on('snippet_items').columns(['text_id']).execute();
  await db.schema.createIndex('snippet_items_risk_block_idx').on('snippet_items').columns(['risk_block_id']).execute();

  await db.schema
    .createTable('document_snippets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('snippet_id', 'text', (c) => c.notNull().references('snippets.id').onDelete('cascade'))
    .addColumn('entity_bindings_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('document_snippets_doc_ordinal_idx').on('document_snippets').columns(['document_id', 'ordinal']).execute();
  await db.schema.createIndex('document_snippets_snippet_idx').on('document_snippets').columns(['snippet_id']).execute();

  await db.schema
    .createTable('voices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('samples_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('voices_org_name_uq').on('voices').columns(['org_id', 'name']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['voices', 'document_snippets', 'snippet_items', 'snippets', 'risk_blocks', 'texts']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
