/**
 * The blob store port: where uploaded bytes live. Three implementations, one file each — a local
 * directory (`local-blob-store.ts`), PostgreSQL rows (`postgres-blob-store.ts`) and an
 * S3-compatible bucket (`s3-blob-store.ts`) — and one factory (`create-blob-store.ts`) that picks
 * one; nothing else knows which is in use.
 *
 * Blobs are named by a generated id, never by anything a user sent, so no file name can become a
 * path or an object key. Every call names the organization that owns the blob: a key asked for
 * under another organization is simply missing, as with every other row.
 */
import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { PayloadTooLargeError } from '../../kernel/errors.js';

/** What a stored blob is. */
export interface StoredBlob {
  key: string;
  size_bytes: number;
  sha256: string;
}

/** An inclusive byte range, as HTTP `Range` gives it. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a store holds, for operators and tests: finished blobs, and writes not finished (in flight or abandoned). */
export interface BlobInventory {
  keys: string[];
  partial: number;
}

export interface BlobStore {
  /** `local`, `postgres` or `s3` (shown at start-up and in /health-like diagnostics). */
  readonly kind: BlobStoreKind;
  /**
   * Streams `source` into a new blob of `orgId`, hashing and counting while streaming.
   *
   * @throws PayloadTooLargeError when more than `maxBytes` arrive (nothing is kept, and the rest of `source` is drained).
   */
  put(orgId: string, source: Readable, options: { maxBytes: number }): Promise<StoredBlob>;
  /**
   * The whole blob in memory, for the consumers that need it whole (upload validation, PDF
   * parsing); bounded by the upload limit because every blob was capped when it was put.
   *
   * @throws BlobMissingError when the blob is missing (or belongs to another organization).
   */
  read(orgId: string, key: string): Promise<Buffer>;
  /**
   * A stream of the blob, or of an inclusive byte range of it (the range must lie within the blob).
   *
   * @throws BlobMissingError when the blob is missing (or belongs to another organization).
   */
  openRead(orgId: string, key: string, range?: ByteRange): Promise<Readable>;
  /** Size in bytes, or null when the blob is missing (or belongs to another organization). */
  size(orgId: string, key: string): Promise<number | null>;
  /** Removes a blob; a missing one is not an error. */
  delete(orgId: string, key: string): Promise<void>;
  /** Every finished blob and the number of unfinished writes (all organizations). */
  inventory(): Promise<BlobInventory>;
}

export type BlobStoreKind = 'local' | 'postgres' | 's3';

/** The blob is not there (never stored, deleted, or another organization's). */
export class BlobMissingError extends Error {
  constructor(key: string) {
    super(`blob ${key} is missing`);
    this.name = 'BlobMissingError';
  }
}

/** Keys are ids we made (`blob_` + base32): anything else is refused before touching storage. */
const KEY_PATTERN = /^blob_[0-9a-z]{26}$/;
/** Organization ids as `newId` makes them, and the seeded ones; never a separator or `..`. */
const ORG_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * ⚠ NAMING SAFETY ⚠ Every store passes key and organization through here before either becomes
 * part of a path, an object key or a query, so neither can hold a separator or `..`.
 *
 * @throws Error when the key is not one a store made, or the organization id is malformed.
 */
export function assertBlobName(orgId: string, key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error('invalid blob key');
  if (!ORG_PATTERN.test(orgId)) throw new Error('invalid organization id for a blob');
}

/** Counts and hashes bytes as they pass, and fails the stream past the cap. */
export class MeteredHash extends Transform {
  private readonly hash = createHash('sha256');
  bytes = 0;
  /** Set once the cap was passed, whatever error the consumer then reports. */
  tooLarge = false;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      this.tooLarge = true;
      callback(tooLargeError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }
  /** The hex sha256 of what passed (call once, after the stream ended). */
  digest(): string {
    return this.hash.digest('hex');
  }
}

/** The refusal every store gives past the cap. */
export function tooLargeError(maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`the file is larger than the limit of ${maxBytes} bytes`);
}

/** Lets a refused source run to its end so the multipart parser can move on to the next part. */
export function drain(source: Readable): void {
  source.unpipe();
  source.resume();
}

/** Reads a stream into one buffer (only for blobs, which were capped when stored). */
export async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
