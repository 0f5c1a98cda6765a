import type { Kysely } from 'kysely';

/**
 * Keys every process of one deployment shares (issue 34 item 4, ADR 0641): the dev-mode JWT
 * signing key, sealed with QUIRE_SECRET_KEY, so a token issued by one API process is accepted by
 * all. Not an organization's data: one row per key name, the first process to write it wins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deployment_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deployment_keys').execute();
}
