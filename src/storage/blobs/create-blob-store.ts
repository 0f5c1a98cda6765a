/**
 * The one place that chooses the blob store (from `BLOB_STORE` and friends, see config.ts).
 * Everything else receives a `BlobStore` and never learns which one it is.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { BlobStore } from './blob-store.js';
import { LocalBlobStore } from './local-blob-store.js';
import { PostgresBlobStore } from './postgres-blob-store.js';
import type { S3BlobStoreOptions } from './s3-blob-store.js';

/**
 * Which store, as config.ts reads it from the environment. Declared here, not imported from
 * config.ts: storage sits below the configuration (config.ts imports modules, which import storage).
 */
export interface BlobStoreSettings {
  store: 'local' | 'postgres' | 's3';
  s3: S3BlobStoreOptions | undefined;
  /** The local store's root is `<dataDir>/blobs`. */
  dataDir: string;
}

/** Unfinished PostgreSQL writes older than this are from a process that died mid-upload. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Builds the configured store. On PostgreSQL it also removes writes abandoned by a crash.
 *
 * @throws Error when `s3` is chosen without its settings (config.ts refuses that at start-up).
 */
export async function createBlobStore(settings: BlobStoreSettings, db: Kysely<Database>): Promise<BlobStore> {
  if (settings.store === 'postgres') {
    const store = new PostgresBlobStore(db);
    await store.sweepAbandoned(new Date(Date.now() - ABANDONED_AFTER_MS));
    return store;
  }
  if (settings.store === 's3') {
    if (!settings.s3) throw new Error('BLOB_STORE=s3 without S3 settings');
    // Loaded only when chosen: the default service never loads the AWS SDK.
    const { S3BlobStore } = await import('./s3-blob-store.js');
    return new S3BlobStore(settings.s3);
  }
  return LocalBlobStore.forDataDir(settings.dataDir);
}
