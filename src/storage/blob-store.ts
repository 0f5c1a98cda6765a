/**
 * Where uploaded bytes live. Blobs are named by a generated id, never by anything a user sent,
 * so no file name can become a path. The local implementation keeps them under
 * `DATA_DIR/blobs`; an S3-compatible store can implement the same interface later.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PayloadTooLargeError } from '../kernel/errors.js';
import { newId } from '../kernel/ids.js';

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

export interface BlobStore {
  /**
   * Streams `source` into a new blob, hashing while streaming.
   *
   * @throws PayloadTooLargeError when more than `maxBytes` arrive (nothing is kept).
   */
  put(source: Readable, options: { maxBytes: number }): Promise<StoredBlob>;
  /** The whole blob in memory (extraction needs it). @throws Error when the blob is missing. */
  read(key: string): Promise<Buffer>;
  /** A stream of the blob, or of an inclusive byte range of it. @throws Error when the blob is missing. */
  openRead(key: string, range?: ByteRange): Readable;
  /** Size in bytes, or null when the blob is missing. */
  size(key: string): Promise<number | null>;
  /** Removes a blob; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are ids we made (`blob_` + base32): anything else is refused before touching the disk. */
const KEY_PATTERN = /^blob_[0-9a-z]{26}$/;

/**
 * ⚠ PATH SAFETY ⚠ The only way a key becomes a path: checked against KEY_PATTERN, so a key can
 * never hold a separator or `..`.
 *
 * @throws Error when the key is not one this store made.
 */
function pathOf(root: string, key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid blob key`);
  return path.join(root, key.slice(5, 7), key);
}

/** Counts and hashes bytes as they pass, and stops the stream past the cap. */
class MeteredHash extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new PayloadTooLargeError(`the file is larger than the limit of ${this.maxBytes} bytes`));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }
}

/** Blobs in a local directory: written to `tmp/` first, then renamed into place. */
export class LocalBlobStore implements BlobStore {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, 'tmp');
  }

  /** The store under `DATA_DIR/blobs`. */
  static forDataDir(dataDir: string): LocalBlobStore {
    return new LocalBlobStore(path.join(dataDir, 'blobs'));
  }

  async put(source: Readable, options: { maxBytes: number }): Promise<StoredBlob> {
    const key = newId('blob');
    await fs.mkdir(this.tmpDir, { recursive: true });
    const tmp = path.join(this.tmpDir, `${key}.part`);
    const meter = new MeteredHash(options.maxBytes);
    try {
      await pipeline(source, meter, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      await fs.rm(tmp, { force: true });
      // Drain what is left so the multipart parser can move on to the next part.
      source.resume();
      throw error;
    }
    const final = pathOf(this.root, key);
    await fs.mkdir(path.dirname(final), { recursive: true });
    await fs.rename(tmp, final);
    return { key, size_bytes: meter.bytes, sha256: meter.hash.digest('hex') };
  }

  async read(key: string): Promise<Buffer> {
    return fs.readFile(pathOf(this.root, key));
  }

  openRead(key: string, range?: ByteRange): Readable {
    return createReadStream(pathOf(this.root, key), range ? { start: range.start, end: range.end } : {});
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fs.stat(pathOf(this.root, key))).size;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(pathOf(this.root, key), { force: true });
  }
}
