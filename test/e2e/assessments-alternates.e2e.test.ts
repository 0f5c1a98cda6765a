/**
 * A field that occurs once arrives over HTTP as one item with the other candidates as typed
 * `alternates` (ADR 0503), and a payment report's totals are held for review (ADR 0502).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PAYMENT_REPORT, drawLinesPdf } from '../../src/extraction/test-support/who-and-what-pdfs.js';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

type Item = {
  key: string;
  value: unknown;
  validation: { status: string };
  alternates: Array<{ value: unknown; raw_text: string | null }>;
  candidates: unknown[];
};

describeEachDialect('extracted items with alternates', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    api = await apiFor(server);
  });
  afterAll(async () => server?.close());

  it('gives one total for a payment report, the other totals as its alternates, held for review', async () => {
    const created = await postMultipart(server, token, 'acme', '/assessments', { name: 'Payments' }, [
      { name: 'payments.pdf', bytes: await drawLinesPdf(PAYMENT_REPORT), type: 'application/pdf' },
    ]);
    expect(created.status).toBe(201);
    await server.jobs.idle();
    const res = await api.get(`/documents/${created.body.documents[0].id}/extracted-items`);
    expect(res.status).toBe(200);
    const totals = (res.body.items as Item[]).filter((i) => i.key === 'invoice.total');
    expect(totals).toHaveLength(1);
    expect(totals[0].value).toEqual({ amount: 1200, currency: 'USD' });
    expect(totals[0].alternates.map((a) => [a.value, a.raw_text])).toEqual([
      [{ amount: 850, currency: 'USD' }, '$850.00'],
      [{ amount: 2310.5, currency: 'USD' }, '$2,310.50'],
    ]);
    expect(totals[0].candidates).toEqual([]);
    expect(totals[0].validation.status).toBe('needs_review');
    const type = (res.body.items as Item[]).find((i) => i.key === 'document.type');
    expect(type?.value).toBe('other');
  });
});
