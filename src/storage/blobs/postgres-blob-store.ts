/**
 * Blobs in PostgreSQL (the default when DATABASE_URL is set and no object store is configured):
 * every node sharing the database reads what any node stored, with nothing else to run.
 *
 * A blob is a header row (`blobs`) and its bytes in fixed-size chunk rows (`blob_chunks`). Writes
 * stream: at most one chunk is held in memory, and each chunk is its own short statement, so a
 * slow upload never holds a pooled connection or a transaction open. The header says
 * `complete = 0` until the last chunk is in, so readers never see a half-written blob; a write
 * abandoned by a crash is removed by `sweepAbandoned` at start-up. Reads stream a chunk per query,
 * and a byte range reads only the chunks it covers.
 */
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newId } from '../../kernel/ids.js';
import type { Database } from '../schema.js';
import {
  type BlobInventory,
  type BlobStore,
  type ByteRange,
  BlobMissingError,
  type StoredBlob,
  assertBlobName,
  collect,
  drain,
  tooLargeError,
} from './blob-store.js';

/** Bytes per chunk row: small enough to hold in memory per upload, large enough to keep rows few. */
export const POSTGRES_CHUNK_BYTES = 256 * 1024;

export class PostgresBlobStore implements BlobStore {
  readonly kind = 'postgres';

  constructor(
    private readonly db: Kysely<Database>,
    private readonly chunkBytes: number = POSTGRES_CHUNK_BYTES,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** @throws PayloadTooLargeError past `maxBytes` (the rows written so far are removed). */
  async put(orgId: string, source: Readable, options: { maxBytes: number }): Promise<StoredBlob> {
    const key = newId('blob');
    assertBlobName(orgId, key);
    await this.db
      .insertInto('blobs')
      .values({ key, org_id: orgId, size_bytes: null, sha256: null, chunk_size: this.chunkBytes, complete: 0, created_at: this.now().toISOString() })
      .execute();
    const hash = createHash('sha256');
    let bytes = 0;
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (data: Buffer) => {
      await this.db.insertInto('blob_chunks').values({ key, org_id: orgId, seq, data }).execute();
      seq += 1;
    };
    try {
      for await (const piece of source) {
        const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
        bytes += chunk.length;
        if (bytes > options.maxBytes) throw tooLargeError(options.maxBytes);
        hash.update(chunk);
        pending.push(chunk);
        pendingBytes += chunk.length;
        while (pendingBytes >= this.chunkBytes) {
          const joined = Buffer.concat(pending);
          await flush(joined.subarray(0, this.chunkBytes));
          const rest = joined.subarray(this.chunkBytes);
          pending = rest.length > 0 ? [rest] : [];
          pendingBytes = rest.length;
        }
      }
      if (pendingBytes > 0) await flush(Buffer.concat(pending));
      const sha256 = hash.digest('hex');
      await this.db.updateTable('blobs').set({ size_bytes: bytes, sha256, complete: 1 }).where('key', '=', key).where('org_id', '=', orgId).execute();
      return { key, size_bytes: bytes, sha256 };
    } catch (error) {
      drain(source);
      await this.remove(orgId, key);
      throw error;
    }
  }

  async read(orgId: string, key: string): Promise<Buffer> {
    return collect(await this.openRead(orgId, key));
  }

  async openRead(orgId: string, key: string, range?: ByteRange): Promise<Readable> {
    const header = await this.header(orgId, key);
    if (!header) throw new BlobMissingError(key);
    const size = Number(header.size_bytes);
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    if (size === 0 || end < start) return Readable.from([]);
    const chunkSize = header.chunk_size;
    const db = this.db;
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let seq = Math.floor(start / chunkSize); seq <= Math.floor(end / chunkSize); seq += 1) {
        const row = await db
          .selectFrom('blob_chunks')
          .select('data')
          .where('key', '=', key)
          .where('org_id', '=', orgId)
          .where('seq', '=', seq)
          .executeTakeFirst();
        // Deleted while being read: end the stream with an error rather than short.
        if (!row) throw new BlobMissingError(key);
        const offset = seq * chunkSize;
        yield row.data.subarray(Math.max(0, start - offset), Math.min(row.data.length, end - offset + 1));
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  async size(orgId: string, key: string): Promise<number | null> {
    const header = await this.header(orgId, key);
    return header ? Number(header.size_bytes) : null;
  }

  async delete(orgId: string, key: string): Promise<void> {
    assertBlobName(orgId, key);
    await this.remove(orgId, key);
  }

  async inventory(): Promise<BlobInventory> {
    const rows = await this.db.selectFrom('blobs').select(['key', 'complete']).orderBy('key').execute();
    return { keys: rows.filter((r) => r.complete === 1).map((r) => r.key), partial: rows.filter((r) => r.complete !== 1).length };
  }

  /**
   * Removes writes left unfinished by a process that died mid-upload. Called at start-up with a
   * cut-off far beyond any upload's duration, so a live upload on another node is never touched.
   *
   * @returns how many were removed.
   */
  async sweepAbandoned(olderThan: Date): Promise<number> {
    const stale = await this.db
      .selectFrom('blobs')
      .select(['key', 'org_id'])
      .where('complete', '=', 0)
      .where('created_at', '<', olderThan.toISOString())
      .execute();
    for (const row of stale) await this.remove(row.org_id, row.key);
    return stale.length;
  }

  private async header(orgId: string, key: string): Promise<{ size_bytes: string | number | null; chunk_size: number } | undefined> {
    assertBlobName(orgId, key);
    return this.db
      .selectFrom('blobs')
      .select(['size_bytes', 'chunk_size'])
      .where('key', '=', key)
      .where('org_id', '=', orgId)
      .where('complete', '=', 1)
      .executeTakeFirst();
  }

  private async remove(orgId: string, key: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('blob_chunks').where('key', '=', key).where('org_id', '=', orgId).execute();
      await tx.deleteFrom('blobs').where('key', '=', key).where('org_id', '=', orgId).execute();
    });
  }
}
