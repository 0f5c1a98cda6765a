/**
 * Issue 31, item 1: the vendor memo's recommendation is computed by its rules, not written.
 * With the last penetration test 20 months before the memo (the baseline asks for one at least
 * every 12 months) the memo says the rule is not met and does not recommend "Approve"; the
 * document's detail shows each decision with the rule that fired and the inputs it saw.
 */
import JSZip from 'jszip';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { MEMO_FIELDS } from '../support/builtin-fields.js';
import { describeOneDialect } from '../support/dialects.js';
import { createAndGenerate } from '../support/generate-document.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const FIELDS = { ...MEMO_FIELDS, memo_date: '2026-11-20', last_pentest_date: '2025-03-10', incident_contact: 'security@initech.example' };

describeOneDialect('vendor memo: a computed recommendation', (dialect) => {
  let server: TestServer;
  let api: Api;
  let id = '';
  let token = '';

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    token = await server.login();
    id = await createAndGenerate(server, api, token, 'vendor-security-memo', FIELDS);
  }, 120_000);
  afterAll(async () => server?.close());

  it('says the 12-month penetration-test rule is not met and does not recommend "Approve"', async () => {
    const detail = await api.get(`/v1/documents/${id}`);
    expect(detail.status).toBe(200);
    const text = (key: string): string => detail.body.sections.find((s: { key: string }) => s.key === key)?.content ?? '';
    expect(text('controls')).toContain('| Penetration test at least every 12 months | Last test 10 March 2025, 20 months before the memo | Not met |');
    // The findings give the rule's reason once, tied to the baseline; the recommendation names what is still open.
    expect(text('findings')).toContain(
      'The last penetration test is 20 months old, so the rule of a test at least every 12 months is not met, which falls short of the requirement that penetration tests',
    );
    expect(text('recommendation')).not.toContain('20 months old');
    // The findings no longer call the date evidence that the rule is met (the row 1).
    expect(text('findings')).not.toContain('This is evidence for the requirement that penetration tests');
    expect(text('recommendation')).not.toMatch(/^Approve\b(?! with conditions)/m);
    expect(text('recommendation')).toContain('The recommendation is to approve with conditions, because not every rule of the baseline is met');
    expect(text('recommendation')).toContain('Still open: penetration test at least every 12 months (not met).');
  });

  it('shows each decision in the detail with the rule that fired and the inputs that decided it', async () => {
    const detail = await api.get(`/v1/documents/${id}`);
    const byKey = new Map(detail.body.decisions.map((d: { key: string }) => [d.key, d]));
    expect(byKey.get('penetration_test')).toMatchObject({
      outcome: 'not_met',
      outcomeLabel: 'Not met',
      rule: { index: 1, when: { '>': [{ var: 'age_months' }, 12] } },
      inputs: [{ name: 'age_months', from: 'computed.pentest_age_months', value: 20 }],
    });
    expect(byKey.get('recommendation')).toMatchObject({ status: 'decided', outcome: 'approve_with_conditions', outcomeLabel: 'Approve with conditions' });
  });

  it('exports an annex with each decision, the rule that decided it and its inputs', async () => {
    const response = await server.call('GET', `/v1/documents/${id}/export.docx`, { token, org: 'acme' });
    expect(response.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    const text = [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
    expect(text).toContain('Decisions and the rules that made them');
    expect(text).toContain('Rule 2: age_months &gt; 12');
    expect(text).toContain('age_months = 20');
    expect(text).toContain('The last penetration test is 20 months old, so the rule of a test at least every 12 months is not met.');
  });

  it('marks the sections that read a decision stale when a rule changes its outcome', async () => {
    const other = await createAndGenerate(server, api, token, 'vendor-security-memo', FIELDS);
    const items = (await api.get(`/v1/documents/${other}/config`)).body.decisions.items as Array<{ key: string; rules: Array<{ when: unknown }> }>;
    const relaxed = items.map((d) =>
      d.key === 'penetration_test' ? { ...d, rules: [d.rules[0], { ...d.rules[1], when: { '>': [{ var: 'age_months' }, 24] } }] } : d,
    );
    expect((await api.put(`/v1/documents/${other}/config`, { decisions: { items: relaxed } })).status).toBe(200);
    const sections = (await api.get(`/v1/documents/${other}`)).body.sections as Array<{ key: string; staleBecause?: Array<{ path: string }> }>;
    const controls = sections.find((s) => s.key === 'controls');
    expect(controls?.staleBecause?.map((c) => c.path)).toEqual(expect.arrayContaining(['decisions.penetration_test', 'decisions.recommendation']));
  });

  it('refuses to finalize while a section states another conclusion than a decision', async () => {
    const sections = (await api.get(`/v1/documents/${id}`)).body.sections as Array<{ id: string; key: string }>;
    const recommendation = sections.find((s) => s.key === 'recommendation');
    const edited = await api.put(`/v1/documents/${id}/sections/${recommendation?.id}/output`, { content: 'We recommend approval of Initech Cloud.' });
    expect(edited.status).toBe(200);
    const refused = await api.put(`/v1/documents/${id}/state`, { state: 'finalized' });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toContain('contradicts_decision');
    expect(refused.body.detail).toContain('We recommend approval of Initech Cloud.');
  });

  it('reports a decision it cannot evaluate as a readiness gap, and refuses a malformed one with 422', async () => {
    const created = await api.post('/v1/documents', { templateId: 'vendor-security-memo', fields: FIELDS });
    const other = created.body.document.id as string;
    const value = {
      key: 'value_band',
      label: 'Contract value band',
      inputs: { value: 'fields.annual_contract_value' },
      rules: [],
      otherwise: { outcome: 'any' },
    };
    const bad = await api.put(`/v1/documents/${other}/config`, { decisions: { items: [{ ...value, inputs: { value: 3 } }] } });
    expect(bad.status).toBe(422);
    const unordered = await api.put(`/v1/documents/${other}/config`, { decisions: { items: [{ ...value, inputs: { value: 'decisions.later.outcome' } }] } });
    expect(unordered.status).toBe(422);
    expect(unordered.body.detail).toContain('input "value" reads the decision "later", which is not declared before it');
    const items = [...(await api.get(`/v1/documents/${other}/config`)).body.decisions.items, value];
    expect((await api.put(`/v1/documents/${other}/config`, { decisions: { items } })).status).toBe(200);
    const readiness = await api.get(`/v1/documents/${other}/readiness`);
    expect(readiness.body.generation_should_proceed).toBe(false);
    expect(readiness.body.gaps).toContainEqual({
      kind: 'decision_undetermined',
      message: 'The decision "Contract value band" cannot be made: no value for value (fields.annual_contract_value)',
      subjectType: 'decision',
      subjectId: 'value_band',
      key: 'value_band',
      blocking: true,
      needsInput: true,
    });
  });
});
