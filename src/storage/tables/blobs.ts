/**
 * Table types of the PostgreSQL blob store (migration 0013-blobs). Part of the Kysely `Database`
 * type. The tables exist on SQLite too (portable DDL) but only the PostgreSQL store uses them.
 * Both carry `org_id`, and every query of the store names it, like every other row.
 */

/** One blob: its owner, and once the last chunk is written, its size and sha256. */
export interface BlobTable {
  key: string;
  org_id: string;
  /** bigint: a string from pg. Null while the blob is being written. */
  size_bytes: string | number | null;
  sha256: string | null;
  /** Bytes per chunk row (every chunk but the last is full), so a range maps to chunk numbers. */
  chunk_size: number;
  /** 0 while being written (never readable), 1 once complete. */
  complete: number;
  created_at: string;
}

/** The bytes of a blob, `chunk_size` at a time, numbered from 0. */
export interface BlobChunkTable {
  key: string;
  org_id: string;
  seq: number;
  data: Buffer;
}

export interface BlobsTables {
  blobs: BlobTable;
  blob_chunks: BlobChunkTable;
}
