/**
 * The review helpers against a real server on both databases: an assessment created from a PDF,
 * its items listed, the page their box lies on fetched as a PNG, one item corrected and one
 * validated — the calls the console's review screen makes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeInvoicePdf } from '../../../src/extraction/test-support/fixtures.js';
import { describeOneDialect } from '../../../test/support/dialects.js';
import { type TestServer, startTestServer } from '../../../test/support/test-server.js';
import { QuireApiError, correctItem, createAssessment, createQuireClient, devLogin, getPageImage, listExtractedItems, validateItem } from '../src/index.js';

describeOneDialect('client review helpers', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(async () => server?.close());

  it('lists items, fetches the page image their boxes lie on, corrects one and validates another', async () => {
    const client = createQuireClient({ baseUrl: server.url, token: await devLogin(server.url), org: 'acme' });
    const created = await createAssessment(client, {
      name: 'Review',
      files: [{ filename: 'invoice.pdf', bytes: new Uint8Array(await makeInvoicePdf()), type: 'application/pdf' }],
    });
    const documentId = created.documents[0]?.id ?? '';
    await server.jobs.idle();

    const items = await listExtractedItems(client, documentId);
    const total = items.find((item) => item.key === 'invoice.total');
    const vendor = items.find((item) => item.key === 'vendor.name');
    expect(total?.provenance.anchors.some((anchor) => anchor.kind === 'page_region' && anchor.page_number === 1)).toBe(true);

    const page = await getPageImage(client, documentId, 1, { dpi: 72 });
    expect(page.content_type).toBe('image/png');
    expect(Buffer.from(page.bytes.subarray(1, 4)).toString('latin1')).toBe('PNG');
    await expect(getPageImage(client, documentId, 2)).rejects.toMatchObject({ status: 404 });

    const correction = await correctItem(client, total?.id ?? '', { value: { amount: 108, currency: 'USD' }, reason: 'ocr_error', note: '8 misread as 0' });
    expect(correction).toMatchObject({ reason: 'ocr_error', status: 'active', corrected: { value: { amount: 108, currency: 'USD' } } });
    await expect(correctItem(client, total?.id ?? '', { value: 'not money', reason: 'format' })).rejects.toBeInstanceOf(QuireApiError);

    const validated = await validateItem(client, documentId, vendor?.id ?? '');
    expect(validated.validation.status).toBe('validated');
    const after = await listExtractedItems(client, documentId);
    expect(after.find((item) => item.id === total?.id)?.validation.status).toBe('corrected');
  }, 180_000);
});
