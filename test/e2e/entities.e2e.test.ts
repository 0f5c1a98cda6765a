/**
 * Entities as an organization resource (issue #11) over real HTTP on every dialect: a paged
 * list, get, create, PATCH and DELETE, every refusal a 4xx that changes nothing, another
 * organization's entity 404 everywhere; a rename marks the sections that rendered the entity
 * stale (through the derivation record of the bound snippets) and the next run writes the new
 * name; orchestrate creates the parties it finds as entities once and reuses them by name,
 * binding their ids, never raw names.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { created, uniqueKey } from '../support/library.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const INTAKE = 'We, Umbrella Holdings AG, ask for a review of our personal data processing. Contact: Jane Doe.';

interface WireEntity {
  id: string;
  name: string;
  kind: string | null;
  attributes: Record<string, unknown>;
}

describeEachDialect('entities', (dialect) => {
  let server: TestServer;
  let api: Api;
  let globex: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    globex = api.as('globex');
    token = await server.login();
    await createTemplate(api, {
      slug: 'party-letter',
      title: 'Party letter',
      fields: [{ key: 'topic', value: 'Audit' }],
      config: { verify: { judge: 'deterministic' } },
      sections: [
        {
          key: 'parties',
          title: 'Parties',
          render_mode: 'templated',
          output_template: '{% for s in snippets %}Client: {{ s.entities.client.name }} ({{ s.entities.client.attributes.city }}).{% endfor %}',
        },
        { key: 'topic', title: 'Topic', render_mode: 'templated', output_template: 'About {{ topic }}.' },
      ],
    });
  });
  afterAll(async () => server?.close());

  const entityRows = async () =>
    Number(
      (
        await server.store.db
          .selectFrom('entities')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );

  it("over HTTP: pages with X-Next-Cursor, the schemas' 422s, use-case 422 and 404 with a {detail}, and nothing changes", async () => {
    const names = ['Alpha', 'Beta', 'Gamma'].map((n) => uniqueKey(n));
    const made: WireEntity[] = [];
    for (const name of names) made.push(await created(api, '/v1/entities', { name, kind: 'organization', attributes: { city: 'Berlin' } }));

    // Pages by name: a bare array, the next page's cursor in X-Next-Cursor (API conventions).
    const first = await api.get('/v1/entities?limit=2');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    const listed: string[] = first.body.map((e: WireEntity) => e.name);
    let cursor = first.headers.get('x-next-cursor');
    expect(typeof cursor).toBe('string');
    for (let pages = 0; cursor !== null && pages < 50; pages += 1) {
      const next = await api.get(`/v1/entities?limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(next.status).toBe(200);
      listed.push(...next.body.map((e: WireEntity) => e.name));
      cursor = next.headers.get('x-next-cursor');
    }
    expect(cursor).toBeNull();
    expect(listed.filter((name) => names.includes(name))).toEqual([...names].sort());
    expect((await api.get('/v1/entities?limit=0')).status).toBe(422);

    const patched = await api.patch(`/v1/entities/${made[0].id}`, { name: `${names[0]} Ltd` });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await api.get(`/v1/entities/${made[0].id}`)).body).toEqual(patched.body);
    const before = await entityRows();
    // The schemas' (empty name, nested attribute, unknown key) and the use case's ({}, blank name, reserved attribute).
    for (const body of [{}, { name: '' }, { name: '   ' }, { attributes: { id: 'x' } }, { attributes: { nested: { a: 1 } } }, { colour: 'red' }]) {
      const refused = await api.patch(`/v1/entities/${made[1].id}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.detail).toBeTruthy();
    }
    expect((await api.post('/v1/entities', { name: ' ' })).status).toBe(422);
    expect(await entityRows()).toBe(before);
    expect((await api.get(`/v1/entities/${made[1].id}`)).body).toEqual(made[1]);

    expect((await api.delete(`/v1/entities/${made[2].id}`)).body).toEqual({ ok: true });
    expect((await api.get(`/v1/entities/${made[2].id}`)).status).toBe(404);
    expect((await api.delete(`/v1/entities/${made[2].id}`)).status).toBe(404);
  });

  it("another organization's entity is 404 for get, update and delete, and stays unchanged", async () => {
    const theirs: WireEntity = await created(globex, '/v1/entities', { name: 'Globex Secret Corp' });
    expect((await api.get(`/v1/entities/${theirs.id}`)).status).toBe(404);
    expect((await api.patch(`/v1/entities/${theirs.id}`, { name: 'Hijacked' })).status).toBe(404);
    expect((await api.delete(`/v1/entities/${theirs.id}`)).status).toBe(404);
    expect((await api.get('/v1/entities?limit=200')).body.map((e: WireEntity) => e.id)).not.toContain(theirs.id);
    expect((await globex.get(`/v1/entities/${theirs.id}`)).body).toEqual(theirs);
  });

  it('a rename marks the section that rendered the entity stale, and the next run writes the new name; a bound entity is not deleted', async () => {
    const client: WireEntity = await created(api, '/v1/entities', { name: 'Initech', kind: 'organization', attributes: { city: 'Austin' } });
    const snippet = await created(api, '/v1/snippets', { key: uniqueKey('parties') });
    const id = (await created(api, '/v1/documents', { templateId: 'party-letter' })).document.id as string;
    await created(api, `/v1/documents/${id}/snippets`, { snippetId: snippet.id, entityBindings: { client: client.id } });
    const generate = async () => {
      expect((await api.post(`/v1/documents/${id}/generate`, {})).status).toBe(200);
      const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token, { org: 'acme' });
      expect(events.at(-1)?.event, JSON.stringify(events.at(-1))).toBe('pipeline_finished');
    };
    const sections = async () =>
      Object.fromEntries(
        (
          (await api.get(`/v1/documents/${id}`)).body.sections as Array<{ key: string; content: string; staleBecause: Array<{ cause: string; path: string }> }>
        ).map((s) => [s.key, s]),
      );
    await generate();
    expect((await sections()).parties.content).toBe('Client: Initech (Austin).');

    expect((await api.patch(`/v1/entities/${client.id}`, { name: 'Initrode' })).status).toBe(200);
    const stale = await sections();
    expect(stale.parties.staleBecause).toEqual([{ cause: 'library', path: `snippets.${snippet.key}` }]);
    expect(stale.topic.staleBecause).toEqual([]);
    await generate();
    const current = await sections();
    expect(current.parties).toMatchObject({ content: 'Client: Initrode (Austin).', staleBecause: [] });

    const refused = await api.delete(`/v1/entities/${client.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toContain(id);
    expect((await api.get(`/v1/entities/${client.id}`)).body.name).toBe('Initrode');
  });

  it('orchestrate creates the parties it finds as entities once, reuses them by name, and binds their ids', async () => {
    const snippet = await created(api, '/v1/snippets', { key: uniqueKey('engagement') });
    const rule = await api.post('/v1/orchestration-rules', {
      name: uniqueKey('client-party'),
      when: { '!!': [{ var: 'entities.organizations.0' }] },
      then: [{ action: 'bind_snippet', snippetKey: snippet.key, entityBindings: { client: 'entities.organizations.0' } }],
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);

    const orchestrate = async () => {
      const id = (await created(api, '/v1/documents', { templateId: 'party-letter' })).document.id as string;
      const response = await api.post(`/v1/documents/${id}/orchestrate`, { source_text: INTAKE });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body as {
        entities: Array<WireEntity & { created: boolean }>;
        boundMolecules: Array<{ snippetId: string; entityBindings: Record<string, string> }>;
      };
    };
    const first = await orchestrate();
    const umbrella = first.entities.find((e) => e.name === 'Umbrella Holdings AG');
    expect(umbrella).toMatchObject({ kind: 'organization', created: true });
    const bound = first.boundMolecules.find((b) => b.snippetId === snippet.id);
    expect(bound?.entityBindings).toEqual({ client: umbrella?.id });
    expect((await api.get(`/v1/entities/${umbrella?.id}`)).body).toMatchObject({ name: 'Umbrella Holdings AG', kind: 'organization' });

    const before = await entityRows();
    const second = await orchestrate();
    expect(second.entities.find((e) => e.name === 'Umbrella Holdings AG')).toMatchObject({ id: umbrella?.id, created: false });
    expect(second.boundMolecules.find((b) => b.snippetId === snippet.id)?.entityBindings).toEqual({ client: umbrella?.id });
    expect(await entityRows()).toBe(before);
  });
});
