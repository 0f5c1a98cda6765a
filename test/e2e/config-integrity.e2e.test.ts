/**
 * Issue #11, symptom 5 — "config accepted that cannot work", over real HTTP on every dialect:
 * a computations map in `PUT /config` merges by key (null removes one); computations are
 * compiled on `PUT /config`, template create/replace and spec PUT (a parse error or a
 * non-deterministic function is a 422 naming the key); readiness reports a computation that
 * fails to evaluate and a template that reads a computation, field or data-need that is not there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const MEMO_FIELDS = {
  vendor_name: 'Initech Cloud',
  service_description: 'hosted payroll processing',
  data_classification: 'confidential',
  has_soc2: 'true',
  has_iso27001: 'false',
  reviewer: 'Sam Reviewer',
};

interface Gap {
  kind: string;
  key?: string;
  message: string;
  blocking: boolean;
  subjectType: string;
  subjectId: string;
  needsInput?: boolean;
}

describeEachDialect('config integrity (issue #11)', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    api = await apiFor(server);
  });
  afterAll(async () => server?.close());

  const newMemo = async (): Promise<string> => {
    const created = await api.post('/v1/documents', { templateId: 'vendor-security-memo', fields: MEMO_FIELDS });
    expect(created.status).toBe(201);
    return created.body.document.id;
  };
  const computationsOf = async (id: string, group = 'coordination') => (await api.get(`/v1/documents/${id}/config`)).body[group].computations;
  const gapsOf = async (id: string): Promise<Gap[]> => (await api.get(`/v1/documents/${id}/readiness`)).body.gaps;

  describe('PUT /config merges computations by key', () => {
    it("adds a computation beside the template's own, and null removes only that one", async () => {
      const id = await newMemo();
      const added = await api.put(`/v1/documents/${id}/config`, { coordination: { computations: { doubled: '2 * 2' } } });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(Object.keys(added.body.coordination.computations).sort()).toEqual(['certified', 'doubled', 'pentest_age_months', 'sensitive']);

      const removed = await api.put(`/v1/documents/${id}/config`, { coordination: { computations: { sensitive: null } } });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect(Object.keys(removed.body.coordination.computations).sort()).toEqual(['certified', 'doubled', 'pentest_age_months']);

      const replaced = await api.put(`/v1/documents/${id}/config`, { coordination: { computations: { doubled: '3 * 2' } } });
      expect(replaced.body.coordination.computations).toEqual({
        certified: "fields.has_soc2 = 'true' or fields.has_iso27001 = 'true'",
        doubled: '3 * 2',
        pentest_age_months: expect.any(String),
      });
    });

    it('merges synthesis.computations the same way', async () => {
      const id = await newMemo();
      await api.put(`/v1/documents/${id}/config`, { synthesis: { computations: { a: '1', b: '2' } } });
      const merged = await api.put(`/v1/documents/${id}/config`, { synthesis: { computations: { c: '3', a: null } } });
      expect(merged.status, JSON.stringify(merged.body)).toBe(200);
      expect(merged.body.synthesis.computations).toEqual({ b: '2', c: '3' });
      expect(Object.keys(await computationsOf(id))).toEqual(['certified', 'sensitive', 'pentest_age_months']);
    });

    it('the generated document still says "Met" after a PUT adds another computation', async () => {
      const id = await newMemo();
      expect((await api.put(`/v1/documents/${id}/config`, { coordination: { computations: { extra: '1 + 1' } } })).status).toBe(200);
      expect((await api.get(`/v1/documents/${id}/readiness`)).body.ui_state).toBe('ready');
      expect((await api.post(`/v1/documents/${id}/generate`, {})).status).toBe(200);
      const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token, { org: 'acme' });
      expect(events.at(-1)?.event, JSON.stringify(events.at(-1))).toBe('pipeline_finished');
      const controls = (await api.get(`/v1/documents/${id}/sections`)).body.find((s: { key: string }) => s.key === 'controls');
      // The assurance rule reads computed.certified (through its decision): still met.
      expect(controls.content).toContain(
        '| Independent assurance (SOC 2 Type II or ISO/IEC 27001) | Holds SOC 2 Type II, no ISO/IEC 27001 certificate | Met |',
      );
    });
  });

  describe('PUT /config compiles computations', () => {
    it('refuses one that does not parse with 422 naming the key and the parse error, changing nothing', async () => {
      const id = await newMemo();
      const before = (await api.get(`/v1/documents/${id}/config`)).body;
      const response = await api.put(`/v1/documents/${id}/config`, { coordination: { computations: { broken: '((' } }, brief: { text: 'changed' } });
      expect(response.status).toBe(422);
      expect(response.body.detail).toContain('coordination.computations.broken');
      expect(response.body.detail).toContain('Expected ")"');
      const synthesis = await api.put(`/v1/documents/${id}/config`, { synthesis: { computations: { half: 'fields.x +' } } });
      expect(synthesis.status).toBe(422);
      expect(synthesis.body.detail).toContain('synthesis.computations.half');
      expect((await api.get(`/v1/documents/${id}/config`)).body).toEqual(before);
    });

    it('refuses non-deterministic functions naming the key and the function; the pinned $now() and $millis() are allowed', async () => {
      const id = await newMemo();
      for (const [key, source, fn] of [
        ['dice', '$random()', '$random'],
        ['order', '$shuffle([1, 2, 3])', '$shuffle'],
        ['ident', '$uuid()', '$uuid'],
        ['later', '$round($random() * 10)', '$random'],
      ] as const) {
        const response = await api.put(`/v1/documents/${id}/config`, { coordination: { computations: { [key]: source } } });
        expect(response.status, source).toBe(422);
        expect(response.body.detail, source).toContain(`coordination.computations.${key}`);
        expect(response.body.detail, source).toContain(fn);
      }
      expect(Object.keys(await computationsOf(id)).sort()).toEqual(['certified', 'pentest_age_months', 'sensitive']);
      const pinned = await api.put(`/v1/documents/${id}/config`, { coordination: { computations: { stamp: '$now()', ms: '$millis()' } } });
      expect(pinned.status, JSON.stringify(pinned.body)).toBe(200);
      const computed = (await api.get(`/v1/documents/${id}/computed`)).body;
      expect(computed.readiness.errors).toEqual({});
      expect(typeof computed.computed.stamp).toBe('string');
    });
  });

  describe('templates compile computations', () => {
    const spec = (slug: string, computations: Record<string, string>) => ({
      slug,
      title: `Template ${slug}`,
      fields: [{ key: 'amount', valueType: 'number', value: '10' }],
      config: { coordination: { computations } },
      sections: [{ key: 'body', title: 'Body', render_mode: 'templated', output_template: '{{ amount }}' }],
    });

    it('POST /v1/templates refuses a computation that does not parse or is not deterministic (422 naming the key)', async () => {
      const bad = await api.post('/v1/templates', spec('calc-bad', { total: '$number(fields.amount) *' }));
      expect(bad.status).toBe(422);
      expect(bad.body.detail).toContain('computations/total');
      const random = await api.post('/v1/templates', spec('calc-random', { pick: '$random()' }));
      expect(random.status).toBe(422);
      expect(random.body.detail).toContain('computations/pick');
      expect(random.body.detail).toContain('$random');
      const dryRun = await api.post('/v1/templates?dry_run=true', spec('calc-dry', { pick: '$random()' }));
      expect(dryRun.status).toBe(200);
      expect(dryRun.body.report.valid).toBe(false);
      expect(dryRun.body.report.errors).toEqual([expect.objectContaining({ path: '/config/coordination/computations/pick' })]);
      for (const slug of ['calc-bad', 'calc-random', 'calc-dry']) expect((await api.get(`/v1/templates/${slug}`)).status).toBe(404);
    });

    it('PUT /v1/templates/{slug} and PUT /spec refuse a bad computation and keep the old ones', async () => {
      const template = await createTemplate(api, spec('calc-ok', { total: '$number(fields.amount) * 2' }));
      const replaced = await api.put('/v1/templates/calc-ok', spec('calc-ok', { total: '((' }));
      expect(replaced.status).toBe(422);
      expect(replaced.body.detail).toContain('computations/total');
      const viaSpec = await api.put(`/v1/documents/${template.document.id}/spec`, spec('calc-ok', { total: '$random()' }));
      expect(viaSpec.status).toBe(422);
      expect(viaSpec.body.detail).toContain('$random');
      expect(await computationsOf(template.document.id)).toEqual({ total: '$number(fields.amount) * 2' });
    });
  });

  describe('readiness', () => {
    it('reports a computation that fails to evaluate, naming the key and the error, and is ready once it evaluates', async () => {
      const template = await createTemplate(api, {
        slug: 'calc-eval',
        title: 'Calc eval',
        fields: [{ key: 'label', value: 'seven' }],
        config: { coordination: { computations: { next: '$number(fields.label) + 1' } } },
        sections: [{ key: 'body', title: 'Body', render_mode: 'templated', output_template: '{{ computed.next }}' }],
      });
      const id = (await api.post('/v1/documents', { templateId: template.document.id })).body.document.id;
      const readiness = (await api.get(`/v1/documents/${id}/readiness`)).body;
      expect(readiness.generation_should_proceed).toBe(false);
      expect(readiness.ui_state).toBe('blocked');
      const gap = readiness.gaps.find((g: Gap) => g.kind === 'computation_failed');
      expect(gap).toMatchObject({ key: 'next', subjectType: 'computation', blocking: true });
      expect(gap.message).toContain('"next"');
      expect(gap.message).toContain('Unable to cast value to a number: "seven"');

      await api.put(`/v1/documents/${id}/fields`, { fields: { label: '7' } });
      expect((await api.get(`/v1/documents/${id}/readiness`)).body).toEqual({ generation_should_proceed: true, ui_state: 'ready', gaps: [] });
    });

    it('reports a stored computation that does not parse instead of staying ready', async () => {
      const id = await newMemo();
      const row = await server.store.db.selectFrom('documents').select('config_json').where('id', '=', id).executeTakeFirstOrThrow();
      const config = JSON.parse(row.config_json) as { coordination: { computations: Record<string, string> } };
      config.coordination.computations.certified = '((';
      await server.store.db
        .updateTable('documents')
        .set({ config_json: JSON.stringify(config) })
        .where('id', '=', id)
        .execute();
      const readiness = (await api.get(`/v1/documents/${id}/readiness`)).body;
      expect(readiness.ui_state).toBe('blocked');
      expect(readiness.gaps).toEqual([expect.objectContaining({ kind: 'computation_failed', key: 'certified', blocking: true })]);
      expect(readiness.gaps[0].message).toContain('Expected ")"');
    });

    it('a computation failing only because a field is empty needs input, not a fix', async () => {
      const created = await api.post('/v1/documents', { templateId: 'gdpr-dpia' });
      const readiness = (await api.get(`/v1/documents/${created.body.document.id}/readiness`)).body;
      expect(readiness.ui_state).toBe('needs_input');
      expect(readiness.gaps).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: 'computation_failed', key: 'retention_years', needsInput: true })]),
      );
    });

    it('reports a template that reads a computation removed from the config (the "Not met" document)', async () => {
      const id = await newMemo();
      expect((await api.get(`/v1/documents/${id}/readiness`)).body.ui_state).toBe('ready');
      expect((await api.put(`/v1/documents/${id}/config`, { coordination: { computations: { pentest_age_months: null } } })).status).toBe(200);
      const readiness = (await api.get(`/v1/documents/${id}/readiness`)).body;
      expect(readiness.generation_should_proceed).toBe(false);
      const gap = readiness.gaps.find((g: Gap) => g.kind === 'template_variable_unprovided');
      expect(gap).toMatchObject({ key: 'computed.pentest_age_months', subjectType: 'section', blocking: true });
      expect(gap.message).toContain('Control assessment');
    });

    it('reports templates that read undefined names: bare names, fields.x, gathered.x and computed.x', async () => {
      const template = await createTemplate(api, {
        slug: 'undefined-names',
        title: 'Undefined names',
        fields: [{ key: 'client', value: 'Acme' }],
        dataNeeds: [{ output_key: 'rate', kind: 'static', args_json: { value: 0.2 } }],
        config: { coordination: { computations: { total: '1 + 1' } } },
        sections: [
          {
            key: 'good',
            title: 'Good',
            render_mode: 'templated',
            output_template: '{{ client }} {{ fields.client }} {{ gathered.rate }} {{ computed.total }} {{ computed["total"] }}',
          },
          {
            key: 'bad',
            title: 'Bad',
            render_mode: 'templated',
            output_template:
              '{{ nobody }} {{ fields.nothing }} {{ gathered.nowhere }} {{ computed.never }}{% for computed in [1] %}{{ computed.shadowed }}{% endfor %}',
          },
        ],
      });
      const id = (await api.post('/v1/documents', { templateId: template.document.id })).body.document.id;
      const gaps = await gapsOf(id);
      expect(gaps.map((g) => `${g.kind}:${g.key}`).sort()).toEqual(
        ['computed.never', 'fields.nothing', 'gathered.nowhere', 'nobody'].map((key) => `template_variable_unprovided:${key}`),
      );
      for (const gap of gaps) expect(gap.message).toContain('Section "Bad"');
    });
  });
});
