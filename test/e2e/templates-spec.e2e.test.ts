/**
 * Templates and the authoring spec on every dialect: catalog, compile (dry run writes
 * nothing), replace, spec round trip of each built-in, YAML, config schema.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { countRows } from '../support/rows.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const BUILT_INS = ['gdpr-dpia', 'vendor-security-memo', 'engagement-letter'];

const SPEC = {
  slug: 'nda',
  title: 'Mutual NDA',
  description: 'Two-way confidentiality agreement',
  fields: [
    { key: 'party_a', label: 'First party', isRequired: true },
    { key: 'term_years', valueType: 'integer', value: '2' },
  ],
  sections: [
    { key: 'parties', title: 'Parties', render_mode: 'templated', output_type: 'markdown', output_template: '{{ party_a }} and the other party' },
    { title: 'Obligations', prompt: 'Describe confidentiality obligations' },
  ],
  dataNeeds: [{ output_key: 'years', kind: 'field', args_json: { field: 'term_years' } }],
  config: { render: { pageSize: 'Letter' } },
};

describeEachDialect('templates and specs', (dialect) => {
  let server: TestServer;
  let api: Api;
  let globex: Api;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    globex = api.as('globex');
  });
  afterAll(async () => server?.close());

  it('seeds the three built-in templates in both organizations, with typed fields and both render modes', async () => {
    for (const org of [api, globex]) {
      const list = await org.get('/v1/templates');
      expect(list.body.map((t: { slug: string }) => t.slug)).toEqual(expect.arrayContaining(BUILT_INS));
    }
    for (const slug of BUILT_INS) {
      const detail = (await api.get(`/v1/templates/${slug}`)).body;
      expect(detail.document.isTemplate).toBe(true);
      const modes = new Set(detail.sections.map((s: { render_mode: string }) => s.render_mode));
      expect(modes).toEqual(new Set(['templated', 'synthesized']));
      expect(new Set(detail.fields.map((f: { valueType: string }) => f.valueType)).size).toBeGreaterThan(3);
      expect(detail.dataNeeds.length).toBeGreaterThan(0);
    }
  });

  it('compiles a spec into a template (201) with a report, and the template is usable', async () => {
    const created = await api.post('/v1/templates', SPEC);
    expect(created.status).toBe(201);
    expect(created.body.report).toMatchObject({ valid: true, errors: [], summary: { fields: 2, sections: 2, dataNeeds: 1 } });
    expect(created.body.template.sections.map((s: { key: string }) => s.key)).toEqual(['parties', 'obligations']);
    expect((await api.get('/v1/templates/nda')).status).toBe(200);
    expect((await api.get(`/v1/documents/${created.body.template.document.id}/config`)).body.render.pageSize).toBe('Letter');
    const doc = await api.post('/v1/documents', { templateId: 'nda', fields: { party_a: 'Acme' } });
    expect(doc.status).toBe(201);
  });

  it('a slug that exists only in another organization is 404', async () => {
    await globex.post('/v1/templates', { ...SPEC, slug: 'globex-only' });
    expect((await globex.get('/v1/templates/globex-only')).status).toBe(200);
    expect((await api.get('/v1/templates/globex-only')).status).toBe(404);
    expect((await api.put('/v1/templates/globex-only', { ...SPEC, slug: 'globex-only', title: 'Hijack' })).status).toBe(404);
    expect((await globex.get('/v1/templates/globex-only')).body.document.title).toBe('Mutual NDA');
  });

  it('dry_run validates and reports without writing anything', async () => {
    const before = await countRows(server);
    const ok = await api.post('/v1/templates?dry_run=true', { ...SPEC, slug: 'dry' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ dryRun: true, template: null, report: { valid: true } });
    const bad = await api.post('/v1/templates?dry_run=true', { ...SPEC, slug: 'dry', sections: [{ title: 'T', render_mode: 'templated' }] });
    expect(bad.status).toBe(200);
    expect(bad.body.report.valid).toBe(false);
    expect(bad.body.report.errors[0].path).toBe('/sections/0/output_template');
    expect(await countRows(server)).toEqual(before);
    expect((await api.get('/v1/templates/dry')).status).toBe(404);
  });

  it('refuses an invalid spec with 422 naming each problem, and a taken slug with 409, writing nothing', async () => {
    const before = await countRows(server);
    const invalid = await api.post('/v1/templates', {
      ...SPEC,
      slug: 'bad',
      fields: [{ key: 'a b' }],
      dataNeeds: [
        { output_key: 'x', kind: 'static', args_json: { value: 1 }, depends_on: ['y'] },
        { output_key: 'y', kind: 'static', args_json: { value: 1 }, depends_on: ['x'] },
      ],
      config: { colours: { a: 1 } },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail).toMatch(/fields\/0\/key/);
    expect(invalid.body.detail).toMatch(/cycle/);
    expect(invalid.body.detail).toMatch(/unknown config group/);
    expect((await api.post('/v1/templates', { title: 'No slug' })).status).toBe(422);
    expect((await api.post('/v1/templates', { slug: 'x', title: 'T', extra: true })).status).toBe(422);
    expect((await api.post('/v1/templates', SPEC)).status).toBe(409);
    expect(await countRows(server)).toEqual(before);
  });

  it('accepts a spec as YAML', async () => {
    const yaml = [
      'slug: yaml-memo',
      'title: YAML memo',
      'fields:',
      '  - key: topic',
      '    isRequired: true',
      'sections:',
      '  - title: Body',
      '    render_mode: templated',
      '    output_template: "About {{ topic }}"',
    ].join('\n');
    const created = await api.request('POST', '/v1/templates', undefined, { 'content-type': 'application/yaml' });
    expect(created.status).toBe(422); // an empty YAML body is not a spec
    const response = await server.call('POST', '/v1/templates', {
      token: await server.login(),
      rawBody: yaml,
      headers: { 'content-type': 'application/yaml' },
    });
    expect(response.status).toBe(201);
    const bad = await server.call('POST', '/v1/templates', {
      token: await server.login(),
      rawBody: 'slug: [unclosed',
      headers: { 'content-type': 'application/yaml' },
    });
    expect(bad.status).toBe(422);
  });

  it('replaces a template from a spec (PUT /v1/templates/{slug})', async () => {
    await api.post('/v1/templates', { ...SPEC, slug: 'replace-me' });
    const replaced = await api.put('/v1/templates/replace-me', {
      ...SPEC,
      slug: 'replace-me',
      title: 'Replaced',
      fields: [{ key: 'party_a', label: 'Party', isRequired: true }],
      sections: [{ key: 'obligations', title: 'Obligations', prompt: 'New prompt' }],
      dataNeeds: [],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.template.document.title).toBe('Replaced');
    expect(replaced.body.template.fields.map((f: { key: string }) => f.key)).toEqual(['party_a']);
    expect(replaced.body.template.sections.map((s: { key: string; prompt: string }) => [s.key, s.prompt])).toEqual([['obligations', 'New prompt']]);
    expect((await api.put('/v1/templates/replace-me', { ...SPEC, slug: 'other-slug' })).status).toBe(422);
    expect((await api.put('/v1/templates/nope', SPEC)).status).toBe(404);
  });

  it('GET /spec → PUT /spec with the same body changes nothing, for each built-in template and an instance', async () => {
    const instance = (await api.post('/v1/documents', { templateId: 'gdpr-dpia', fields: { controller_name: 'Acme' } })).body.document.id;
    const ids = [...(await Promise.all(BUILT_INS.map(async (slug) => (await api.get(`/v1/templates/${slug}`)).body.document.id))), instance];
    for (const id of ids) {
      const spec = (await api.get(`/v1/documents/${id}/spec`)).body;
      const before = (await api.get(`/v1/documents/${id}`)).body;
      const rows = await countRows(server);
      const put = await api.put(`/v1/documents/${id}/spec`, spec);
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const after = (await api.get(`/v1/documents/${id}`)).body;
      expect(after.document.updatedAt).toBe(before.document.updatedAt);
      expect(after.sections).toEqual(before.sections);
      expect(after.fields).toEqual(before.fields);
      expect(after.dataNeeds).toEqual(before.dataNeeds);
      expect(await countRows(server)).toEqual(rows);
      expect((await api.get(`/v1/documents/${id}/spec`)).body).toEqual(spec);
    }
  });

  it('PUT /spec syncs sections, fields and data-needs to the desired state in one transaction', async () => {
    const id = (await api.post('/v1/documents', { templateId: 'nda' })).body.document.id;
    const spec = (await api.get(`/v1/documents/${id}/spec`)).body;
    const keptSection = (await api.get(`/v1/documents/${id}/sections`)).body.find((s: { key: string }) => s.key === 'obligations');
    spec.sections = [
      spec.sections[1],
      { key: 'remedies', title: 'Remedies', render_mode: 'synthesized', output_type: 'markdown', prompt: 'Remedies', output_template: null },
    ];
    spec.fields.push({ key: 'party_b', label: 'Second party', description: null, valueType: 'string', isRequired: true, value: '', options: null });
    spec.dataNeeds = [];
    const put = await api.put(`/v1/documents/${id}/spec`, spec);
    expect(put.status).toBe(200);
    expect(put.body.sections.map((s: { key: string }) => s.key)).toEqual(['obligations', 'remedies']);
    expect(put.body.sections[0].id).toBe(keptSection.id);
    expect(put.body.fields.map((f: { key: string }) => f.key)).toEqual(['party_a', 'term_years', 'party_b']);
    expect(put.body.dataNeeds).toEqual([]);
    const broken = { ...spec, sections: [{ title: 'T', render_mode: 'templated', output_template: '{% for %}' }] };
    const before = (await api.get(`/v1/documents/${id}`)).body;
    expect((await api.put(`/v1/documents/${id}/spec`, broken)).status).toBe(422);
    expect((await api.get(`/v1/documents/${id}`)).body).toEqual(before);
    expect((await globex.get(`/v1/documents/${id}/spec`)).status).toBe(404);
    expect((await globex.put(`/v1/documents/${id}/spec`, spec)).status).toBe(404);
  });

  it('serves the JSON Schema of the spec and the config group keys', async () => {
    const schema = await api.get('/v1/config-schema');
    expect(schema.body.schema.properties).toHaveProperty('sections');
    expect(Object.keys(schema.body.configGroups)).toEqual([
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
    expect(schema.body.configGroups.render).toContain('pageSize');
    expect(schema.body.configGroups.decisions).toEqual(['items']);
  });
});
