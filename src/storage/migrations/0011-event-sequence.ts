import { type Kysely, sql } from 'kysely';

/**
 * A per-document counter of progress-event sequence numbers. An append advances it with one
 * `insert … on conflict do update … returning` in the same transaction as the event's insert,
 * so concurrent appends (renderers, two runs) each get the next number without reading
 * max(seq) and racing. Seeded from the events already stored, so sequences continue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('run_event_counters')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into run_event_counters (document_id, last_seq) select document_id, max(seq) from run_events group by document_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('run_event_counters').execute();
}
