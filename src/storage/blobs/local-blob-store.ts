/**
 * Blobs in a local directory (the default on SQLite, where one machine holds everything):
 * `<root>/orgs/<orgId>/<2 chars of the key>/<key>`, written to `<root>/tmp/` first and renamed
 * into place, so a half-written file is never visible under its key.
 *
 * Blobs stored before issue #14 sit at `<root>/<2 chars>/<key>` with no organization in the path;
 * they are still read and deleted there (their owner is known from the row that names them).
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
} from './blob-store.js';

export class LocalBlobStore implements BlobStore {
  readonly kind = 'local';
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, 'tmp');
  }

  /** The store under `DATA_DIR/blobs`. */
  static forDataDir(dataDir: string): LocalBlobStore {
    return new LocalBlobStore(path.join(dataDir, 'blobs'));
  }

  /** @throws PayloadTooLargeError past `maxBytes` (the temp file is removed). */
  async put(orgId: string, source: Readable, options: { maxBytes: number }): Promise<StoredBlob> {
    const key = newId('blob');
    const final = this.pathOf(orgId, key);
    await fs.mkdir(this.tmpDir, { recursive: true });
    const tmp = path.join(this.tmpDir, `${key}.part`);
    const meter = new MeteredHash(options.maxBytes);
    try {
      await pipeline(source, meter, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      await fs.rm(tmp, { force: true });
      drain(source);
      throw error;
    }
    await fs.mkdir(path.dirname(final), { recursive: true });
    await fs.rename(tmp, final);
    return { key, size_bytes: meter.bytes, sha256: meter.digest() };
  }

  async read(orgId: string, key: string): Promise<Buffer> {
    return collect(await this.openRead(orgId, key));
  }

  async openRead(orgId: string, key: string, range?: ByteRange): Promise<Readable> {
    const file = await this.existing(orgId, key);
    if (!file) throw new BlobMissingError(key);
    // Opened before returning, so a blob deleted meanwhile fails here and not mid-response.
    const handle = await fs.open(file, 'r').catch(() => {
      throw new BlobMissingError(key);
    });
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async size(orgId: string, key: string): Promise<number | null> {
    const file = await this.existing(orgId, key);
    if (!file) return null;
    return (await fs.stat(file)).size;
  }

  async delete(orgId: string, key: string): Promise<void> {
    await fs.rm(this.pathOf(orgId, key), { force: true });
    await fs.rm(this.legacyPathOf(key), { force: true });
  }

  async inventory(): Promise<BlobInventory> {
    const keys: string[] = [];
    let partial = 0;
    for (const entry of await fs.readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => [])) {
      if (!entry.isFile()) continue;
      if (path.resolve(entry.parentPath) === path.resolve(this.tmpDir)) partial += 1;
      else keys.push(entry.name);
    }
    return { keys: keys.sort(), partial };
  }

  /**
   * ⚠ PATH SAFETY ⚠ The only ways a key becomes a path: both names are checked first
   * (`assertBlobName`), so neither can hold a separator or `..`.
   */
  private pathOf(orgId: string, key: string): string {
    assertBlobName(orgId, key);
    return path.join(this.root, 'orgs', orgId, key.slice(5, 7), key);
  }

  private legacyPathOf(key: string): string {
    return path.join(this.root, key.slice(5, 7), key);
  }

  /** The file holding the blob: the organization's path, else the pre-#14 one. */
  private async existing(orgId: string, key: string): Promise<string | null> {
    for (const file of [this.pathOf(orgId, key), this.legacyPathOf(key)]) {
      const stat = await fs.stat(file).catch(() => null);
      if (stat?.isFile()) return file;
    }
    return null;
  }
}
