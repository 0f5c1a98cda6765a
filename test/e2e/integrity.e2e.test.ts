/**
 * Integrity of what a document says about its sources (issue #11), over real HTTP on every
 * dialect: a corrected extracted item is what its numbered source says from then on (quote with
 * provenance, checked by verify), the .docx Sources list names a page once, a Word comment on a
 * claim the built-in check failed carries the built-in check's reason (not the model judge's),
 * and a snippet's entity binding renders the organization entity's name and attributes.
 */
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type FakeChatRequest, type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai-server.js';
import { created, uniqueKey } from '../support/library.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

/** A one-page invoice whose total reads "EUR 1,190.00". */
async function invoicePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Vendor: Initech', { x: 72, y: 720, size: 12, font });
  page.drawText('Total: EUR 1,190.00', { x: 72, y: 700, size: 12, font });
  return Buffer.from(await doc.save());
}

async function docxParts(server: TestServer, token: string, documentId: string): Promise<JSZip> {
  const response = await server.call('GET', `/v1/documents/${documentId}/export.docx`, { token, org: 'acme' });
  expect(response.status).toBe(200);
  return JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
}

async function partText(zip: JSZip, name: string): Promise<string> {
  const file = zip.file(name);
  if (!file) throw new Error(`${name} is not in the package`);
  return textOf(await file.async('string'));
}

/** Visible text of a WordprocessingML part, one line per paragraph. */
function textOf(xml: string): string {
  return xml
    .split(/<\/w:p>/)
    .map((paragraph) => [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''))
    .filter((line) => line !== '')
    .join('\n');
}

async function generate(api: Api, server: TestServer, token: string, documentId: string) {
  expect((await api.post(`/v1/documents/${documentId}/generate`, {})).body.started).toBe(true);
  const events = await collectEvents(`${server.url}/v1/documents/${documentId}/progress`, token);
  const finished = events.at(-1) as unknown as {
    event: string;
    unsupported_sections: Array<{ sectionId: string; claims: Array<{ sentence: string; reason?: string }> }>;
  };
  expect(finished.event, JSON.stringify(finished)).toBe('pipeline_finished');
  return finished;
}

describeEachDialect('integrity: corrections, sources, comments, entities', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    token = await server.login();
    await createTemplate(api, {
      slug: 'invoice-note',
      title: 'Invoice note',
      config: { verify: { judge: 'deterministic' } },
      sections: [
        { key: 'total', title: 'Total', render_mode: 'templated', output_template: 'The invoice total is {{ total }} [1].' },
        { key: 'old', title: 'Old total', render_mode: 'templated', output_template: 'The invoice total is EUR 1,190.00 [1].' },
      ],
    });
  });
  afterAll(async () => server?.close());

  it('a corrected item is what its source says: the quote carries the corrected value and its provenance, and verify checks against it', async () => {
    const documentId = (await api.post('/v1/documents', { templateId: 'invoice-note' })).body.document.id;
    const upload = await postMultipart(server, token, 'acme', '/assessments', { name: 'Invoices' }, [
      { name: 'invoice.pdf', bytes: await invoicePdf(), type: 'application/pdf' },
    ]);
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const assessmentId = upload.body.assessment.id;
    const sourceDocument = upload.body.documents[0].id;
    await server.jobs.idle();
    const items = (await api.get(`/documents/${sourceDocument}/extracted-items`)).body.items as Array<{
      id: string;
      key: string;
      value_text: string;
      provenance: { quote: string };
    }>;
    const total = items.find((i) => i.key === 'invoice.total');
    if (!total) throw new Error(`no invoice.total among ${items.map((i) => i.key).join(', ')}`);
    expect(total.provenance.quote).toBe('EUR 1,190.00');
    expect(
      (
        await api.post(`/v1/documents/${documentId}/data-needs`, {
          kind: 'assessment',
          output_key: 'total',
          args_json: { assessment_id: assessmentId, item_key: 'invoice.total' },
        })
      ).status,
    ).toBe(201);

    const correction = await api.post(`/extracted-items/${total.id}/corrections`, { value: { amount: 1300, currency: 'EUR' }, reason: 'wrong_value' });
    expect(correction.status, JSON.stringify(correction.body)).toBe(201);

    const finished = await generate(api, server, token, documentId);
    const detail = (await api.get(`/v1/documents/${documentId}`)).body;
    const byKey = Object.fromEntries(detail.sections.map((s: { key: string }) => [s.key, s]));
    expect(byKey.total.content).toBe('The invoice total is 1300.00 EUR [1].');
    // The source quotes the corrected value, says who corrected it and what the file said.
    expect(detail.sources).toEqual([expect.objectContaining({ n: 1, kind: 'assessment', title: 'invoice.pdf', page: 1, documentId: sourceDocument })]);
    const quote: string = detail.sources[0].quote;
    expect(quote).toContain('1300.00 EUR');
    expect(quote).toMatch(/corrected by [^,]+, was "?EUR 1,190\.00"?/);
    // Verify supports the corrected sentence; the file's old figure no longer backs a claim.
    expect(finished.unsupported_sections.map((u) => u.sectionId)).toEqual([byKey.old.id]);

    // The .docx names the page once, in the Sources list and in each footnote.
    const zip = await docxParts(server, token, documentId);
    const body = await partText(zip, 'word/document.xml');
    const sourceLine = body.split('\n').find((line) => line.startsWith('[1] '));
    expect(sourceLine).toBe('[1] invoice.pdf. p. 1.');
    const footnotes = await partText(zip, 'word/footnotes.xml');
    expect(footnotes).toContain('invoice.pdf');
    expect(footnotes).not.toMatch(/p\. 1\.? ?p\. 1/);
  });

  it("a snippet bound with entityBindings renders the entity's name and attributes, never its id", async () => {
    const entity = await created(api, '/v1/entities', { name: 'Initech', kind: 'organization', attributes: { jurisdiction: 'Delaware' } });
    expect(entity).toMatchObject({ id: expect.stringMatching(/^ent_/), name: 'Initech', kind: 'organization', attributes: { jurisdiction: 'Delaware' } });
    expect((await api.get(`/v1/entities/${entity.id}`)).body).toEqual(entity);
    // Another organization's entity is not found here, and never resolves in a binding.
    const foreign = await created(api.as('globex'), '/v1/entities', { name: 'Globex Secret Corp' });
    expect((await api.get(`/v1/entities/${foreign.id}`)).status).toBe(404);

    const text = await created(api, '/v1/texts', {
      key: uniqueKey('liability'),
      value: 'v',
      headingTemplate: 'Liability of {{ client }}',
      narrativeTemplate: '{{ client }} ({{ roles.client.jurisdiction }}) is liable; {{ counterparty }} is not.',
      entityRolesUsed: ['client', 'counterparty'],
    });
    const snippet = await created(api, '/v1/snippets', { key: uniqueKey('liability') });
    expect((await api.put(`/v1/snippets/${snippet.id}/items`, { items: [{ itemType: 'text', itemKey: text.key }] })).status).toBe(200);
    const documentId = (await api.post('/v1/documents', { templateId: 'invoice-note' })).body.document.id;
    // Another organization's entity cannot be bound here (422 naming it); the role stays unbound.
    const refused = await api.post(`/v1/documents/${documentId}/snippets`, {
      snippetId: snippet.id,
      entityBindings: { client: entity.id, counterparty: foreign.id },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toContain(`counterparty → ${foreign.id}`);
    await created(api, `/v1/documents/${documentId}/snippets`, { snippetId: snippet.id, entityBindings: { client: entity.id } });

    const body = await partText(await docxParts(server, token, documentId), 'word/document.xml');
    expect(body).toContain('Liability of Initech');
    expect(body).toContain('Initech (Delaware) is liable');
    expect(body).not.toContain(entity.id);
    expect(body).not.toContain('Globex Secret Corp');
  });
});

/** Claims as the judge prompt lists them: "1. sentence\n   cites: [1] [99]". */
function claimsOf(request: FakeChatRequest): Array<{ sentence: string; cites: string }> {
  return [...request.user.matchAll(/^\d+\. (.*)\n\s+cites: (.*)$/gm)].map((m) => ({ sentence: m[1], cites: m[2] }));
}

/** A sloppy judge: rejects every claim, and calls a claim citing [99] "Stated in the source". */
function judge(request: FakeChatRequest) {
  if (request.schemaName === 'claim_verdicts') {
    const verdicts = claimsOf(request).map((c) => ({
      sentence: c.sentence,
      supported: false,
      reason: c.cites.includes('[99]') ? 'Stated in the source' : 'The source gives no growth figure',
    }));
    return { content: JSON.stringify({ verdicts }) };
  }
  if (request.schemaName === 'synthesized_context')
    return { content: JSON.stringify({ summary: '', key_facts: [], parties: [], dates: [], amounts: [], open_questions: [] }) };
  if (request.schemaName) return { content: JSON.stringify({}) };
  return { content: 'unused' };
}

describeEachDialect('integrity: Word comments of claims the built-in check failed', (dialect) => {
  let fake: FakeOpenAi;
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ respond: judge });
    server = await startTestServer({
      dialect,
      env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-large', LLM_TIMEOUT_MS: '5000' },
    });
    api = await apiFor(server);
    token = await server.login();
    await createTemplate(api, {
      slug: 'judged',
      title: 'Judged',
      dataNeeds: [{ output_key: 'report', kind: 'static', name: 'Annual report 2025', args_json: { value: 'Revenue grew 15% in 2025.' } }],
      config: { verify: { judge: 'auto' } },
      sections: [{ key: 'facts', title: 'Facts', render_mode: 'templated', output_template: 'Revenue grew 15% in 2025 [1]. Profit doubled in 2025 [99].' }],
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it("shows the built-in reason for a claim citing a source that does not exist, and the judge's reason for a claim only the judge rejected", async () => {
    const documentId = (await api.post('/v1/documents', { templateId: 'judged' })).body.document.id;
    const finished = await generate(api, server, token, documentId);
    expect(fake.requests.some((r) => r.schemaName === 'claim_verdicts')).toBe(true);
    const claims = finished.unsupported_sections.flatMap((s) => s.claims);
    expect(claims.map((c) => c.sentence)).toEqual(['Revenue grew 15% in 2025.', 'Profit doubled in 2025.']);

    const comments = await partText(await docxParts(server, token, documentId), 'word/comments.xml');
    const profit = comments.split('\n').findIndex((line) => line.includes('Profit doubled in 2025'));
    const revenue = comments.split('\n').findIndex((line) => line.includes('Revenue grew 15% in 2025'));
    expect(profit).toBeGreaterThan(0);
    expect(revenue).toBeGreaterThan(0);
    const lines = comments.split('\n');
    // Each comment is "Unsupported claim: <reason>" then the claim.
    expect(lines[profit - 1]).toMatch(/^Unsupported claim: .*\[99\]/);
    expect(lines[profit - 1]).not.toContain('Stated in the source');
    expect(lines[revenue - 1]).toBe('Unsupported claim: The source gives no growth figure');
  });
});
