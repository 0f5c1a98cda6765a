/**
 * Blobs in an S3-compatible bucket (`BLOB_STORE=s3`: AWS S3, MinIO, Ceph, R2 …) through the AWS
 * SDK v3. Objects are named `<prefix><orgId>/<key>`, so one organization's blobs are one prefix.
 *
 * Writes stream through `@aws-sdk/lib-storage`: a blob under one part is a single PutObject, a
 * larger one a multipart upload, holding at most `partSize × queueSize` bytes in memory whatever
 * the file's size. A refused write aborts its multipart upload (the bucket should also have a
 * lifecycle rule that aborts incomplete uploads, for writes cut off by a crash). Reads stream the
 * object, a byte range through an HTTP Range request.
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Transform, type Readable } from 'node:stream';
import { newId } from '../../kernel/ids.js';
import {
  type BlobInventory,
  type BlobStore,
  type ByteRange,
  BlobMissingError,
  MeteredHash,
  type StoredBlob,
  assertBlobName,
  collect,
  drain,
  tooLargeError,
} from './blob-store.js';

/** How the store reaches its bucket (from S3_* and the standard AWS variables). */
export interface S3BlobStoreOptions {
  bucket: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  /** Path-style URLs (`endpoint/bucket/key`), which MinIO and most self-hosted servers need. */
  forcePathStyle: boolean;
  /** Prepended to every object key (`quire/`), so a bucket can be shared. */
  prefix: string;
  /** Unset: the SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** S3's smallest part (5 MiB); with one part in flight, an upload holds at most 10 MiB. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 1;

export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly options: S3BlobStoreOptions) {
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
  }

  /** @throws PayloadTooLargeError past `maxBytes` (the upload is aborted; no object is created). */
  async put(orgId: string, source: Readable, options: { maxBytes: number }): Promise<StoredBlob> {
    const key = newId('blob');
    const meter = new MeteredHash(options.maxBytes);
    source.on('error', (error) => meter.destroy(error));
    source.pipe(meter);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: this.objectKey(orgId, key), Body: meter },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
    });
    try {
      await upload.done();
    } catch (error) {
      drain(source);
      // Past the cap, the SDK may report its abort instead: the refusal is what the caller must see.
      if (meter.tooLarge) throw tooLargeError(options.maxBytes);
      throw error;
    }
    return { key, size_bytes: meter.bytes, sha256: meter.digest() };
  }

  async read(orgId: string, key: string): Promise<Buffer> {
    return collect(await this.openRead(orgId, key));
  }

  async openRead(orgId: string, key: string, range?: ByteRange): Promise<Readable> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: this.objectKey(orgId, key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // In Node the SDK's body is an http.IncomingMessage, a Readable.
      const body = object.Body as Readable;
      // The caller has promised exactly the range's length (Content-Length of a 206): some
      // S3-compatible servers answer `bytes=0-0` with the whole object, so never pass on more.
      return range ? body.pipe(new ByteLimit(range.end - range.start + 1)) : body;
    } catch (error) {
      if (isMissing(error)) throw new BlobMissingError(key);
      throw error;
    }
  }

  async size(orgId: string, key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(orgId, key) }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(orgId: string, key: string): Promise<void> {
    // S3 answers 204 for a key that does not exist: deleting twice is not an error.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(orgId, key) }));
  }

  async inventory(): Promise<BlobInventory> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: this.options.prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(object.Key.lastIndexOf('/') + 1));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    // Unfinished multipart uploads are not counted: not every S3-compatible server lists them.
    return { keys: keys.sort(), partial: 0 };
  }

  /** Closes the SDK's connections. */
  destroy(): void {
    this.client.destroy();
  }

  /** ⚠ NAMING SAFETY ⚠ The only way a key becomes an object key: both names are checked first. */
  private objectKey(orgId: string, key: string): string {
    assertBlobName(orgId, key);
    return `${this.options.prefix}${orgId}/${key}`;
  }
}

/** Passes the first `limit` bytes and drops the rest. */
class ByteLimit extends Transform {
  constructor(private remaining: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void): void {
    const kept = chunk.subarray(0, Math.max(0, this.remaining));
    this.remaining -= kept.length;
    callback(null, kept.length > 0 ? kept : undefined);
  }
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}
