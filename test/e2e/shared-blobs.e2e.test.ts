/**
 * Issue #14, shared blobs: two servers on one PostgreSQL database with DIFFERENT data
 * directories, as two hosts would be. A file uploaded through server A is served (whole, by
 * range, with its ETag) and extracted by server B — first with the default store on PostgreSQL
 * (blobs in the database), then with BLOB_STORE=s3 against a local S3-protocol server.
 * Before the blob stores, B looked under its own DATA_DIR: content was 404 and extraction failed.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInvoicePdf } from '../../src/extraction/test-support/fixtures.js';
import { POSTGRES_URL } from '../support/dialects.js';
import { type LocalS3, startLocalS3 } from '../support/s3-server.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

const CAP = 300_000;

interface Setup {
  name: string;
  kind: 'postgres' | 's3';
  /** The blob-store variables both servers get (none: the default on PostgreSQL). */
  env(): Record<string, string>;
}

let s3: LocalS3 | undefined;
const savedAws = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

const SETUPS: Setup[] = [
  { name: 'default store on PostgreSQL', kind: 'postgres', env: () => ({}) },
  { name: 'BLOB_STORE=s3 (s3rver)', kind: 's3', env: () => (s3 ? s3.env : {}) },
];

const maybe = POSTGRES_URL ? describe : describe.skip;

maybe(`shared blobs across servers${POSTGRES_URL ? '' : ' (skipped: TEST_POSTGRES_URL is not set)'}`, () => {
  beforeAll(async () => {
    s3 = await startLocalS3();
    // The S3 store takes its credentials from the standard AWS variables, as in production.
    process.env.AWS_ACCESS_KEY_ID = s3.credentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = s3.credentials.secretAccessKey;
  });
  afterAll(async () => {
    await s3?.close();
    for (const [name, value] of [
      ['AWS_ACCESS_KEY_ID', savedAws.id],
      ['AWS_SECRET_ACCESS_KEY', savedAws.secret],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  for (const setup of SETUPS) {
    describe(setup.name, () => {
      let a: TestServer;
      let b: TestServer;
      let tokenA: string;
      let tokenB: string;

      beforeAll(async () => {
        // One deployment: A (ROLE=api) and B share the database and its QUIRE_SECRET_KEY.
        const env = {
          ...setup.env(),
          UPLOAD_MAX_BYTES: String(CAP),
          UPLOAD_INSPECT_TIMEOUT_SECONDS: '120',
          QUIRE_SECRET_KEY: randomBytes(32).toString('base64'),
        };
        // A only serves HTTP, so every extraction runs on B; B has its own DATA_DIR, same schema.
        a = await startTestServer({ dialect: 'postgres', env: { ...env, ROLE: 'api' } });
        b = await startTestServer({ dialect: 'postgres', schema: a.schema, env });
        tokenA = await a.login();
        tokenB = await b.login();
      }, 60_000);
      afterAll(async () => {
        await b?.stop();
        await a?.close();
      });

      const get = (server: TestServer, token: string, pathname: string, headers: Record<string, string> = {}) =>
        fetch(`${server.url}${pathname}`, { headers: { authorization: `Bearer ${token}`, 'x-org-slug': 'acme', ...headers } });

      it('uses the store the configuration names, on both servers', () => {
        expect(a.dataDir).not.toBe(b.dataDir);
        expect([a.blobs.kind, b.blobs.kind]).toEqual([setup.kind, setup.kind]);
      });

      it('serves and extracts on B a file uploaded through A', { timeout: 120_000 }, async () => {
        const pdf = await makeInvoicePdf();
        const created = await postMultipart(a, tokenA, 'acme', '/assessments', { name: 'Two hosts' }, [
          { name: 'invoice.pdf', bytes: pdf, type: 'application/pdf' },
        ]);
        expect(created.status).toBe(201);
        const doc = created.body.documents[0];

        const whole = await get(b, tokenB, `/documents/${doc.id}/content`);
        expect(whole.status).toBe(200);
        expect(Buffer.from(await whole.arrayBuffer()).equals(pdf)).toBe(true);
        const etag = whole.headers.get('etag');
        expect(etag).toBe(`"${doc.sha256}"`);

        const part = await get(b, tokenB, `/documents/${doc.id}/content`, { range: 'bytes=5-104' });
        expect(part.status).toBe(206);
        expect(part.headers.get('content-range')).toBe(`bytes 5-104/${pdf.length}`);
        expect(Buffer.from(await part.arrayBuffer()).equals(pdf.subarray(5, 105))).toBe(true);
        const last = await get(b, tokenB, `/documents/${doc.id}/content`, { range: 'bytes=-1' });
        expect(last.status).toBe(206);
        expect(Buffer.from(await last.arrayBuffer()).equals(pdf.subarray(pdf.length - 1))).toBe(true);
        expect((await get(b, tokenB, `/documents/${doc.id}/content`, { range: `bytes=${pdf.length}-` })).status).toBe(416);
        expect((await get(b, tokenB, `/documents/${doc.id}/content`, { 'if-none-match': etag ?? '' })).status).toBe(304);

        await b.jobs.idle();
        const processed = (await (await get(b, tokenB, `/documents/${doc.id}`)).json()) as { processing_status: string };
        expect(processed.processing_status).toBe('processed');
        const items = (await (await get(a, tokenA, `/documents/${doc.id}/extracted-items`)).json()) as { items: Array<{ key: string; value: unknown }> };
        expect(items.items.find((i) => i.key === 'vendor.name')?.value).toBe('Contoso Ltd');
      });

      it('deletes through B what A stored, and keeps nothing of a refused upload', { timeout: 60_000 }, async () => {
        const before = await a.blobs.inventory();
        const created = await postMultipart(a, tokenA, 'acme', '/assessments', { name: 'Short-lived' }, [
          { name: 'a.txt', bytes: Buffer.from('Vendor: Contoso Ltd\n'), type: 'text/plain' },
        ]);
        expect(created.status).toBe(201);
        await b.jobs.idle();
        expect((await b.blobs.inventory()).keys.length).toBe(before.keys.length + 1);
        const deleted = await fetch(`${b.url}/assessments/${created.body.assessment.id}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${tokenB}`, 'x-org-slug': 'acme' },
        });
        expect(deleted.status).toBe(200);
        expect(await a.blobs.inventory()).toEqual(before);

        const refused = await postMultipart(a, tokenA, 'acme', '/documents', {}, [
          { name: 'ok.txt', bytes: Buffer.from('Vendor: X\n'), type: 'text/plain' },
          { name: 'big.csv', bytes: Buffer.alloc(CAP + 1, 0x61), type: 'text/csv' },
        ]);
        expect(refused.status).toBe(413);
        expect(await b.blobs.inventory()).toEqual(before);
      });
    });
  }
});
