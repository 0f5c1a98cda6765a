/**
 * Guided questions through the API (issue 33, item 3): a template declares steps and a condition,
 * readiness honours it (a required field not asked is not a gap; once asked it is), a bad
 * interview is refused with every problem, and the built-in DPIA asks its conditional questions.
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

describeOneDialect('guided questions', (dialect) => {
  let server: TestServer;
  let api: Api;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    await createTemplate(api, GUIDED);
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
});
