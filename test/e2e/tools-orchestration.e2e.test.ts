/**
 * The orchestration rulebook, orchestrate and prompt assist over real HTTP on every dialect:
 * the seeded default rulebook, authoring rules (422 for bad ones, 409 for duplicates,
 * cross-organization 404), orchestrating a realistic intake e-mail (fields set, the rule's
 * snippet bound, review payload), its refusals (blank text, finalized or foreign document) and
 * prompt assist in offline mode.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const INTAKE = `Subject: New engagement – data processing review

Hello,

Acme Logistics GmbH would like to engage you for a review of its customer platform. Our contact person is Jane Doe (jane.doe@acme-logistics.example), Head of Legal in Berlin.
The platform processes personal data of about 40,000 customers, so the GDPR applies.
Budget: EUR 25,000. We need the final memo by 15 March 2027.

Best regards,
Jane Doe`;

const FIELDS = [
  { key: 'client_name', label: 'Client', isRequired: true },
  { key: 'contact_name', label: 'Contact person' },
  { key: 'contact_email', valueType: 'email', label: 'Contact e-mail' },
  { key: 'deadline', valueType: 'date', label: 'Deadline' },
  { key: 'budget', label: 'Budget' },
  { key: 'city', label: 'City' },
  { key: 'risk_tier', label: 'Risk tier' },
];

describeEachDialect('orchestration and prompt assist', (dialect) => {
  let server: TestServer;
  let api: Api;
  let globex: Api;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    globex = api.as('globex');
    await createTemplate(api, { slug: 'intake-memo', title: 'Intake memo', fields: FIELDS });
    await createTemplate(globex, { slug: 'intake-memo', title: 'Intake memo', fields: FIELDS });
  });
  afterAll(async () => server?.close());

  const newDocument = async (client: Api = api): Promise<string> => {
    const created = await client.post('/v1/documents', { templateId: 'intake-memo' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.document.id;
  };
  const fieldsOf = async (id: string, client: Api = api): Promise<Record<string, string>> => {
    const detail = await client.get(`/v1/documents/${id}`);
    return Object.fromEntries(detail.body.fields.map((f: { key: string; value: string }) => [f.key, f.value]));
  };
  const boundSnippetIds = async (id: string) =>
    (await server.store.db.selectFrom('document_snippets').select('snippet_id').where('document_id', '=', id).orderBy('ordinal').execute()).map(
      (r) => r.snippet_id,
    );

  it('seeds a harmless default rulebook once per organization', async () => {
    const first = await api.get('/v1/orchestration-rules');
    expect(first.status).toBe(200);
    expect(first.body.rules.map((r: { name: string }) => r.name)).toEqual(['personal-data-binds-gdpr-clauses', 'sender-email-fills-contact-email']);
    expect(first.body.rules[0]).toMatchObject({
      when: { mentions: [{ var: 'text' }, 'personal data', 'GDPR', 'data protection', 'data subject', 'DSGVO'] },
      then: [{ action: 'bind_snippet', snippetKey: 'gdpr-clauses' }],
    });
    expect((await api.get('/v1/orchestration-rules')).body).toEqual(first.body);
    const theirs = await globex.get('/v1/orchestration-rules');
    expect(theirs.body.rules.map((r: { name: string }) => r.name)).toEqual(['personal-data-binds-gdpr-clauses', 'sender-email-fills-contact-email']);
    expect(theirs.body.rules.map((r: { id: string }) => r.id)).not.toContain(first.body.rules[0].id);
  });

  it('authors rules: 201, 422 for a bad condition or action, 409 for a duplicate name, cross-organization 404 on delete', async () => {
    const rule = {
      name: 'large-budget-is-high-risk',
      description: 'Budgets over 20k are high risk',
      when: { '>': [{ var: 'entities.money.0.amount' }, 20000] },
      then: [{ action: 'set_field', key: 'risk_tier', value: 'high' }],
    };
    const created = await api.post('/v1/orchestration-rules', rule);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ ...rule, ordinal: 2 });
    const countRules = async () =>
      Number(
        (
          await server.store.db
            .selectFrom('orchestration_rules')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      );
    const before = await countRules();
    const refused: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...rule, name: 'x', when: { nope: [1] } }, /when does not evaluate: Unrecognized operation nope/],
      [{ ...rule, name: 'x', when: { a: 1, b: 2 } }, /when must be a JsonLogic condition/],
      [{ ...rule, name: 'x', then: [] }, /then must hold at least one action/],
      [{ ...rule, name: 'x', then: [{ action: 'delete_document' }] }, /then\[0\]\.action must be set_field or bind_snippet/],
      [{ ...rule, name: 'x', then: [{ action: 'set_field', key: 'a' }] }, /exactly one of value or fromFact/],
      [{ ...rule, name: 'x', then: [{ action: 'set_field', key: 'a', fromFact: 'process.env' }] }, /fromFact must be a path under fields, entities or text/],
      [{ ...rule, name: 'x', then: [{ action: 'bind_snippet' }] }, /snippetKey must name a snippet/],
    ];
    for (const [body, detail] of refused) {
      const response = await api.post('/v1/orchestration-rules', body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.detail).toMatch(detail);
    }
    expect((await api.post('/v1/orchestration-rules', { name: 'x', when: {}, then: 'nope' })).status).toBe(422);
    const duplicate = await api.post('/v1/orchestration-rules', rule);
    expect(duplicate.status).toBe(409);
    expect(await countRules()).toBe(before);

    expect((await globex.delete(`/v1/orchestration-rules/${created.body.id}`)).status).toBe(404);
    expect((await api.get('/v1/orchestration-rules')).body.rules.map((r: { id: string }) => r.id)).toContain(created.body.id);
  });

  it('orchestrates a realistic intake: sets the fields, binds the GDPR snippet and returns the review payload', async () => {
    const snippet = await api.post('/v1/snippets', { key: 'gdpr-clauses', name: 'GDPR clauses' });
    expect(snippet.status, JSON.stringify(snippet.body)).toBe(201);
    const snippetId: string = snippet.body.id ?? snippet.body.snippet?.id;
    const id = await newDocument();

    const response = await api.post(`/v1/documents/${id}/orchestrate`, { source_text: INTAKE });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const review = response.body;
    expect(review.setFieldValues).toEqual({
      client_name: 'Acme Logistics GmbH',
      contact_name: 'Jane Doe',
      contact_email: 'jane.doe@acme-logistics.example',
      deadline: '2027-03-15',
      budget: 'EUR 25,000',
      city: 'Berlin',
      risk_tier: 'high',
    });
    expect(review.setFieldSources).toMatchObject({ client_name: 'extracted', risk_tier: 'rule:large-budget-is-high-risk' });
    expect(review.entityNames).toMatchObject({ people: ['Jane Doe'], places: ['Berlin'], emails: ['jane.doe@acme-logistics.example'], dates: ['2027-03-15'] });
    expect(review.entityNames.organizations).toContain('Acme Logistics GmbH');
    expect(review.boundMolecules).toEqual([expect.objectContaining({ snippetId, snippetKey: 'gdpr-clauses', rule: 'personal-data-binds-gdpr-clauses' })]);
    expect(review.plan.map((p: { rule: { name: string }; matched: boolean }) => [p.rule.name, p.matched])).toEqual([
      ['personal-data-binds-gdpr-clauses', true],
      ['sender-email-fills-contact-email', true],
      ['large-budget-is-high-risk', true],
    ]);
    // The e-mail rule found the field already filled by extraction: skipped, with the reason.
    expect(review.plan[1].actions[0]).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/has a value already/) });
    expect(review).toMatchObject({ mode: 'offline', model: 'offline-composer-1', documentId: id });

    expect(await fieldsOf(id)).toMatchObject(review.setFieldValues);
    expect(await boundSnippetIds(id)).toEqual([snippetId]);
    const listed = await api.get(`/v1/documents/${id}/snippets`);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain(snippetId);

    // Orchestrating again binds nothing twice.
    const again = await api.post(`/v1/documents/${id}/orchestrate`, { source_text: INTAKE });
    expect(again.body.boundMolecules).toEqual([]);
    expect(again.body.plan[0].actions[0]).toMatchObject({ status: 'skipped', reason: 'the snippet is bound to the document already' });
    expect(await boundSnippetIds(id)).toEqual([snippetId]);
  });

  it('binds nothing when the library has no snippet of the rule (seeded rules are harmless)', async () => {
    const id = await newDocument(globex);
    const response = await globex.post(`/v1/documents/${id}/orchestrate`, { source_text: INTAKE });
    expect(response.status).toBe(200);
    expect(response.body.boundMolecules).toEqual([]);
    expect(response.body.plan[0].actions[0]).toMatchObject({ status: 'skipped', reason: 'the library has no snippet "gdpr-clauses"' });
    expect((await fieldsOf(id, globex)).client_name).toBe('Acme Logistics GmbH');
  });

  it("refuses blank text and finalized documents (422) and another organization's document (404), changing nothing", async () => {
    const id = await newDocument();
    await api.put(`/v1/documents/${id}/fields`, { fields: { client_name: 'Original Ltd' } });
    const blank = await api.post(`/v1/documents/${id}/orchestrate`, { source_text: '   \n ' });
    expect(blank.status).toBe(422);
    expect(blank.body.detail).toBe('source_text must not be blank');
    expect((await api.post(`/v1/documents/${id}/orchestrate`, {})).status).toBe(422);
    expect((await api.post(`/v1/documents/${id}/orchestrate`, { sourceText: INTAKE })).status).toBe(422);

    const foreign = await globex.post(`/v1/documents/${id}/orchestrate`, { source_text: INTAKE });
    expect(foreign.status).toBe(404);
    expect(await fieldsOf(id)).toMatchObject({ client_name: 'Original Ltd', city: '' });
    expect(await boundSnippetIds(id)).toEqual([]);

    expect((await api.put(`/v1/documents/${id}/state`, { state: 'finalized' })).status).toBe(200);
    const finalized = await api.post(`/v1/documents/${id}/orchestrate`, { source_text: INTAKE });
    expect(finalized.status).toBe(422);
    expect(await fieldsOf(id)).toMatchObject({ client_name: 'Original Ltd', city: '' });
    expect(await boundSnippetIds(id)).toEqual([]);
    expect((await api.post('/v1/documents/doc_missing/orchestrate', { source_text: INTAKE })).status).toBe(404);
  });

  it('deleting the rules empties the rulebook for good (defaults are not re-seeded)', async () => {
    const rules = (await globex.get('/v1/orchestration-rules')).body.rules;
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) expect((await globex.delete(`/v1/orchestration-rules/${rule.id}`)).body).toEqual({ ok: true });
    expect((await globex.get('/v1/orchestration-rules')).body.rules).toEqual([]);
    expect((await globex.delete(`/v1/orchestration-rules/${rules[0].id}`)).status).toBe(404);
    expect((await api.get('/v1/orchestration-rules')).body.rules.length).toBe(3);
  });

  it('prompt assist improves a prompt offline and refuses a blank one', async () => {
    const response = await api.post('/v1/prompt-assist', {
      prompt: "Summarize the vendor's security posture for the board in 5 bullets",
      topic: 'Vendor security',
    });
    expect(response.status).toBe(200);
    expect(response.body.mode).toBe('offline');
    expect(response.body.prompt).toMatch(
      /^Topic: Vendor security\nTask: Summarize the vendor's security posture for the board in 5 bullets\n\nChecklist:\n- Audience: board/,
    );
    expect(response.body.prompt).toMatch(/\[n\]/);
    expect(response.body.prompt).toMatch(/Markdown bullet list; length 5 bullets/);
    const again = await api.post('/v1/prompt-assist', { prompt: response.body.prompt });
    expect(again.body.prompt).toBe(response.body.prompt);
    const blank = await api.post('/v1/prompt-assist', { prompt: '  ' });
    expect(blank.status).toBe(422);
    expect(blank.body.detail).toBe('prompt must not be blank');
    expect((await api.post('/v1/prompt-assist', { topic: 'x' })).status).toBe(422);
  });
});
