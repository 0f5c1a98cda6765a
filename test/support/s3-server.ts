/**
 * A local server that speaks the S3 protocol (the `s3rver` package), for the S3 blob store's
 * tests: no real object store runs here. Listens on a free port with one bucket, in a temp
 * directory removed by `close()`.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** s3rver accepts these fixed credentials (any signature from them is valid). */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The variables a Quire server needs to use this bucket (`BLOB_STORE=s3` …). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1, port 0, with bucket `quire-test`. */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-s3-'));
  const bucket = 'quire-test';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    credentials,
    env: { BLOB_STORE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: 'us-east-1' },
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
