/**
 * Guided questions through the API (issue 33, item 3): a template declares steps and a condition,
 * readiness honours it (a required field not asked is not a gap; once asked it is), a bad
 * interview is refused with every problem, and the built-in DPIA asks its conditional questions.
 * Declared rules (docs/adr/0691, 0693): readiness reports a broken rule with its message, and a
 * question, condition or rule that does not fit the template's fields is refused when compiled or
 * saved, every problem named with its place.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeOneDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const GUIDED = {
  slug: 'guided',
  title: 'Guided',
  fields: [
    { key: 'processes_special_data', valueType: 'boolean', isRequired: true, value: 'false' },
    { key: 'special_data_condition', isRequired: true },
  ],
  sections: [{ key: 'intro', title: 'Intro' }],
  config: {
    interview: {
      steps: [
        {
          key: 'data',
          title: 'The data',
          questions: [
            { field: 'processes_special_data', help: 'Article 9 data needs a condition.' },
            { field: 'special_data_condition', askWhen: { field: 'processes_special_data', equals: true }, examples: ['explicit consent'] },
          ],
        },
      ],
    },
  },
};

const RULED = {
  slug: 'ruled',
  title: 'Ruled',
  fields: [
    { key: 'starts_on', valueType: 'date', label: 'Start' },
    { key: 'ends_on', valueType: 'date' },
    { key: 'vat_number', isRequired: true },
    { key: 'headcount', valueType: 'integer' },
  ],
  sections: [{ key: 'intro', title: 'Intro' }],
  config: {
    interview: {
      steps: [
        {
          key: 'contract',
          title: 'The contract',
          questions: [
            { field: 'starts_on' },
            { field: 'ends_on' },
            { field: 'vat_number', rules: [{ pattern: '[A-Z]{2}[0-9]{9}', message: 'Enter a VAT number such as DE123456789' }] },
            { field: 'headcount', rules: [{ min: 0 }] },
          ],
          rules: [{ rule: 'notBefore', field: 'ends_on', other: 'starts_on' }],
        },
      ],
    },
  },
};

/** A spec whose interview names a field it does not declare, reads an unknown answer, and puts rules on fields of the wrong type. */
const MISFIT_INTERVIEW = {
  steps: [
    {
      key: 'contract',
      title: 'The contract',
      questions: [
        { field: 'starts_on', rules: [{ pattern: '\\d+', message: 'digits' }] },
        { field: 'vat_numbr' },
        { field: 'headcount', askWhen: { field: 'has_staff', equals: true }, rules: [{ min: '2020-01-01' }, { maxLength: 3 }] },
      ],
      rules: [{ rule: 'notBefore', field: 'headcount', other: 'starts_on' }],
    },
  ],
};

describeOneDialect('guided questions', (dialect) => {
  let server: TestServer;
  let api: Api;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    await createTemplate(api, GUIDED);
    await createTemplate(api, RULED);
  });
  afterAll(async () => server?.close());

  const gapKeys = async (id: string) => ((await api.get(`/v1/documents/${id}/readiness`)).body.gaps as Array<{ key?: string }>).map((g) => g.key);

  it('does not count a required field that is not asked as a gap, and counts it once an answer asks it', async () => {
    const id = (await api.post('/v1/documents', { templateId: 'guided' })).body.document.id;
    const hidden = await api.get(`/v1/documents/${id}/readiness`);
    expect(hidden.body.generation_should_proceed).toBe(true);
    expect(hidden.body.gaps.map((g: { key?: string }) => g.key)).not.toContain('special_data_condition');

    await api.put(`/v1/documents/${id}/fields`, { fields: { processes_special_data: 'true' } });
    expect(await gapKeys(id)).toContain('special_data_condition');
    expect((await api.get(`/v1/documents/${id}/readiness`)).body.ui_state).toBe('needs_input');

    await api.put(`/v1/documents/${id}/fields`, { fields: { special_data_condition: 'explicit consent' } });
    expect((await api.get(`/v1/documents/${id}/readiness`)).body.generation_should_proceed).toBe(true);
  });

  it('serves the interview in the template config and describes it in the config schema', async () => {
    const template = (await api.get('/v1/templates/guided')).body.document.id;
    const config = (await api.get(`/v1/documents/${template}/config`)).body;
    expect(config.interview.steps[0].questions[1].askWhen).toEqual({ field: 'processes_special_data', equals: true });
    const schema = (await api.get('/v1/config-schema')).body;
    expect(schema.configGroups.interview).toEqual(['steps']);
    expect(JSON.stringify(schema.schema)).toContain('askWhen');
  });

  it('refuses an interview whose question depends on its own answer, or names an unknown kind of test', async () => {
    const id = (await api.post('/v1/documents', { templateId: 'guided' })).body.document.id;
    const cycle = await api.put(`/v1/documents/${id}/config`, {
      interview: {
        steps: [{ key: 's', title: 'S', questions: [{ field: 'special_data_condition', askWhen: { field: 'special_data_condition', filled: true } }] }],
      },
    });
    expect(cycle.status).toBe(422);
    expect(JSON.stringify(cycle.body.detail)).toContain('depends on its own answer');
    const unknown = await api.put(`/v1/documents/${id}/config`, {
      interview: { steps: [{ key: 's', title: 'S', questions: [{ field: 'x', askWhen: { field: 'y', matches: '.*' } }] }] },
    });
    expect(unknown.status).toBe(422);
  });

  it('asks the DPIA for the Article 9 condition only when special categories are processed', async () => {
    const base = {
      controller_name: 'C',
      processing_name: 'P',
      processing_purpose: 'P',
      data_categories: 'd',
      data_subjects: 's',
      lawful_basis: 'contract',
      retention_months: 12,
    };
    const without = (await api.post('/v1/documents', { templateId: 'gdpr-dpia', fields: { ...base, special_categories: 'false' } })).body.document.id;
    expect(await gapKeys(without)).not.toContain('special_categories_condition');
    const withSpecial = (await api.post('/v1/documents', { templateId: 'gdpr-dpia', fields: { ...base, special_categories: 'true' } })).body.document.id;
    expect(await gapKeys(withSpecial)).toContain('special_categories_condition');
    expect(await gapKeys(withSpecial)).not.toContain('transfer_mechanism');
  });

  it('reports an answer that breaks a declared rule as a readiness gap with the rule’s message, until it is fixed', async () => {
    const id = (
      await api.post('/v1/documents', { templateId: 'ruled', fields: { starts_on: '2025-03-01', ends_on: '2025-02-01', vat_number: 'de 12', headcount: -2 } })
    ).body.document.id;
    const readiness = (await api.get(`/v1/documents/${id}/readiness`)).body;
    expect(readiness.ui_state).toBe('needs_input');
    const ruleGaps = (readiness.gaps as Array<{ kind: string; key: string; message: string }>).filter((g) => g.kind === 'field_rule_broken');
    expect(ruleGaps.map((g) => [g.key, g.message])).toEqual([
      ['ends_on', 'Field "ends_on": Enter a date on or after “Start” (2025-03-01)'],
      ['vat_number', 'Field "vat_number": Enter a VAT number such as DE123456789'],
      ['headcount', 'Field "headcount": Enter a number of at least 0'],
    ]);
    await api.put(`/v1/documents/${id}/fields`, { fields: { ends_on: '2025-03-01', vat_number: 'DE123456789', headcount: 0 } });
    expect((await api.get(`/v1/documents/${id}/readiness`)).body.generation_should_proceed).toBe(true);
  });

  it('refuses to compile a spec whose questions do not fit its fields, naming every problem where it is', async () => {
    const compiled = await api.post('/v1/templates', { ...RULED, slug: 'misfit', config: { interview: MISFIT_INTERVIEW } });
    expect(compiled.status).toBe(422);
    const detail = String(compiled.body.detail);
    expect(detail).toContain('spec is invalid (6 errors)');
    for (const expected of [
      '/config/interview/steps/0/questions/0/rules/0: step "contract": pattern applies to string, text, email or url fields; "starts_on" is a date field',
      '/config/interview/steps/0/questions/1/field: step "contract" asks about "vat_numbr", which is not one of the template\'s fields',
      '/config/interview/steps/0/questions/2/askWhen: step "contract": the question "headcount" is asked on the answer to "has_staff", which is not one of the template\'s fields',
      '/config/interview/steps/0/questions/2/rules/0: step "contract": min of the integer field "headcount" must be a number, not "2020-01-01"',
      '/config/interview/steps/0/questions/2/rules/1: step "contract": maxLength applies to string, text, email or url fields; "headcount" is an integer field',
      '/config/interview/steps/0/rules/0: step "contract": the rule notBefore compares date fields; "headcount" is an integer field',
    ])
      expect(detail).toContain(expected);
  });

  it('refuses PUT …/config of an interview that does not fit the document’s fields, and a retype that breaks a rule', async () => {
    const id = (await api.post('/v1/documents', { templateId: 'ruled' })).body.document.id;
    const misfit = await api.put(`/v1/documents/${id}/config`, { interview: MISFIT_INTERVIEW });
    expect(misfit.status).toBe(422);
    expect(misfit.body.detail).toContain('interview step "contract" asks about "vat_numbr"');
    expect(misfit.body.detail).toContain('"headcount" is an integer field');
    const retype = await api.put(`/v1/documents/${id}/config`, { fields: { headcount: { valueType: 'string' } } });
    expect(retype.status).toBe(422);
    expect(retype.body.detail).toBe('interview step "contract": min applies to number, integer and date fields; "headcount" is a string field');
    const config = (await api.get(`/v1/documents/${id}/config`)).body;
    expect(config.fields.headcount.valueType).toBe('integer');
    expect(config.interview.steps[0].rules).toEqual([{ rule: 'notBefore', field: 'ends_on', other: 'starts_on' }]);
  });

  it('checks the DPIA’s retention period and assessment date by its declared rules', async () => {
    const base = {
      controller_name: 'C',
      processing_name: 'P',
      processing_purpose: 'P',
      data_categories: 'd',
      data_subjects: 's',
      lawful_basis: 'contract',
    };
    const id = (await api.post('/v1/documents', { templateId: 'gdpr-dpia', fields: { ...base, retention_months: -1, assessment_date: '2017-01-01' } })).body
      .document.id;
    const gaps = (await api.get(`/v1/documents/${id}/readiness`)).body.gaps as Array<{ kind: string; key: string; message: string }>;
    expect(gaps.filter((g) => g.kind === 'field_rule_broken').map((g) => g.key)).toEqual(['retention_months', 'assessment_date']);
    expect(gaps.find((g) => g.key === 'retention_months')?.message).toContain('cannot be negative');
  });
});
