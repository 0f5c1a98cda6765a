import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayloadTooLargeError } from '../kernel/errors.js';
import { LocalBlobStore } from './blob-store.js';

describe('LocalBlobStore', () => {
  let dir: string;
  let store: LocalBlobStore;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-blobs-'));
    store = new LocalBlobStore(path.join(dir, 'blobs'));
  });
  afterAll(async () => fs.rm(dir, { recursive: true, force: true }));

  it('stores by generated key with the sha256 computed while streaming, reads whole and by range, deletes', async () => {
    const bytes = Buffer.from('0123456789abcdef');
    const blob = await store.put(Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]), { maxBytes: 100 });
    expect(blob).toEqual({ key: expect.stringMatching(/^blob_[0-9a-z]{26}$/), size_bytes: 16, sha256: createHash('sha256').update(bytes).digest('hex') });
    expect((await store.read(blob.key)).equals(bytes)).toBe(true);
    const chunks: Buffer[] = [];
    for await (const c of store.openRead(blob.key, { start: 3, end: 6 })) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('3456');
    expect(await store.size(blob.key)).toBe(16);
    await store.delete(blob.key);
    expect(await store.size(blob.key)).toBeNull();
    await store.delete(blob.key); // a missing blob is not an error
  });

  it('refuses more than maxBytes and keeps nothing, not even the temp file', async () => {
    await expect(store.put(Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), { maxBytes: 100 })).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(await fs.readdir(path.join(dir, 'blobs', 'tmp'))).toEqual([]);
  });

  it('never turns a foreign key into a path', async () => {
    for (const key of ['../../etc/passwd', 'blob_../../x', 'x', `blob_${'a'.repeat(25)}/`]) {
      await expect(store.read(key)).rejects.toThrow(/invalid blob key/);
      expect(() => store.openRead(key)).toThrow(/invalid blob key/);
      await expect(store.delete(key)).rejects.toThrow(/invalid blob key/);
    }
  });
});
