import type { Kysely } from 'kysely';

/**
 * The PostgreSQL blob store (issue #14): uploaded bytes in chunk rows so every node sharing the
 * database reads what any node stored. Portable DDL (created on SQLite too, unused there).
 * A header row is written first with `complete = 0` and flipped once the last chunk is in, so a
 * half-written blob is never readable and an abandoned one can be found and swept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blobs')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint')
    .addColumn('sha256', 'text')
    .addColumn('chunk_size', 'integer', (c) => c.notNull())
    .addColumn('complete', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blobs_org_idx').on('blobs').columns(['org_id', 'key']).execute();
  await db.schema.createIndex('blobs_partial_idx').on('blobs').columns(['complete', 'created_at']).execute();
  await db.schema
    .createTable('blob_chunks')
    .addColumn('key', 'text', (c) => c.notNull().references('blobs.key').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('blob_chunks_pk', ['key', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blob_chunks').execute();
  await db.schema.dropTable('blobs').execute();
}
