/**
 * Learning from corrections over real HTTP on every dialect (issue 32 item 5): a reviewer
 * supplies the field the generic rules missed on issuer A's first invoice; A's next invoice
 * gets it from the issuer memory with provenance naming that correction; a changed IBAN is
 * flagged for review; another organization sees nothing; a deleted memory is not applied.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type IssuerInvoice, issuerInvoicePdf } from '../support/issuer-invoice-pdf.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

type Item = {
  id: string;
  key: string;
  value: unknown;
  confidence: { method: string };
  provenance: { learned_from?: { memory_id: string; correction_id: string | null; document_id: string } };
  validation: { status: string; blockers: Array<{ type: string; message?: string }> };
};

const IBAN = 'DE89 3704 0044 0532 0130 00';
const invoice = (n: number, iban = IBAN): IssuerInvoice => ({
  number: `NL-2024-00${10 + n}`,
  total: `${n}.234,56 EUR`,
  iban,
  vat: 'DE136695976',
  date: `1${n}.03.2024`,
});

describeEachDialect('issuer memory', (dialect) => {
  let server: TestServer;
  let acme: Api;
  let globex: Api;
  let token: string;
  let assessmentId: string;

  const upload = async (n: number, iban?: string): Promise<string> => {
    const bytes = await issuerInvoicePdf(invoice(n, iban));
    const r = await postMultipart(server, token, 'acme', `/assessments/${assessmentId}/documents`, {}, [{ name: `a${n}.pdf`, bytes, type: 'application/pdf' }]);
    expect(r.status).toBe(201);
    await server.jobs.idle();
    return r.body.documents[0].id as string;
  };
  const itemsOf = async (docId: string): Promise<Item[]> => (await acme.get(`/documents/${docId}/extracted-items`)).body.items;
  const one = (items: Item[], key: string): Item | undefined => items.find((i) => i.key === key);

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    acme = await apiFor(server);
    globex = acme.as('globex');
    const created = await postMultipart(server, token, 'acme', '/assessments', { name: 'Issuer A' }, []);
    assessmentId = created.body.assessment.id;
  });
  afterAll(async () => server?.close());

  it('learns a corrected field, recalls it on the next invoice with provenance, flags a changed IBAN, stays in its organization, and forgets on delete', async () => {
    const first = await upload(1);
    const firstItems = await itemsOf(first);
    // The generic rules miss the number behind the unusual label "Our reference".
    expect(one(firstItems, 'invoice.number')).toBeUndefined();
    const supplied = await acme.post(`/documents/${first}/extracted-items`, { key: 'invoice.number', value: 'NL-2024-0011', note: 'our reference' });
    expect(supplied.status).toBe(201);
    const correctionId = supplied.body.id as string;
    const iban = one(firstItems, 'payment.iban');
    expect((await acme.post(`/documents/${first}/extracted-items/${iban?.id}/validate`, { decision: 'confirm' })).status).toBe(200);

    const listed = await acme.get('/issuer-memories');
    expect(listed.status).toBe(200);
    expect(listed.body.issuer_memories).toHaveLength(1);
    const memory = listed.body.issuer_memories[0];
    expect(memory).toMatchObject({ name: 'nordlicht gmbh', history: { 'payment.iban': [{ value: 'DE89370400440532013000', document_id: first }] } });
    expect(memory.fields.find((f: { key: string }) => f.key === 'invoice.number')).toMatchObject({
      anchor_text: 'Our reference',
      relation: 'offset',
      learned_from: { correction_id: correctionId, document_id: first },
    });

    const second = await upload(2);
    const number = one(await itemsOf(second), 'invoice.number');
    expect(number).toMatchObject({
      value: 'NL-2024-0012',
      confidence: { method: 'issuer_memory' },
      provenance: { learned_from: { memory_id: memory.id, correction_id: correctionId, document_id: first } },
    });
    expect(one(await itemsOf(second), 'payment.iban')?.validation.blockers.map((b) => b.type)).not.toContain('issuer_history_changed');

    const changed = await upload(3, 'DE02 1203 0000 0000 2020 51');
    const changedItems = await itemsOf(changed);
    expect(one(changedItems, 'invoice.number')?.value).toBe('NL-2024-0013');
    expect(one(changedItems, 'payment.iban')).toMatchObject({
      value: 'DE02120300000000202051',
      validation: { status: 'needs_review', blockers: [expect.objectContaining({ type: 'issuer_history_changed' })] },
    });

    expect((await globex.get('/issuer-memories')).body.issuer_memories).toEqual([]);
    expect((await globex.get(`/issuer-memories/${memory.id}`)).status).toBe(404);
    expect((await globex.delete(`/issuer-memories/${memory.id}`)).status).toBe(404);
    expect((await acme.get(`/issuer-memories/${memory.id}`)).status).toBe(200);

    expect((await acme.delete(`/issuer-memories/${memory.id}`)).status).toBe(200);
    expect((await acme.get(`/issuer-memories/${memory.id}`)).status).toBe(404);
    const after = await itemsOf(await upload(4, 'DE02 1203 0000 0000 2020 51'));
    expect(one(after, 'invoice.number')).toBeUndefined();
    expect(one(after, 'payment.iban')?.validation.blockers.map((b) => b.type)).not.toContain('issuer_history_changed');
    // Five PDF extractions in one story: on a loaded machine a minute is not enough.
  }, 240_000);
});
