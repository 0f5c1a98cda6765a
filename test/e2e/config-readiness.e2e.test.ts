/** Config (get/put, atomic), readiness (each gap kind), computed values and Jinja tidy, on every dialect. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

describeEachDialect('config, readiness, computed', (dialect) => {
  let server: TestServer;
  let api: Api;
  let globex: Api;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    globex = api.as('globex');
    await createTemplate(api, {
      slug: 'cfg',
      title: 'Config',
      fields: [
        { key: 'client', isRequired: true },
        { key: 'amount', valueType: 'number' },
        { key: 'due', valueType: 'date' },
      ],
      sections: [{ key: 'intro', title: 'Intro' }],
    });
  });
  afterAll(async () => server?.close());

  const newDocument = async (slug = 'cfg'): Promise<string> => (await api.post('/v1/documents', { templateId: slug })).body.document.id;

  describe('config', () => {
    it('returns every group with resolved defaults, on documents and templates', async () => {
      const id = await newDocument();
      const config = (await api.get(`/v1/documents/${id}/config`)).body;
      expect(Object.keys(config)).toEqual([
        'models',
        'synthesis',
        'coordination',
        'decisions',
        'interview',
        'brief',
        'voice',
        'verify',
        'render',
        'tools',
        'fields',
        'sections',
      ]);
      expect(config.render).toMatchObject({ pageSize: 'A4', fontSize: 11, pageNumbers: true });
      expect(config.fields.amount).toMatchObject({ valueType: 'number', value: '' });
      expect(config.sections.intro).toMatchObject({ title: 'Intro', render_mode: 'synthesized' });
      const template = (await api.get('/v1/templates/cfg')).body.document.id;
      expect((await api.get(`/v1/documents/${template}/config`)).status).toBe(200);
    });

    it('merges only the groups and keys sent; null resets a key to its default', async () => {
      const id = await newDocument();
      await api.put(`/v1/documents/${id}/config`, { render: { pageSize: 'Letter', margins: { top: 10 } }, brief: { text: 'Board memo' } });
      const second = await api.put(`/v1/documents/${id}/config`, { render: { fontSize: 12 } });
      expect(second.status).toBe(200);
      expect(second.body.render).toMatchObject({ pageSize: 'Letter', fontSize: 12, margins: { top: 10, right: 25, bottom: 25, left: 25 } });
      expect(second.body.brief.text).toBe('Board memo');
      const reset = await api.put(`/v1/documents/${id}/config`, { render: { pageSize: null } });
      expect(reset.body.render.pageSize).toBe('A4');
      const viaGroups = await api.put(`/v1/documents/${id}/config`, {
        fields: { amount: { isRequired: true, label: 'Amount' } },
        sections: { intro: { render_mode: 'templated', output_template: 'Hi' } },
      });
      expect(viaGroups.body.fields.amount).toMatchObject({ isRequired: true, label: 'Amount' });
      expect(viaGroups.body.sections.intro).toMatchObject({ render_mode: 'templated', output_template: 'Hi' });
    });

    it('is atomic: one bad key anywhere gives 422 and changes nothing', async () => {
      const id = await newDocument();
      const before = (await api.get(`/v1/documents/${id}/config`)).body;
      for (const body of [
        { render: { pageSize: 'A5' } },
        { render: { pageSize: 'Letter' }, brief: { mood: 'happy' } },
        { brief: { text: 'ok' }, palette: {} },
        { render: { fontSize: 'big' } },
        { sections: { nope: { title: 'x' } }, brief: { text: 'ok' } },
        { fields: { amount: { valueType: 'money' } } },
        {},
      ]) {
        const response = await api.put(`/v1/documents/${id}/config`, body);
        expect(response.status, JSON.stringify(body)).toBe(422);
        expect(typeof response.body.detail).toBe('string');
      }
      expect((await api.get(`/v1/documents/${id}/config`)).body).toEqual(before);
      expect((await globex.put(`/v1/documents/${id}/config`, { brief: { text: 'x' } })).status).toBe(404);
      expect((await globex.get(`/v1/documents/${id}/config`)).status).toBe(404);
    });

    it('accepts run concurrency up to 64 for data-needs and for sections, and refuses 65 or 0 naming the key (issue #17)', async () => {
      const id = await newDocument();
      const raised = await api.put(`/v1/documents/${id}/config`, { coordination: { maxConcurrency: 64 }, render: { concurrency: 64 } });
      expect(raised.status, JSON.stringify(raised.body)).toBe(200);
      expect(raised.body.coordination.maxConcurrency).toBe(64);
      expect(raised.body.render.concurrency).toBe(64);
      const before = (await api.get(`/v1/documents/${id}/config`)).body;
      for (const body of [
        { coordination: { maxConcurrency: 65 } },
        { render: { concurrency: 65 } },
        { render: { concurrency: 0 } },
        { coordination: { maxConcurrency: 8.5 } },
      ]) {
        const response = await api.put(`/v1/documents/${id}/config`, body);
        expect(response.status, JSON.stringify(body)).toBe(422);
        expect(response.body.detail).toMatch(/maxConcurrency|concurrency/);
      }
      expect((await api.get(`/v1/documents/${id}/config`)).body).toEqual(before);
    });
  });

  describe('readiness', () => {
    it('finds each gap kind on a purpose-built document, and is ready once they are fixed', async () => {
      const template = await createTemplate(api, {
        slug: 'gaps',
        title: 'Gaps',
        fields: [
          { key: 'client', label: 'Client', isRequired: true },
          { key: 'amount', valueType: 'number', value: 'twelve' },
          { key: 'source_field', valueType: 'string' },
        ],
        sections: [
          { key: 'uses_unknown', title: 'Uses unknown', render_mode: 'templated', output_template: '{{ client }} owes {{ mystery_value }}' },
          { key: 'fine', title: 'Fine', render_mode: 'templated', output_template: '{{ client }} {{ computed.x }} {{ from_need }}' },
        ],
        dataNeeds: [
          { output_key: 'from_need', kind: 'field', args_json: { field: 'source_field' } },
          { output_key: 'downstream', kind: 'template', args_json: { expression: 'from_need' }, depends_on: ['from_need'] },
        ],
        // `computed.x` must name a computation (issue #11): the "fine" section reads this one.
        config: { coordination: { computations: { x: '1 + 1' } } },
      });
      const id = (await api.post('/v1/documents', { templateId: template.document.id })).body.document.id;
      // A broken template cannot be saved through the API, so break one straight in the database
      // to prove readiness reports it rather than crashing.
      await api.post(`/v1/documents/${id}/sections`, { title: 'Broken', render_mode: 'templated', output_template: 'ok' });
      await server.store.db.updateTable('sections').set({ output_template: '{% if %}' }).where('document_id', '=', id).where('title', '=', 'Broken').execute();

      const readiness = (await api.get(`/v1/documents/${id}/readiness`)).body;
      expect(readiness.generation_should_proceed).toBe(false);
      expect(readiness.ui_state).toBe('blocked');
      const kinds = readiness.gaps.map((g: { kind: string; key?: string }) => `${g.kind}:${g.key ?? ''}`);
      expect(kinds).toEqual(
        expect.arrayContaining([
          'required_field_missing:client',
          'field_type_invalid:amount',
          'data_need_unmet:from_need',
          'data_need_unmet:downstream',
          'template_variable_unprovided:mystery_value',
          'template_syntax_error:',
        ]),
      );
      for (const gap of readiness.gaps) {
        expect(typeof gap.message).toBe('string');
        expect(gap.subjectId).toMatch(/^(fld|sec|dn)_/);
      }

      await api.put(`/v1/documents/${id}/fields`, { fields: { client: 'Acme', amount: '12', source_field: 'x', mystery_value: '5' } });
      const broken = (await api.get(`/v1/documents/${id}/sections`)).body.find((s: { title: string }) => s.title === 'Broken');
      await api.delete(`/v1/documents/${id}/sections/${broken.id}`);
      const fixed = (await api.get(`/v1/documents/${id}/readiness`)).body;
      expect(fixed).toEqual({ generation_should_proceed: true, ui_state: 'ready', gaps: [] });
    });

    it('a document whose only gaps are missing values needs input, not a fix', async () => {
      const id = await newDocument();
      const readiness = (await api.get(`/v1/documents/${id}/readiness`)).body;
      expect(readiness.ui_state).toBe('needs_input');
      expect((await globex.get(`/v1/documents/${id}/readiness`)).status).toBe(404);
    });
  });

  describe('computed', () => {
    it('evaluates the named computations over persisted gathered rows and fields, never calling a tool', async () => {
      const template = await createTemplate(api, {
        slug: 'calc',
        title: 'Calc',
        fields: [{ key: 'net', valueType: 'number', value: '100' }],
        dataNeeds: [{ output_key: 'rate', kind: 'static', args_json: { value: 0.2 } }],
        config: { coordination: { computations: { gross: '$number(fields.net) * (1 + gathered.rate)', stamp: '$now()' } } },
      });
      const id = (await api.post('/v1/documents', { templateId: template.document.id })).body.document.id;
      const empty = (await api.get(`/v1/documents/${id}/computed`)).body;
      expect(empty.fns).toEqual({ gross: '$number(fields.net) * (1 + gathered.rate)', stamp: '$now()' });
      expect(empty.readiness.notGathered).toEqual(['rate']);
      expect(empty.readiness.complete).toBe(false);

      await server.store.db
        .insertInto('gathered_values')
        .values({
          id: 'gv_1',
          org_id: await orgId(server, 'acme'),
          document_id: id,
          data_need_id: null,
          output_key: 'rate',
          kind: 'static',
          value_json: '0.2',
          source_json: null,
          inputs_hash: 'h',
          run_id: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      const computed = (await api.get(`/v1/documents/${id}/computed`)).body;
      expect(computed.computed.gross).toBe(120);
      expect(computed.readiness).toMatchObject({ complete: true, notGathered: [] });
      expect((await api.get(`/v1/documents/${id}/computed`)).body.computed.stamp).toBe(computed.computed.stamp);
      expect((await globex.get(`/v1/documents/${id}/computed`)).status).toBe(404);
      expect((await api.get('/v1/documents/doc_missing/computed')).status).toBe(404);
    });
  });

  describe('jinja tidy', () => {
    it('re-indents block tags without changing the output, and refuses a template that does not parse', async () => {
      const template = '{% for x in xs %}\n{% if x %}\n{{ x }}\n{% endif %}\n{% endfor %}';
      const tidied = await api.post('/v1/jinja/tidy', { template });
      expect(tidied.body.tidied).toBe('{% for x in xs %}\n  {% if x %}\n{{ x }}\n  {% endif %}\n{% endfor %}');
      expect((await api.post('/v1/jinja/tidy', { template: '{% if %}' })).status).toBe(422);
      expect((await api.post('/v1/jinja/tidy', {})).status).toBe(422);
    });
  });
});

async function orgId(server: TestServer, slug: string): Promise<string> {
  const row = await server.store.db.selectFrom('organizations').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  return row.id;
}
