/**
 * Everything below the review threshold goes to review (issue 32 item 4): an assessment that asks
 * a key for more confidence than the processor's default gets that key's less confident values
 * as `needs_review` with a `low_confidence` blocker, not `pending` — over real HTTP, on every dialect.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

const INVOICE = 'Vendor: Contoso Ltd\nInvoice number: INV-100\nTotal: $110.00\n';

interface Item {
  key: string;
  confidence: { overall: number | null };
  validation: { status: string; blockers: Array<{ type: string }> };
}

describeEachDialect('review threshold', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    api = await apiFor(server);
  });
  afterAll(async () => server?.close());

  const itemsOf = async (requirements: unknown[]): Promise<Item[]> => {
    const created = await postMultipart(server, token, 'acme', '/assessments', { name: 'Threshold', requirements: JSON.stringify(requirements) }, [
      { name: 'invoice.txt', bytes: Buffer.from(INVOICE), type: 'text/plain' },
    ]);
    expect(created.status).toBe(201);
    await server.jobs.idle();
    return (await api.get(`/documents/${created.body.documents[0].id}/extracted-items`)).body.items;
  };
  const byKey = (items: Item[], key: string): Item => {
    const found = items.find((i) => i.key === key);
    if (!found) throw new Error(`no ${key} in ${items.map((i) => i.key).join(', ')}`);
    return found;
  };

  it("a value below its requirement's min_confidence goes to review, though above the processor's default", async () => {
    const plain = byKey(await itemsOf([{ key: 'invoice.total', label: 'Total' }]), 'invoice.total');
    // The processor's default (0.8) lets this total through…
    expect(plain.confidence.overall).toBeGreaterThanOrEqual(0.8);
    expect(plain.validation.status).toBe('pending');
    // …an assessment that asks more of the total reviews the same value.
    const strict = byKey(await itemsOf([{ key: 'invoice.total', label: 'Total', min_confidence: 0.999 }]), 'invoice.total');
    expect(strict.confidence.overall).toBe(plain.confidence.overall);
    expect(strict.validation.status).toBe('needs_review');
    expect(strict.validation.blockers.map((b) => b.type)).toContain('low_confidence');
  });

  it("a requirement's lower min_confidence does not lift the processor's threshold", async () => {
    const items = await itemsOf([{ key: 'invoice.total', label: 'Total', min_confidence: 0.1 }]);
    expect(byKey(items, 'invoice.total').validation.status).toBe('pending');
  });
});
