/**
 * Page images of source documents over real HTTP on SQLite (issue #16, the review
 * screen): a PDF page drawn by poppler as a PNG whose size follows the page and resolution, kept
 * in the blob store and served from there the second time; an image served as uploaded; clear
 * 4xx for a page past the end, a file without pages and a resolution out of bounds; another
 * organization's document is 404 and draws nothing; deleting the document removes what was kept.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDocx, makeInvoicePdf, makeLongPdf, makePng, makeXlsx } from '../../src/extraction/test-support/fixtures.js';
import { type Api, apiFor } from '../support/api.js';
import { describeOneDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { type FilePart, assessmentRowCounts, postMultipart, storedBlobs } from './assessments-helpers.js';

/** Each upload waits for its extraction; on a loaded machine one PDF's took over a minute. */
const PDF_TEST_MS = 180_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The `detail` of an error answer. */
async function detailOf(response: Response): Promise<unknown> {
  return ((await response.json()) as { detail?: unknown }).detail;
}

describeOneDialect('source document page images', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  const upload = async (files: FilePart[]): Promise<string[]> => {
    const res = await postMultipart(server, token, 'acme', '/assessments', { name: 'Page images' }, files);
    expect(res.status).toBe(201);
    expect(res.body.documents).toHaveLength(files.length);
    await server.jobs.idle();
    return (res.body.documents as Array<{ id: string }>).map((d) => d.id);
  };
  const image = (path: string, org = 'acme', headers: Record<string, string> = {}) => server.call('GET', path, { token, org, headers });
  const pageRows = async (documentId: string) => server.store.db.selectFrom('page_images').selectAll().where('document_id', '=', documentId).execute();

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    api = await apiFor(server);
  }, PDF_TEST_MS);
  afterAll(async () => server?.close());

  it(
    'draws a PDF page as PNG at the asked resolution, keeps it, and serves the kept image the second time',
    async () => {
      const [docId] = await upload([{ name: 'invoice.pdf', bytes: await makeInvoicePdf(), type: 'application/pdf' }]);
      // The items the review screen draws: a page_region anchor on page 1, normalised to [0,1].
      const items = (await api.get(`/documents/${docId}/extracted-items`)).body.items as Array<{
        key: string;
        provenance: { anchors: Array<{ kind: string; page_number?: number; boxes?: Array<{ x: number; y: number; w: number; h: number }> }> };
      }>;
      const total = items.find((i) => i.key === 'invoice.total');
      const region = total?.provenance.anchors.find((a) => a.kind === 'page_region');
      expect(region?.page_number).toBe(1);
      expect(region?.boxes?.[0]?.x).toBeGreaterThan(0);
      expect(region?.boxes?.[0]?.x).toBeLessThan(1);

      const first = await image(`/documents/${docId}/pages/1/image`);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('image/png');
      expect(first.headers.get('x-page-image-cache')).toBe('miss');
      const bytes = Buffer.from(await first.arrayBuffer());
      // US letter (612 × 792 pt) at the default 110 dpi.
      expect(pngSize(bytes)).toEqual({ width: 935, height: 1210 });
      expect(first.headers.get('x-image-width')).toBe('935');
      expect(await pageRows(docId)).toHaveLength(1);

      const second = await image(`/documents/${docId}/pages/1/image`);
      expect(second.status).toBe(200);
      expect(second.headers.get('x-page-image-cache')).toBe('hit');
      expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
      expect(await pageRows(docId)).toHaveLength(1);

      const etag = second.headers.get('etag');
      expect(etag).toMatch(/^".+"$/);
      expect((await image(`/documents/${docId}/pages/1/image`, 'acme', { 'if-none-match': etag ?? '' })).status).toBe(304);

      const small = await image(`/documents/${docId}/pages/1/image?dpi=72`);
      expect(small.status).toBe(200);
      expect(pngSize(Buffer.from(await small.arrayBuffer()))).toEqual({ width: 612, height: 792 });
      expect(small.headers.get('etag')).not.toBe(etag);
      expect(await pageRows(docId)).toHaveLength(2);
    },
    PDF_TEST_MS,
  );

  it(
    'draws the page asked for of a longer PDF, and answers 404 naming the page count past the end',
    async () => {
      const [docId] = await upload([{ name: 'long.pdf', bytes: await makeLongPdf(3), type: 'application/pdf' }]);
      const third = await image(`/documents/${docId}/pages/3/image?dpi=50`);
      expect(third.status).toBe(200);
      expect(pngSize(Buffer.from(await third.arrayBuffer()))).toEqual({ width: 425, height: 550 });
      const past = await image(`/documents/${docId}/pages/4/image`);
      expect(past.status).toBe(404);
      expect(await detailOf(past)).toBe('page 4 is out of range: the document has 3 page(s)');
    },
    PDF_TEST_MS,
  );

  it(
    'keeps a huge page within 4000 px on its longer side whatever the resolution asked',
    async () => {
      const pdf = await PDFDocument.create();
      pdf.addPage([14_400, 7_200]); // 200 × 100 inches: 60,000 px wide at 300 dpi
      const [docId] = await upload([{ name: 'poster.pdf', bytes: Buffer.from(await pdf.save()), type: 'application/pdf' }]);
      const res = await image(`/documents/${docId}/pages/1/image?dpi=300`);
      expect(res.status).toBe(200);
      const size = pngSize(Buffer.from(await res.arrayBuffer()));
      expect(size.width).toBeLessThanOrEqual(4000);
      expect(size.width).toBeGreaterThan(3900);
      expect(size.height).toBe(Math.round(size.width / 2));
    },
    PDF_TEST_MS,
  );

  it(
    'serves an uploaded image as its own single page',
    async () => {
      const png = makePng(40, 30);
      const [docId] = await upload([{ name: 'scan.png', bytes: png, type: 'image/png' }]);
      const res = await image(`/documents/${docId}/pages/1/image`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
      const past = await image(`/documents/${docId}/pages/2/image`);
      expect(past.status).toBe(404);
      expect(await detailOf(past)).toBe('page 2 is out of range: the document has 1 page(s)');
      expect(await pageRows(docId)).toHaveLength(0);
    },
    PDF_TEST_MS,
  );

  it(
    'answers 422 for files without pages, naming the anchors their items use instead',
    async () => {
      const [docxId, xlsxId] = await upload([
        { name: 'memo.docx', bytes: await makeDocx(), type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
        { name: 'sheet.xlsx', bytes: await makeXlsx(), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      ]);
      const docx = await image(`/documents/${docxId}/pages/1/image`);
      expect(docx.status).toBe(422);
      expect(await detailOf(docx)).toContain('paragraphs and table cells');
      const xlsx = await image(`/documents/${xlsxId}/pages/1/image`);
      expect(xlsx.status).toBe(422);
      expect(await detailOf(xlsx)).toContain('cells (sheet_cell anchors)');
    },
    PDF_TEST_MS,
  );

  it(
    'refuses a resolution or page number out of bounds with a 4xx {detail}, drawing nothing',
    async () => {
      const [docId] = await upload([{ name: 'bounds.pdf', bytes: await makeInvoicePdf(), type: 'application/pdf' }]);
      for (const query of ['pages/1/image?dpi=5000', 'pages/1/image?dpi=10', 'pages/0/image', 'pages/one/image']) {
        const res = await image(`/documents/${docId}/${query}`);
        expect(res.status, query).toBeGreaterThanOrEqual(400);
        expect(res.status, query).toBeLessThan(500);
        // A string from the use case, or the schema gate's [{loc, msg, type}].
        expect(await detailOf(res), query).toBeTruthy();
      }
      expect(await pageRows(docId)).toHaveLength(0);
    },
    PDF_TEST_MS,
  );

  it(
    'answers 404 to another organization and keeps nothing; deleting the document removes its kept pages',
    async () => {
      const [docId] = await upload([{ name: 'private.pdf', bytes: await makeInvoicePdf(), type: 'application/pdf' }]);
      const before = await assessmentRowCounts(server);
      const foreign = await image(`/documents/${docId}/pages/1/image`, 'globex');
      expect(foreign.status).toBe(404);
      expect(await detailOf(foreign)).toBe(`document ${docId} not found`);
      expect(await assessmentRowCounts(server)).toEqual(before);

      expect((await image(`/documents/${docId}/pages/1/image`)).status).toBe(200);
      const [kept] = await pageRows(docId);
      expect((await storedBlobs(server)).keys).toContain(kept.blob_key);
      expect((await api.delete(`/documents/${docId}`)).status).toBe(200);
      expect(await pageRows(docId)).toHaveLength(0);
      expect((await storedBlobs(server)).keys).not.toContain(kept.blob_key);
      expect((await image(`/documents/${docId}/pages/1/image`)).status).toBe(404);
    },
    PDF_TEST_MS,
  );
});
