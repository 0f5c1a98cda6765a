import type { Kysely } from 'kysely';

/**
 * The caller's credential a generation run carries to per-user tools, so whichever process
 * executes the run can act for the caller (issue #14). Only sealed text is stored (AES-256-GCM
 * under QUIRE_SECRET_KEY, bound to the organization and run); `expires_at` is the token's own
 * `exp`. A row lives exactly as long as its run is running: it is written with the run and its
 * job, and erased in the transaction that ends the run (and with the run when its document goes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('run_credentials')
    .addColumn('run_id', 'text', (c) => c.primaryKey().references('generation_runs.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('run_credentials').execute();
}
