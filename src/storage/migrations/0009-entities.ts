import type { Kysely } from 'kysely';

/**
 * Organization entities (`ent_`): the parties a snippet binding names by role (a client, a
 * counterparty), with a display name and free attributes. Every row carries org_id and goes
 * with its organization. Names are not unique: two people may share one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('entities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('attributes_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('entities_org_name_ix').on('entities').columns(['org_id', 'name']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('entities').execute();
}
