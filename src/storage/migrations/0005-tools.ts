import type { Kysely } from 'kysely';

/**
 * Tables of tool registrations and orchestration rules. Every row carries org_id and goes with
 * its organization; names are unique per organization.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tool_registrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('class_path', 'text', (c) => c.notNull())
    .addColumn('config_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tool_registrations_org_name_uq').on('tool_registrations').columns(['org_id', 'name']).unique().execute();

  await db.schema
    .createTable('orchestration_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('when_json', 'text', (c) => c.notNull())
    .addColumn('then_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orchestration_rules_org_name_uq').on('orchestration_rules').columns(['org_id', 'name']).unique().execute();

  await db.schema
    .createTable('orchestration_rulebooks')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('seeded_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('orchestration_rulebooks').execute();
  await db.schema.dropTable('orchestration_rules').execute();
  await db.schema.dropTable('tool_registrations').execute();
}
