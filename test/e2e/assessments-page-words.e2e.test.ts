/**
 * The words of a source document's page with their boxes, over real HTTP on SQLite (issue
 * #32 item 7: the review screen sets a value by clicking a word or drawing a box on the page): a
 * text PDF's words as its text layer has them, in the same normalised frame as the items' boxes;
 * a scanned image's words as tesseract reads them; clear 4xx for a page past the end and a file
 * without pages; another organization's document is 404.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderPdfPage } from '../../src/extraction/render-pdf-page.js';
import { makeInvoicePdf } from '../../src/extraction/test-support/fixtures.js';
import { type Api, apiFor } from '../support/api.js';
import { describeOneDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { type FilePart, postMultipart } from './assessments-helpers.js';

/** Each upload waits for its extraction (a scan's OCR included). */
const TEST_MS = 180_000;

interface Word {
  text: string;
  box: { x: number; y: number; w: number; h: number };
  confidence: number | null;
}

describeOneDialect('source document page words', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  const upload = async (files: FilePart[]): Promise<string[]> => {
    const res = await postMultipart(server, token, 'acme', '/assessments', { name: 'Page words' }, files);
    expect(res.status).toBe(201);
    await server.jobs.idle();
    return (res.body.documents as Array<{ id: string }>).map((d) => d.id);
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    api = await apiFor(server);
  }, TEST_MS);
  afterAll(async () => server?.close());

  it(
    "gives a text PDF page's words with boxes in the items' frame, and refuses what has no such page",
    async () => {
      const [docId] = await upload([{ name: 'invoice.pdf', bytes: await makeInvoicePdf(), type: 'application/pdf' }]);
      const res = await api.get(`/documents/${docId}/pages/1/words`);
      expect(res.status).toBe(200);
      expect(res.body.document_id).toBe(docId);
      expect(res.body.page_number).toBe(1);
      expect(res.body.text_source).toBe('text_layer');
      expect(res.body.page_size).toEqual({ width: 612, height: 792, unit: 'pt' });
      const words = res.body.words as Word[];
      expect(words.map((w) => w.text)).toEqual(expect.arrayContaining(['Vendor:', 'Contoso', 'Ltd', 'Fabrikam', 'Inc', 'INV-100']));
      // The vendor item's box holds the words of its value, in the same [0,1] top-left frame.
      const items = (await api.get(`/documents/${docId}/extracted-items`)).body.items as Array<{
        key: string;
        provenance: { anchors: Array<{ kind: string; boxes?: Word['box'][] }> };
      }>;
      const vendorBox = items.find((i) => i.key === 'vendor.name')?.provenance.anchors.find((a) => a.kind === 'page_region')?.boxes?.[0];
      const contoso = words.find((w) => w.text === 'Contoso');
      expect(vendorBox).toBeDefined();
      expect(contoso?.box.x).toBeCloseTo(vendorBox?.x ?? -1, 2);
      expect(contoso?.box.y).toBeCloseTo(vendorBox?.y ?? -1, 2);
      expect(contoso?.confidence).toBeNull();

      expect((await api.get(`/documents/${docId}/pages/2/words`)).status).toBe(404);
      const other = await server.call('GET', `/documents/${docId}/pages/1/words`, { token, org: 'globex' });
      expect(other.status).toBe(404);
      expect(((await other.json()) as { detail?: unknown }).detail).toEqual(expect.any(String));

      const [textId] = await upload([{ name: 'note.txt', bytes: Buffer.from('Vendor: Contoso Ltd\n'), type: 'text/plain' }]);
      const text = await api.get(`/documents/${textId}/pages/1/words`);
      expect(text.status).toBe(422);
      expect(text.body.detail).toMatch(/no pages/);
    },
    TEST_MS,
  );

  it(
    "reads a scanned page's words by OCR, each with its confidence",
    async () => {
      // The invoice drawn at scanner resolution: an image with no text but its pixels.
      const drawn = await renderPdfPage(await makeInvoicePdf(), 1, { dpi: 200, max_side_px: 4000, timeout_ms: 30_000, max_output_bytes: 32 * 1024 * 1024 });
      if (!drawn.ok) throw new Error(drawn.error.message);
      const [docId] = await upload([{ name: 'scan.png', bytes: drawn.value.png, type: 'image/png' }]);
      const res = await api.get(`/documents/${docId}/pages/1/words`);
      expect(res.status).toBe(200);
      expect(res.body.text_source).toBe('ocr');
      const words = res.body.words as Word[];
      const invoice = words.find((w) => /INV/.test(w.text));
      expect(invoice?.confidence).toBeGreaterThan(0);
      expect(invoice?.box.w).toBeGreaterThan(0);
    },
    TEST_MS,
  );
});
