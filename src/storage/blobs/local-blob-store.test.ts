/** What only the local store has: its temp directory, and the pre-#14 layout it still reads. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayloadTooLargeError } from '../../kernel/errors.js';
import { newId } from '../../kernel/ids.js';
import { LocalBlobStore } from './local-blob-store.js';

describe('LocalBlobStore', () => {
  let dir: string;
  let store: LocalBlobStore;
  const org = newId('org');
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-blobs-'));
    store = new LocalBlobStore(path.join(dir, 'blobs'));
  });
  afterAll(async () => fs.rm(dir, { recursive: true, force: true }));

  it("keeps each organization's blobs under its own directory", async () => {
    const { key } = await store.put(org, Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    await expect(fs.stat(path.join(dir, 'blobs', 'orgs', org, key.slice(5, 7), key))).resolves.toBeTruthy();
  });

  it('removes the temp file of a refused write', async () => {
    await expect(store.put(org, Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), { maxBytes: 100 })).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(await fs.readdir(path.join(dir, 'blobs', 'tmp'))).toEqual([]);
  });

  it('still reads and deletes a blob stored before issue #14 (no organization in its path)', async () => {
    const key = newId('blob');
    const legacy = path.join(dir, 'blobs', key.slice(5, 7), key);
    await fs.mkdir(path.dirname(legacy), { recursive: true });
    await fs.writeFile(legacy, 'from an older release');
    expect(await store.size(org, key)).toBe(21);
    expect((await store.read(org, key)).toString()).toBe('from an older release');
    await store.delete(org, key);
    await expect(fs.stat(legacy)).rejects.toThrow();
  });
});
