/**
 * One of each resource in an organization, for the reliability suites: a custom template and a
 * document made from it (fields, sections, data-needs, a snippet binding, two generation runs
 * for the generation snapshots and their diff, a snapshot), the library (text, snippet, risk
 * block, voice, entity, tool registration, orchestration rule), a webhook, a comment thread and a
 * suggested edit, a member of this
 * organization only, and the assessment area (an assessment with an uploaded document, its extracted items, a
 * correction, an issuer memory learned from a PDF invoice, a batch).
 *
 * Answers the real ids by path-parameter key (see `poolKey`): the fuzzer draws path parameters
 * from them and the cross-tenant matrix calls another organization with them.
 */
import { expect } from 'vitest';
import { postMultipart } from '../../e2e/assessments-helpers.js';
import type { Api } from '../../support/api.js';
import { issuerInvoicePdf } from '../../support/issuer-invoice-pdf.js';
import { addTestMember } from '../../support/members.js';
import type { TestServer } from '../../support/test-server.js';

export type IdPools = Record<string, string[]>;

/**
 * Environment of the servers the seeded organization lives on: the seeded webhook's address is
 * allow-listed through the SSRF guard, and a failed delivery is not retried (a retry hours away
 * would keep `jobs.idle()` waiting).
 */
export const RELIABILITY_SERVER_ENV = { TOOL_ALLOWED_HOSTS: '127.0.0.1:9', WEBHOOK_RETRY_SECONDS: '' };

const INVOICE = Buffer.from('Vendor: Contoso Ltd\nInvoice number: INV-100\nTotal: $110.00\n');

function idOf(body: Record<string, { id?: string } | string | undefined>, wrapper: string): string {
  const direct = body.id;
  const id = typeof direct === 'string' ? direct : (body[wrapper] as { id?: string } | undefined)?.id;
  if (typeof id !== 'string') throw new Error(`no id in ${JSON.stringify(body).slice(0, 300)}`);
  return id;
}

async function created(promise: Promise<{ status: number; body: unknown }>, what: string) {
  const res = await promise;
  if (res.status !== 201 && res.status !== 200 && res.status !== 202) throw new Error(`seed ${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function seedOrganization(server: TestServer, api: Api, token: string, suffix: string): Promise<IdPools> {
  const org = api.org ?? 'acme';
  const slug = `rel-memo-${suffix}`;
  await created(
    api.post('/v1/templates', {
      slug,
      title: 'Reliability memo',
      fields: [
        { key: 'client', value: 'Initech GmbH', isRequired: true },
        { key: 'amount', valueType: 'number', value: '1200.5' },
      ],
      dataNeeds: [{ output_key: 'facts', kind: 'static', name: 'Client file', args_json: { value: 'Initech signed on 5 January 2026.' } }],
      sections: [
        { key: 'summary', title: 'Summary', render_mode: 'templated', output_type: 'markdown', output_template: '{{ client }}: the engagement in brief.' },
        { key: 'body', title: 'Body', prompt: 'Summarize the contract for {{ client }}' },
      ],
    }),
    'template',
  );
  const doc = await created(api.post('/v1/documents', { templateId: slug, title: 'Initech engagement', fields: { client: 'Initech GmbH' } }), 'document');
  const documentId = idOf(doc, 'document');
  const other = await created(api.post('/v1/documents', { templateId: 'engagement-letter' }), 'second document');
  const fields = await created(api.put(`/v1/documents/${documentId}/fields`, { fields: { note: 'seeded' } }), 'fields');
  const sections = (await api.get(`/v1/documents/${documentId}/sections`)).body as Array<{ id: string }>;
  const needs = (await api.get(`/v1/documents/${documentId}/data-needs`)).body as Array<{ id: string }>;

  // Two runs: generation snapshots, their diff, section versions.
  await created(api.post(`/v1/documents/${documentId}/generate`, {}), 'generate');
  await server.jobs.idle();
  await created(api.post(`/v1/documents/${documentId}/generate`, { force: true }), 'second generate');
  await server.jobs.idle();
  const runs = (await api.get(`/v1/documents/${documentId}/generation-snapshots`)).body as Array<{ id: string }>;
  const snapshot = await created(api.post(`/v1/documents/${documentId}/snapshots`, { label: 'Seeded' }), 'snapshot');
  // A section draft (ADR 0621): another organization can neither read nor discard it.
  await created(api.put(`/v1/documents/${documentId}/sections/${sections[0].id}/draft`, { content: 'Seeded draft' }), 'section draft');

  const text = await created(api.post('/v1/texts', { key: `liability-${suffix}`, value: 'Liability is capped at the fees paid.' }), 'text');
  const block = await created(
    api.post('/v1/risk-blocks', { key: `special-${suffix}`, heading: 'Special categories', template: 'Processing of {{ category }} data' }),
    'risk block',
  );
  const snippet = await created(api.post('/v1/snippets', { key: `basics-${suffix}`, name: 'Contract basics', phaseOrder: 1 }), 'snippet');
  const snippetId = idOf(snippet, 'snippet');
  await created(
    api.put(`/v1/snippets/${snippetId}/items`, {
      items: [
        { itemType: 'text', itemKey: text.key },
        { itemType: 'risk_block', itemKey: block.key },
      ],
    }),
    'snippet items',
  );
  const entity = await created(api.post('/v1/entities', { name: `Initech ${suffix}`, kind: 'organization', attributes: { city: 'Berlin' } }), 'entity');
  const binding = await created(api.post(`/v1/documents/${documentId}/snippets`, { snippetId, entityBindings: { client: idOf(entity, 'entity') } }), 'binding');
  const voice = await created(api.post('/v1/voices', { name: `Plain ${suffix}`, description: 'Short sentences.', samples: ['We deliver.'] }), 'voice');
  const tool = await created(
    api.post('/v1/tool-registrations', {
      name: `rates-${suffix}`,
      category: 'finance',
      classPath: 'http.json',
      configJson: { url: 'https://tools.example/rates', resultPath: 'data' },
    }),
    'tool',
  );
  const rule = await created(
    api.post('/v1/orchestration-rules', {
      name: `budget-${suffix}`,
      when: { '>': [{ var: 'entities.money.0.amount' }, 20000] },
      then: [{ action: 'set_field', key: 'risk_tier', value: 'high' }],
    }),
    'rule',
  );

  const upload = await postMultipart(server, token, org, '/assessments', { name: `Invoices ${suffix}` }, [
    { name: 'invoice.txt', bytes: INVOICE, type: 'text/plain' },
  ]);
  expect(upload.status).toBe(201);
  const assessmentId = idOf(upload.body, 'assessment');
  const sourceId: string = upload.body.documents[0].id;
  await server.jobs.idle();
  const items = (await api.get(`/documents/${sourceId}/extracted-items`)).body.items as Array<{ id: string }>;
  expect(items.length).toBeGreaterThan(0);
  const correction = await created(api.post(`/extracted-items/${items[0].id}/corrections`, { value: 'Contoso Limited', reason: 'format' }), 'correction');
  // An issuer memory: a PDF invoice (page segments to learn from) with its IBAN confirmed.
  const pdf = await issuerInvoicePdf(
    { number: 'NL-2024-0001', total: '1.234,56 EUR', iban: 'DE89 3704 0044 0532 0130 00', vat: 'DE136695976', date: '12.03.2024' },
    `Seed ${suffix} GmbH`,
  );
  const pdfUpload = await postMultipart(server, token, org, `/assessments/${assessmentId}/documents`, {}, [
    { name: 'issuer.pdf', bytes: pdf, type: 'application/pdf' },
  ]);
  expect(pdfUpload.status).toBe(201);
  await server.jobs.idle();
  const pdfId: string = pdfUpload.body.documents[0].id;
  const pdfItems = (await api.get(`/documents/${pdfId}/extracted-items`)).body.items as Array<{ id: string; key: string }>;
  const ibanItem = pdfItems.find((i) => i.key === 'payment.iban');
  await created(api.post(`/documents/${pdfId}/extracted-items/${ibanItem?.id}/validate`, { decision: 'confirm' }), 'confirmation');
  const memories = (await api.get('/issuer-memories')).body.issuer_memories as Array<{ id: string }>;
  const batch = await created(api.post('/batches', { name: `Batch ${suffix}`, document_ids: [sourceId] }), 'batch');

  // A webhook on the allow-listed discard port (RELIABILITY_SERVER_ENV): nothing listens there.
  const webhook = await created(
    api.post('/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['generation.finished', 'batch.finished'], description: `Seeded ${suffix}` }),
    'webhook',
  );

  // A merge run of the template: one row, one document.
  const mergeRun = await created(api.post(`/v1/templates/${slug}/merge-runs`, { rows: [{ client: `Hooli ${suffix}` }], format: 'docx' }), 'merge run');

  // A comment thread with a reply, and a suggested edit, on the document's first section.
  const thread = await created(api.post(`/v1/documents/${documentId}/sections/${sections[0].id}/threads`, { body: `Seeded ${suffix} question` }), 'thread');
  const reply = await created(api.post(`/v1/documents/${documentId}/threads/${idOf(thread, 'thread')}/comments`, { body: 'Seeded answer' }), 'reply');
  const suggestion = await created(
    api.post(`/v1/documents/${documentId}/sections/${sections[0].id}/suggestions`, { content: `Seeded ${suffix} wording` }),
    'suggestion',
  );

  // A member of this organization only (the dev user belongs to every demo organization).
  const member = await addTestMember(server, token, org, 'viewer', `rel-member-${org}-${suffix}`);

  const pools: IdPools = {
    slug: [slug],
    document_id: [documentId, idOf(other, 'document')],
    field_id: (fields.fields as Array<{ id: string }>).map((f) => f.id),
    section_id: sections.map((s) => s.id),
    need_id: needs.map((n) => n.id),
    binding_id: [idOf(binding, 'binding')],
    snapshot_id: [idOf(snapshot, 'snapshot'), ...runs.map((r) => r.id)],
    other_snapshot_id: runs.map((r) => r.id),
    version_num: ['1', '2'],
    text_id: [idOf(text, 'text')],
    snippet_id: [snippetId],
    risk_block_id: [idOf(block, 'riskBlock')],
    voice_id: [idOf(voice, 'voice')],
    entity_id: [idOf(entity, 'entity')],
    tool_id: [idOf(tool, 'tool')],
    rule_id: [idOf(rule, 'rule')],
    'assessments:id': [assessmentId],
    doc_id: [sourceId],
    'documents:id': [sourceId],
    page_number: ['1'],
    item_id: items.map((i) => i.id),
    corr_id: [idOf(correction, 'correction')],
    'batches:id': [idOf(batch, 'batch')],
    'batch-documents:id': (batch.batch_documents as Array<{ id: string }>).map((b) => b.id),
    'processors:id': ['prc_generic_fields'],
    exporter_name: ['json'],
    user_id: [member.userId],
    webhook_id: [idOf(webhook, 'webhook')],
    merge_run_id: [String(mergeRun.id)],
    memory_id: memories.map((m) => m.id),
    thread_id: [idOf(thread, 'thread')],
    comment_id: [idOf(reply, 'comment')],
    suggestion_id: [idOf(suggestion, 'suggestion')],
  };
  for (const [key, ids] of Object.entries(pools)) if (ids.length === 0) throw new Error(`seed: no ${key}`);
  return pools;
}
