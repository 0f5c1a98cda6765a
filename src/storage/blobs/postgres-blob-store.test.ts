/** What only the PostgreSQL store has: chunk rows, unfinished writes invisible and swept once abandoned. */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../kernel/ids.js';
import { POSTGRES_URL } from '../../../test/support/dialects.js';
import { type Store, openStore } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { collect } from './blob-store.js';
import { PostgresBlobStore } from './postgres-blob-store.js';

const maybe = POSTGRES_URL ? describe : describe.skip;

maybe(`PostgresBlobStore${POSTGRES_URL ? '' : ' (skipped: TEST_POSTGRES_URL is not set)'}`, () => {
  const schema = `t_pgblobs_${randomBytes(5).toString('hex')}`;
  const org = newId('org');
  let db: Store;
  let store: PostgresBlobStore;
  beforeAll(async () => {
    db = await openStore({ dataDir: os.tmpdir(), databaseUrl: POSTGRES_URL, databaseSchema: schema });
    await migrateToLatest(db.db, schema);
    store = new PostgresBlobStore(db.db, 4);
  });
  afterAll(async () => {
    await db.close();
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  /** A write a crashed process left behind: header `complete = 0` and one chunk. */
  async function abandonedWrite(createdAt: Date): Promise<string> {
    const key = newId('blob');
    await db.db
      .insertInto('blobs')
      .values({ key, org_id: org, size_bytes: null, sha256: null, chunk_size: 4, complete: 0, created_at: createdAt.toISOString() })
      .execute();
    await db.db
      .insertInto('blob_chunks')
      .values({ key, org_id: org, seq: 0, data: Buffer.from('half') })
      .execute();
    return key;
  }

  it('stores fixed-size chunk rows, the last one short, and reads a range from the chunks it covers', async () => {
    const { key } = await store.put(org, Readable.from([Buffer.from('abc'), Buffer.from('defghij')]), { maxBytes: 100 });
    const rows = await db.db.selectFrom('blob_chunks').select(['seq', 'data']).where('key', '=', key).orderBy('seq').execute();
    expect(rows.map((r) => Buffer.from(r.data).toString())).toEqual(['abcd', 'efgh', 'ij']);
    expect((await collect(await store.openRead(org, key, { start: 3, end: 8 }))).toString()).toBe('defghi');
  });

  it('never serves an unfinished write, and sweeps only those older than the cut-off', async () => {
    const old = await abandonedWrite(new Date('2020-01-01T00:00:00Z'));
    const recent = await abandonedWrite(new Date());
    expect(await store.size(org, old)).toBeNull();
    expect((await store.inventory()).partial).toBe(2);
    expect(await store.sweepAbandoned(new Date(Date.now() - 24 * 3600 * 1000))).toBe(1);
    expect(await db.db.selectFrom('blob_chunks').select('key').where('key', '=', old).execute()).toEqual([]);
    expect(await db.db.selectFrom('blobs').select('key').where('complete', '=', 0).execute()).toEqual([{ key: recent }]);
  });
});
