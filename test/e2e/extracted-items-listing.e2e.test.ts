/**
 * The item listing over HTTP, on every dialect, from rows as older code or other processes may
 * have stored them (odd text, free JSON, stored objects with keys in another order or keys the
 * schema does not declare): a JSON body whose text is exactly what the route's compiled response
 * serializer writes for it, with every stored value as it was stored.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { schemasReferencedBy } from '../../src/http/referenced-schemas.js';
import { NAMED_SCHEMAS } from '../../src/http/schema-registry.js';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

const named = Object.fromEntries(NAMED_SCHEMAS.map((s) => [s.$id ?? '', s]));
const listSchema = { $ref: 'ExtractedItemList' };
const serializeList = SerializerSelector()(schemasReferencedBy(listSchema, named), {})({
  schema: listSchema,
  method: 'GET',
  url: '/documents/:id/extracted-items',
  httpStatus: '200',
}) as (doc: unknown) => string;

const ODD_VALUE = { '': 'empty key', 10: 'index key', 'é"\\': ['\ud800', '\u0000\n', 1e21, -0.5, null, { deep: [true] }] };

describeEachDialect('the item listing over HTTP', (dialect) => {
  let server: TestServer;
  let token: string;
  let documentId: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    const text = 'Vendor: Contoso Ltd\nInvoice number: INV-0042\nTotal: $1,250.00\nContact: billing@contoso.test\n';
    const created = await postMultipart(server, token, 'acme', '/documents', {}, [{ name: 'invoice.txt', bytes: Buffer.from(text), type: 'text/plain' }]);
    expect(created.status).toBe(201);
    documentId = created.body.documents[0].id;
    await server.jobs.idle();
    // Rows as another writer left them: reordered and undeclared keys, odd strings, free JSON.
    const rows = await server.store.db.selectFrom('extracted_items').select(['id']).where('document_id', '=', documentId).orderBy('ordinal').execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const db = server.store.db;
    await db
      .updateTable('extracted_items')
      .set({ label: 'Zürich 😀 "q" \\ \u2028', value_json: JSON.stringify(ODD_VALUE), raw_text: null })
      .where('id', '=', rows[0].id)
      .execute();
    await db
      .updateTable('extracted_items')
      .set({
        confidence_json: JSON.stringify({ method: 'llm', extra: { a: [1] }, overall: 0.5 }),
        validation_json: JSON.stringify({
          note: 'n',
          held_decision: { basis: { value: ODD_VALUE } },
          blockers: [],
          checks: [{ passed: true, severity: 'info', id: 'x', more: 1 }],
          decided_by: null,
        }),
      })
      .where('id', '=', rows[1].id)
      .execute();
    await db
      .updateTable('extracted_items')
      .set({
        provenance_json: JSON.stringify({ anchors: [{ end: 3, start: 0, kind: 'text_span', note: 'kept' }], undeclared: 1, quote: 'q' }),
        candidates_json: JSON.stringify([ODD_VALUE, null]),
      })
      .where('id', '=', rows[2].id)
      .execute();
  });
  afterAll(async () => server?.close());

  it('answers the text the compiled serializer writes, with the stored values intact', async () => {
    const response = await server.call('GET', `/documents/${documentId}/extracted-items`, { token, org: 'acme' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await response.text();
    const body = JSON.parse(text) as { items: Array<Record<string, any>> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    // Written in the compiled serializer's order and form: serializing what was read gives the same text.
    expect(text).toBe(serializeList(body));
    const [first, second, third] = body.items;
    expect(first).toMatchObject({ label: 'Zürich 😀 "q" \\ \u2028', value: ODD_VALUE, raw_text: null });
    expect(Object.keys(second.confidence)).toEqual(['overall', 'method', 'extra']);
    expect(second.validation).toMatchObject({
      note: 'n',
      held_decision: { basis: { value: ODD_VALUE } },
      checks: [{ id: 'x', severity: 'info', passed: true, more: 1 }],
    });
    expect(third.provenance).toEqual({ quote: 'q', anchors: [{ kind: 'text_span', start: 0, end: 3, note: 'kept' }], undeclared: 1 });
    expect(third.candidates).toEqual([ODD_VALUE, null]);
  });
});
