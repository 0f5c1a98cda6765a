import type { Kysely } from 'kysely';

/**
 * The run lease of the PostgreSQL job engine (pg-boss keeps the jobs in its own schema; this
 * table says which process holds each running job and when it last proved alive). A lease
 * whose heartbeat is older than the lease time belongs to a dead process: a live worker takes
 * it over and hands the job to its `onOrphaned`. Heartbeats are the database's clock in epoch
 * milliseconds, so hosts whose clocks drift never judge each other dead. Created on SQLite
 * too (portable DDL, one schema for both); only the PostgreSQL queue uses it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('job_name', 'text', (c) => c.notNull())
    .addColumn('engine_id', 'text', (c) => c.notNull())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('is_final_attempt', 'integer', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('heartbeat_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_leases_heartbeat_idx').on('job_leases').column('heartbeat_ms').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
}
