/**
 * A many-page text PDF uploaded over real HTTP on every dialect: after its extraction every page's
 * items are listed, each with the page it came from and a box where the text was drawn — the
 * provenance a reviewer clicks through, whatever batching the reading and the inserts use.
 * 32 pages are enough for that (ADR 0741): their ~600 item rows take more than one 500-row
 * insert statement (extracted-item.repository.ts) and more than one default listing page (100
 * items), and every page is read and handed on as read; the 170-page document of issue #17 is
 * the extraction bench's (bench/pdf-extraction.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeLongReportPdf, reportPageLines } from '../../src/extraction/test-support/long-report-pdf.js';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

const PAGES = 32;
/** Rows one insert statement holds (MAX_ROWS_PER_INSERT in extracted-item.repository.ts). */
const ROWS_PER_INSERT = 500;
type Box = { x: number; y: number; w: number; h: number };
type Read = { value: unknown; provenance: { anchors: Array<{ kind: string; page_number?: number; boxes?: Box[] }> } };
type Item = Read & { key: string; alternates?: Read[] };

describeEachDialect('a many-page PDF', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { UPLOAD_INSPECT_TIMEOUT_SECONDS: '120' } });
    token = await server.login();
    api = await apiFor(server);
  });
  afterAll(async () => server?.close());

  it('lists the items of all 32 pages with their page and the box where each value was drawn', async () => {
    const pdf = await makeLongReportPdf(PAGES);
    const created = await postMultipart(server, token, 'acme', '/documents', {}, [{ name: 'statements.pdf', bytes: pdf, type: 'application/pdf' }]);
    expect(created.status).toBe(201);
    const [doc] = created.body.documents;
    expect(doc).toMatchObject({ page_count: PAGES, text_layer: 'present' });
    await server.jobs.idle();

    const got = await api.get(`/documents/${doc.id}`);
    expect(got.body).toMatchObject({ processing_status: 'processed', page_count: PAGES });
    const res = await api.get(`/documents/${doc.id}/extracted-items?all=true`);
    expect(res.status).toBe(200);
    const items: Item[] = res.body.items;
    // More rows than one insert statement holds (an item is a row; its alternates ride in it).
    expect(items.length).toBeGreaterThan(ROWS_PER_INSERT);
    const pageOf = (item: Read): number | undefined => item.provenance.anchors.find((a) => a.kind === 'page_region')?.page_number;

    // What the document says about itself (its type, issuer, number…) is one item per field (ADR 0503),
    // the first page's; what the other pages say for the same field are its alternates.
    const aboutTheDocument = (item: Item) => /^(document|issuer|customer|vendor|invoice)\./.test(item.key);
    const documentLevel = items.filter(aboutTheDocument);
    expect(documentLevel.map((i) => i.key)).toContain('document.type');
    expect(new Set(documentLevel.map((i) => pageOf(i) ?? 1))).toEqual(new Set([1]));
    // Every page contributes the same items besides (its statement has the same shape).
    const pageItems = items.filter((i) => !aboutTheDocument(i));
    const perPage = new Map<number, number>();
    for (const item of pageItems) perPage.set(pageOf(item) ?? 0, (perPage.get(pageOf(item) ?? 0) ?? 0) + 1);
    expect([...perPage.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
    expect(new Set(perPage.values())).toEqual(new Set([pageItems.length / PAGES]));

    // Each invoice number on its own page, boxed where it was drawn (10 pt Helvetica, baseline y).
    const chosen = items.filter((i) => i.key === 'invoice.number');
    expect(chosen).toHaveLength(1);
    const numbers: Read[] = [chosen[0], ...(chosen[0].alternates ?? [])];
    expect(numbers.map((i) => [i.value, pageOf(i)])).toEqual(Array.from({ length: PAGES }, (_, i) => [`INV-${String(i + 1).padStart(4, '0')}`, i + 1]));
    for (const [index, item] of numbers.entries()) {
      const drawn = reportPageLines(index + 1).find((l) => l.text.startsWith('Invoice number:'));
      const box = item.provenance.anchors.find((a) => a.kind === 'page_region')?.boxes?.[0];
      expect(drawn).toBeDefined();
      // The box's top is the glyphs' top: 0.7–0.8 em above the baseline (Helvetica's ascent,
      // 0.718 em, when poppler read the page; 0.8 em when pdfjs did).
      expect(box?.y).toBeGreaterThanOrEqual((792 - (drawn?.y ?? 0) - 8.05) / 792);
      expect(box?.y).toBeLessThanOrEqual((792 - (drawn?.y ?? 0) - 7) / 792);
      // The value starts after "Invoice number: ", right of where the line starts.
      expect(box?.x).toBeGreaterThan((drawn?.x ?? 0) / 612);
      expect(box?.x ?? 1).toBeLessThan(0.3);
    }
  });
});
