/**
 * Exporting a source document of 21,000 items over real HTTP, on every dialect (issue 35 item 2,
 * docs/adr/0731-streaming-exporters.md): every exporter that lists items answers all of them,
 * in listing order, with their cells right, while reading them in pages and writing as it reads
 * (the answer is chunked: its length was not known when it began). The items go in through
 * `ExtractedItemRepository.insertMany`, the bulk path extraction and the growth bench use.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ExtractedItemRepository, type ValidationStatus } from '../../src/modules/assessments/extracted-items/extracted-item.repository.js';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { exposedGc, liveBytes } from '../support/live-memory.js';
import { syntheticItems } from '../support/synthetic-items.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads any JSON body
type Json = any;

const ITEMS = 21_000;
const KEYS = 100;
const MB = 2 ** 20;
/** Two of every three items are accepted (what `validated_only` takes); every third is pending. */
const statusOf = (n: number): ValidationStatus => (['validated', 'corrected', 'pending'] as const)[n % 3];
const ACCEPTED = (ITEMS / 3) * 2;
/** A comma and a quote in every value: the CSV must quote them. */
const textOf = (n: number): string => `value ${n}, "q"`;

/** The bulk items, after the extraction's own run in listing order so they come last. */
const bulkItems = (documentId: string) =>
  syntheticItems(ITEMS, {
    documentId,
    idPrefix: 'itm_bulk_',
    runId: 'run_zzzz_bulk',
    key: (n) => `bulk.k${String(n % KEYS).padStart(3, '0')}`,
    text: textOf,
    status: statusOf,
  });

// Generous timeouts: 21,000 items are written and parsed several times on a shared, loaded machine.
describeEachDialect('exporting a document of 21,000 items', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;
  let docId: string;
  /** The items extraction itself found in the uploaded file (all pending). */
  let extracted: number;

  const download = (exporter: string, body: unknown = {}): Promise<Response> =>
    fetch(`${server.url}/documents/${docId}/export/${exporter}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-org-slug': 'acme', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    api = await apiFor(server);
    const created = await postMultipart(server, token, 'acme', '/assessments', { name: 'Big export' }, [
      { name: 'ledger.txt', bytes: Buffer.from('Vendor: Contoso Ltd\nTotal: $110.00\n'), type: 'text/plain' },
    ]);
    expect(created.status).toBe(201);
    docId = created.body.documents[0].id;
    await server.jobs.idle();
    extracted = (await api.get(`/documents/${docId}/extracted-items?all=true`)).body.items.length;
    const org = await server.store.db.selectFrom('organizations').select('id').where('slug', '=', 'acme').executeTakeFirstOrThrow();
    await new ExtractedItemRepository(server.store.db).insertMany(org.id, bulkItems(docId));
  }, 300_000);
  afterAll(async () => server?.close());

  it('csv: a header and one row per accepted item, in listing order, quoted, written as read', async () => {
    const response = await download('csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-export-item-count')).toBe(String(ACCEPTED));
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    const lines = (await response.text()).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + ACCEPTED + 1);
    expect(lines[1]).toBe('bulk.k000,"value 0, ""q""","value 0, ""q""",present,0,high,validated,false,1,quote 0');
    expect(lines[2]).toBe('bulk.k001,"value 1, ""q""","value 1, ""q""",present,0.01,high,corrected,true,2,quote 1');
    // Item 20,999 is pending; the last accepted is 20,998 (corrected).
    expect(lines.at(-2)).toBe('bulk.k098,"value 20998, ""q""","value 20998, ""q""",present,0.98,high,corrected,true,6,quote 20998');
  }, 180_000);

  it('json with policy all: every item, the count written after them, nothing left out', async () => {
    const response = await download('json', { policy: 'all' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({ exporter: 'json', policy: 'all', document: { id: docId }, item_count: ITEMS + extracted, left_out: 0 });
    expect(body.items).toHaveLength(ITEMS + extracted);
    expect(body.items.at(-1)).toMatchObject({ id: 'itm_bulk_020999', key: 'bulk.k099', value_text: 'value 20999, "q"', validation: { status: 'pending' } });
    expect(body.items[extracted + 12_345]).toMatchObject({ id: 'itm_bulk_012345', confidence: { overall: 0.45 }, provenance: { quote: 'quote 12345' } });
  }, 180_000);

  it('json by default: the accepted items, the rest counted as left out', async () => {
    const response = await download('json', { include_provenance: false });
    const body = (await response.json()) as Json;
    expect(body.item_count).toBe(ACCEPTED);
    expect(body.items).toHaveLength(ACCEPTED);
    expect(body.left_out).toBe(ITEMS / 3 + extracted);
    expect(body.items[0]).toMatchObject({ id: 'itm_bulk_000000', validation: { status: 'validated' } });
    expect(body.items[0].provenance).toBeUndefined();
  }, 180_000);

  it('json: a reader taking its time holds the server to a few MB, not the 25 MB answer (issue 35 item 2)', async () => {
    const gc = exposedGc();
    const before = liveBytes(gc);
    const response = await download('json', { policy: 'all' });
    expect(response.status).toBe(200);
    // What the process (server and reader) keeps alive, read after each MB the reader takes:
    // the server writes a page as the reader takes the previous one, so this does not follow the answer.
    const held: number[] = [];
    let bytes = 0;
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      const next = bytes + chunk.byteLength;
      if (Math.floor(next / MB) > Math.floor(bytes / MB)) held.push(liveBytes(gc) - before);
      bytes = next;
    }
    expect(bytes).toBeGreaterThan(24 * MB);
    expect(held.length).toBeGreaterThan(23);
    expect(Math.max(...held)).toBeLessThan(8 * MB);
  }, 180_000);

  it('flat-json: every key once, its accepted values in listing order', async () => {
    const response = await download('flat-json', { policy: 'all' });
    const body = (await response.json()) as Record<string, string | string[]>;
    const bulkKeys = Object.keys(body).filter((k) => k.startsWith('bulk.'));
    expect(bulkKeys).toHaveLength(KEYS);
    expect(body['bulk.k007']).toHaveLength(ITEMS / KEYS);
    expect((body['bulk.k007'] as string[]).slice(0, 2)).toEqual(['value 7, "q"', 'value 107, "q"']);
    expect((body['bulk.k007'] as string[]).at(-1)).toBe('value 20907, "q"');
  }, 180_000);

  it('xlsx: the items sheet holds every accepted item, the provenance sheet their anchors', async () => {
    const response = await download('xlsx');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="ledger.items.xlsx"/);
    expect(response.headers.get('etag')).toMatch(/^W\/"[0-9a-f]{64}"$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['items', 'provenance', 'corrections']);
    const items = wb.getWorksheet('items');
    expect(items?.rowCount).toBe(1 + ACCEPTED);
    expect(items?.getRow(2).values).toEqual([undefined, 'bulk.k000', 'value 0, "q"', 'value 0, "q"', 'present', 0, 'high', 'validated', 'false', 1, 'quote 0']);
    expect(items?.getRow(1 + ACCEPTED).getCell(2).value).toBe('value 20998, "q"');
    const provenance = wb.getWorksheet('provenance');
    expect(provenance?.rowCount).toBe(1 + ACCEPTED);
    expect(provenance?.getRow(3).values).toEqual([undefined, 'itm_bulk_000001', 'bulk.k001', 'page_region', 2, '0.1,0.2,0.3,0.05', 'quote 1']);
  }, 180_000);

  // Last: it validates an item, which the other tests' counts leave out.
  it('gives the same ETag again until an item changes, then another', async () => {
    const first = await download('csv');
    await first.arrayBuffer();
    const again = await download('csv');
    await again.arrayBuffer();
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    const pending = (await api.get(`/documents/${docId}/extracted-items?key=bulk.k002&status=pending&limit=1`)).body.items[0];
    expect((await api.post(`/documents/${docId}/extracted-items/${pending.id}/validate`, {})).status).toBe(200);
    const after = await download('csv');
    expect((await after.text()).split('\r\n')).toHaveLength(1 + ACCEPTED + 1 + 1);
    expect(after.headers.get('x-export-item-count')).toBe(String(ACCEPTED + 1));
    expect(after.headers.get('etag')).not.toBe(first.headers.get('etag'));
  }, 180_000);

  it('refusals still come before any byte, as JSON: an unknown exporter, another organization', async () => {
    const unknown = await download('pdf');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'exporter not found' });
    const foreign = await fetch(`${server.url}/documents/${docId}/export/csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-org-slug': 'globex', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as Json).detail).toMatch(/not found/);
  });
});
