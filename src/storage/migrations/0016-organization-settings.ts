import type { Kysely } from 'kysely';

/**
 * Organization settings (issue #15): the letterhead a letter is printed on — the name as it
 * should appear, the postal address and a logo image (base64 in a text column: one small image
 * per organization, portable across SQLite and PostgreSQL without a blob store round trip at
 * every export). One row per organization at most; no row means "not set". Goes with its
 * organization.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organization_settings')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('letterhead_name', 'text')
    .addColumn('letterhead_address', 'text')
    .addColumn('logo_base64', 'text')
    .addColumn('logo_media_type', 'text')
    .addColumn('logo_width', 'integer')
    .addColumn('logo_height', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('organization_settings').execute();
}
