/**
 * One contract, every store: the local directory, PostgreSQL (when TEST_POSTGRES_URL is set;
 * skipped and said so otherwise) and S3 against a local server that speaks the protocol
 * (s3rver). Whatever store the factory picks, the upload and content routes see the same thing.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { PayloadTooLargeError } from '../../kernel/errors.js';
import { newId } from '../../kernel/ids.js';
import { POSTGRES_URL } from '../../../test/support/dialects.js';
import { type LocalS3, startLocalS3 } from '../../../test/support/s3-server.js';
import { type Store, openStore } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { type BlobStore, BlobMissingError, collect } from './blob-store.js';
import { LocalBlobStore } from './local-blob-store.js';
import { POSTGRES_CHUNK_BYTES, PostgresBlobStore } from './postgres-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

interface Harness {
  store: BlobStore;
  close(): Promise<void>;
}

const ORG = newId('org');
const OTHER_ORG = newId('org');
/** Larger than S3's 5 MiB part (so S3 goes multipart) and than many PostgreSQL chunks; not a multiple of either. */
const LARGE = 6 * 1024 * 1024 + 12_345;

/** Feeds bytes in uneven pieces, as a network would. */
function streamOf(bytes: Buffer, piece = 65_537): Readable {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += piece) pieces.push(bytes.subarray(at, at + piece));
  return Readable.from(pieces);
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function localHarness(): Promise<Harness> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-blobs-'));
  return { store: new LocalBlobStore(path.join(dir, 'blobs')), close: () => fs.rm(dir, { recursive: true, force: true }) };
}

async function postgresHarness(): Promise<Harness> {
  const schema = `t_blobs_${randomBytes(5).toString('hex')}`;
  const db: Store = await openStore({ dataDir: os.tmpdir(), databaseUrl: POSTGRES_URL, databaseSchema: schema });
  await migrateToLatest(db.db, schema);
  return {
    store: new PostgresBlobStore(db.db),
    close: async () => {
      await db.close();
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  };
}

async function s3Harness(): Promise<Harness> {
  const s3: LocalS3 = await startLocalS3();
  const store = new S3BlobStore({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    prefix: 'quire/',
    credentials: s3.credentials,
  });
  return {
    store,
    close: async () => {
      store.destroy();
      await s3.close();
    },
  };
}

const STORES: Array<{ name: string; harness: () => Promise<Harness>; skip?: string }> = [
  { name: 'local', harness: localHarness },
  { name: 'postgres', harness: postgresHarness, ...(POSTGRES_URL ? {} : { skip: 'TEST_POSTGRES_URL is not set' }) },
  { name: 's3 (s3rver)', harness: s3Harness },
];

for (const { name, harness, skip } of STORES) {
  (skip ? describe.skip : describe)(`BlobStore contract [${name}]${skip ? ` (skipped: ${skip})` : ''}`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await harness();
    }, 30_000);
    afterAll(async () => h.close());

    it('stores a streamed blob under a generated key, with size and sha256 computed while streaming', async () => {
      const bytes = randomBytes(LARGE);
      const blob = await h.store.put(ORG, streamOf(bytes), { maxBytes: LARGE });
      expect(blob).toEqual({ key: expect.stringMatching(/^blob_[0-9a-z]{26}$/), size_bytes: LARGE, sha256: sha(bytes) });
      expect(await h.store.size(ORG, blob.key)).toBe(LARGE);
      expect(sha(await h.store.read(ORG, blob.key))).toBe(sha(bytes));
      expect(sha(await collect(await h.store.openRead(ORG, blob.key)))).toBe(sha(bytes));
    });

    it('reads byte ranges: the first byte, across a chunk/part boundary, the last byte, the whole', async () => {
      const bytes = randomBytes(LARGE);
      const { key } = await h.store.put(ORG, streamOf(bytes), { maxBytes: LARGE });
      const ranges = [
        { start: 0, end: 0 },
        { start: POSTGRES_CHUNK_BYTES - 10, end: POSTGRES_CHUNK_BYTES * 2 + 10 },
        { start: 5 * 1024 * 1024 - 3, end: 5 * 1024 * 1024 + 3 },
        { start: LARGE - 1, end: LARGE - 1 },
        { start: 0, end: LARGE - 1 },
      ];
      for (const range of ranges) {
        const got = await collect(await h.store.openRead(ORG, key, range));
        expect(got.equals(bytes.subarray(range.start, range.end + 1)), `range ${range.start}-${range.end}`).toBe(true);
      }
    });

    it('keeps an empty blob', async () => {
      const blob = await h.store.put(ORG, Readable.from([]), { maxBytes: 10 });
      expect(blob.size_bytes).toBe(0);
      expect(blob.sha256).toBe(sha(Buffer.alloc(0)));
      expect(await h.store.size(ORG, blob.key)).toBe(0);
      expect((await h.store.read(ORG, blob.key)).length).toBe(0);
    });

    it('deletes, and deleting again is not an error', async () => {
      const { key } = await h.store.put(ORG, streamOf(Buffer.from('delete me')), { maxBytes: 100 });
      await h.store.delete(ORG, key);
      expect(await h.store.size(ORG, key)).toBeNull();
      await expect(h.store.openRead(ORG, key)).rejects.toBeInstanceOf(BlobMissingError);
      await h.store.delete(ORG, key);
      expect((await h.store.inventory()).keys).not.toContain(key);
    });

    it('refuses more than maxBytes and keeps nothing, small or multipart-sized', async () => {
      const before = await h.store.inventory();
      await expect(h.store.put(ORG, streamOf(randomBytes(160), 60), { maxBytes: 100 })).rejects.toBeInstanceOf(PayloadTooLargeError);
      await expect(h.store.put(ORG, streamOf(randomBytes(LARGE)), { maxBytes: LARGE - 1 })).rejects.toBeInstanceOf(PayloadTooLargeError);
      expect(await h.store.inventory()).toEqual({ keys: before.keys, partial: 0 });
    });

    it('answers a missing key as missing', async () => {
      const key = newId('blob');
      expect(await h.store.size(ORG, key)).toBeNull();
      await expect(h.store.openRead(ORG, key)).rejects.toBeInstanceOf(BlobMissingError);
      await expect(h.store.read(ORG, key)).rejects.toBeInstanceOf(BlobMissingError);
    });

    it("treats another organization's key as missing, and cannot delete it", async () => {
      const bytes = Buffer.from('org A only');
      const { key } = await h.store.put(ORG, streamOf(bytes), { maxBytes: 100 });
      expect(await h.store.size(OTHER_ORG, key)).toBeNull();
      await expect(h.store.openRead(OTHER_ORG, key)).rejects.toBeInstanceOf(BlobMissingError);
      await h.store.delete(OTHER_ORG, key);
      expect((await h.store.read(ORG, key)).equals(bytes)).toBe(true);
    });

    it('refuses keys and organization ids it did not make before touching storage', async () => {
      for (const [org, key] of [
        [ORG, '../../etc/passwd'],
        [ORG, 'blob_../../x'],
        ['../org', newId('blob')],
        ['org/x', newId('blob')],
      ]) {
        await expect(h.store.size(org, key)).rejects.toThrow(/invalid/);
        await expect(h.store.openRead(org, key)).rejects.toThrow(/invalid/);
        await expect(h.store.delete(org, key)).rejects.toThrow(/invalid/);
      }
    });
  });
}
