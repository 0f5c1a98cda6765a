/**
 * The authoring spec's organization entities on every dialect: created by POST /v1/templates
 * (snippets bound to the template), kept with a warning when they exist, refused whole when
 * invalid, round-tripped through GET /spec → PUT /spec without a write, and updated to match
 * in desired-state mode.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrgActor } from '../../src/kernel/actor.js';
import { createContext } from '../../src/modules/context.js';
import { compileSpec } from '../../src/modules/templates/compile-spec.js';
import { syncSpecEntities } from '../../src/modules/templates/spec-entities.js';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { countLibraryRows, uniqueKey } from '../support/library.js';
import { countRows } from '../support/rows.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

interface TestSnippet {
  key: string;
  name: string | null;
  description: string | null;
  items: Array<{ itemType: string; itemKey: string }>;
  bind?: boolean;
  entityBindings?: Record<string, string>;
}

/** A spec whose entities use the given suffix, so every test has its own keys. */
function specWithEntities(slug: string, suffix: string) {
  const snippets: TestSnippet[] = [
    {
      key: `core_${suffix}`,
      name: 'Core clauses',
      description: null,
      items: [
        { itemType: 'text', itemKey: `parties_${suffix}` },
        { itemType: 'risk_block', itemKey: `liability_${suffix}` },
      ],
      bind: true,
      entityBindings: { client: 'org_client' },
    },
    { key: `spare_${suffix}`, name: null, description: null, items: [] },
  ];
  return {
    slug,
    title: 'Services agreement',
    description: null,
    fields: [{ key: 'client_name', isRequired: true }],
    sections: [{ key: 'body', title: 'Body', prompt: 'Write the agreement' }],
    config: { voice: { voiceName: `Plain ${suffix}` } },
    entities: {
      texts: [
        {
          key: `parties_${suffix}`,
          value: 'Parties',
          name: null,
          description: null,
          headingTemplate: 'Between {{ client }}',
          narrativeTemplate: '{{ client }} and us',
          entityRolesUsed: ['client'],
        },
      ],
      riskBlocks: [
        { key: `liability_${suffix}`, heading: 'Liability', template: 'Capped at {{ cap }}', status: 'approved', statutoryRef: null, appliesTo: null },
      ],
      voices: [{ name: `Plain ${suffix}`, description: 'Short sentences', samples: ['We deliver.'] as string[] }],
      snippets,
    },
  };
}

describeEachDialect('library: spec entities', (dialect) => {
  let server: TestServer;
  let api: Api;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
  });
  afterAll(async () => server?.close());

  const slugOf = (prefix: string) => uniqueKey(prefix).toLowerCase().replace(/_/g, '-');

  async function acmeActor(): Promise<OrgActor> {
    const org = await server.store.db.selectFrom('organizations').select(['id', 'slug']).where('slug', '=', 'acme').executeTakeFirstOrThrow();
    const membership = { orgId: org.id, slug: org.slug, displayName: org.slug, isDefault: true, role: 'owner' as const };
    return {
      userId: 'test',
      subject: 'test',
      email: 'spec-sync@test',
      memberships: [membership],
      org: membership,
      bearerToken: '',
      bearerTokenExpiresAt: null,
    };
  }

  it("POST /v1/templates creates the spec's texts, risk blocks, voices and snippets, and binds the bind:true snippets to the template", async () => {
    const suffix = uniqueKey('s');
    const slug = slugOf('agreement');
    const response = await api.post('/v1/templates', specWithEntities(slug, suffix));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.report).toMatchObject({ valid: true, summary: { texts: 1, snippets: 2, riskBlocks: 1, voices: 1 } });
    expect(response.body.report.warnings).toEqual([]);

    const texts = (await api.get('/v1/texts')).body.filter((t: { key: string }) => t.key === `parties_${suffix}`);
    expect(texts).toEqual([expect.objectContaining({ headingTemplate: 'Between {{ client }}', entityRolesUsed: ['client'] })]);
    const block = (await api.get('/v1/risk-blocks')).body.riskBlocks.find((b: { key: string }) => b.key === `liability_${suffix}`);
    expect(block).toMatchObject({ status: 'approved', approvedBy: 'dev@localhost' });
    expect((await api.get('/v1/voices')).body.map((v: { name: string }) => v.name)).toContain(`Plain ${suffix}`);

    const bindings = (await api.get(`/v1/documents/${response.body.template.document.id}/snippets`)).body;
    expect(bindings.map((b: { snippet: { key: string }; entityBindings: object }) => [b.snippet.key, b.entityBindings])).toEqual([
      [`core_${suffix}`, { client: 'org_client' }],
    ]);
    expect(bindings[0].snippet.items.map((i: { itemKey: string }) => i.itemKey)).toEqual([`parties_${suffix}`, `liability_${suffix}`]);

    const spec = (await api.get(`/v1/documents/${response.body.template.document.id}/spec`)).body;
    expect(spec.entities.snippets.map((s: { key: string; bind: boolean }) => [s.key, s.bind])).toEqual([[`core_${suffix}`, true]]);
    expect(spec.entities.texts.map((t: { key: string }) => t.key)).toEqual([`parties_${suffix}`]);
    expect(spec.entities.riskBlocks.map((b: { key: string }) => b.key)).toEqual([`liability_${suffix}`]);
    expect(spec.entities.voices).toEqual([{ name: `Plain ${suffix}`, description: 'Short sentences', samples: ['We deliver.'] }]);

    // An instance gets the template's bindings, so it uses the same entities.
    const instance = await api.post('/v1/documents', { templateId: slug, fields: { client_name: 'Acme' } });
    expect((await api.get(`/v1/documents/${instance.body.document.id}/snippets`)).body).toHaveLength(1);
  });

  it('an entity whose key or name exists is kept as it is, with a warning; the new template still binds it', async () => {
    const suffix = uniqueKey('k');
    await api.post('/v1/templates', specWithEntities(slugOf('first'), suffix));
    const before = (await api.get('/v1/texts')).body.find((t: { key: string }) => t.key === `parties_${suffix}`);
    const changed = specWithEntities(slugOf('second'), suffix);
    changed.entities.texts[0].value = 'Different';
    changed.entities.voices[0].description = 'Long sentences';
    const response = await api.post('/v1/templates', changed);
    expect(response.status).toBe(201);
    const paths = response.body.report.warnings.map((w: { path: string }) => w.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/entities/texts/0', '/entities/riskBlocks/0', '/entities/voices/0', '/entities/snippets/0', '/entities/snippets/1']),
    );
    expect(response.body.report.warnings[0].message).toMatch(/already exists/);
    expect((await api.get(`/v1/texts/${before.id}`)).body).toEqual(before);
    expect((await api.get('/v1/voices')).body.find((v: { name: string }) => v.name === `Plain ${suffix}`).description).toBe('Short sentences');
    expect((await api.get(`/v1/documents/${response.body.template.document.id}/snippets`)).body).toHaveLength(1);
  });

  it('an invalid entity refuses the whole spec (422 naming it) and writes nothing; a dry run writes nothing', async () => {
    const suffix = uniqueKey('bad');
    const rows = { ...(await countRows(server)), ...(await countLibraryRows(server)) };
    const unknownItem = specWithEntities(slugOf('bad'), suffix);
    unknownItem.entities.snippets[0].items = [{ itemType: 'text', itemKey: 'no_such_text' }];
    const refused = await api.post('/v1/templates', unknownItem);
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/\/entities\/snippets\/0\/items: .*no_such_text/);

    const unparsable = specWithEntities(slugOf('bad'), suffix);
    unparsable.entities.texts[0].narrativeTemplate = '{% if %}';
    const syntax = await api.post('/v1/templates', unparsable);
    expect(syntax.status).toBe(422);
    expect(syntax.body.detail).toMatch(/entities\/texts\/0\/narrativeTemplate/);

    const badStatus = specWithEntities(slugOf('bad'), suffix);
    badStatus.entities.riskBlocks[0].status = 'published';
    expect((await api.post('/v1/templates', badStatus)).status).toBe(422);

    const dry = await api.post('/v1/templates?dry_run=true', specWithEntities(slugOf('dry'), suffix));
    expect(dry.status).toBe(200);
    expect(dry.body.report.valid).toBe(true);
    expect({ ...(await countRows(server)), ...(await countLibraryRows(server)) }).toEqual(rows);
  });

  it('GET /spec → PUT /spec with entities changes nothing, on the template and on an instance', async () => {
    const suffix = uniqueKey('rt');
    const slug = slugOf('roundtrip');
    const template = (await api.post('/v1/templates', specWithEntities(slug, suffix))).body.template;
    const instance = (await api.post('/v1/documents', { templateId: slug, fields: { client_name: 'Acme' } })).body.document;
    for (const id of [template.document.id, instance.id]) {
      const spec = (await api.get(`/v1/documents/${id}/spec`)).body;
      expect(spec.entities.snippets).toHaveLength(1);
      const before = (await api.get(`/v1/documents/${id}`)).body;
      const rows = { ...(await countRows(server)), ...(await countLibraryRows(server)) };
      const library = [
        (await api.get('/v1/texts')).body,
        (await api.get('/v1/risk-blocks')).body,
        (await api.get('/v1/voices')).body,
        (await api.get('/v1/snippets')).body,
      ];
      const put = await api.put(`/v1/documents/${id}/spec`, spec);
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect((await api.get(`/v1/documents/${id}`)).body.document.updatedAt).toBe(before.document.updatedAt);
      expect({ ...(await countRows(server)), ...(await countLibraryRows(server)) }).toEqual(rows);
      expect([
        (await api.get('/v1/texts')).body,
        (await api.get('/v1/risk-blocks')).body,
        (await api.get('/v1/voices')).body,
        (await api.get('/v1/snippets')).body,
      ]).toEqual(library);
      expect((await api.get(`/v1/documents/${id}/spec`)).body).toEqual(spec);
    }
  });

  it('desired-state sync updates existing entities to match, rebinds, reorders and unbinds, and writes nothing when they match', async () => {
    const suffix = uniqueKey('ds');
    const slug = slugOf('desired');
    const template = (await api.post('/v1/templates', specWithEntities(slug, suffix))).body.template;
    const extra = (await api.post('/v1/snippets', { key: `extra_${suffix}` })).body;
    await api.post(`/v1/documents/${template.document.id}/snippets`, { snippetId: extra.id });

    const ctx = createContext(server.store.db, await acmeActor());
    const document = await ctx.repos.documents.findById(ctx.actor.org.orgId, template.document.id);
    if (!document) throw new Error('template not found');
    const desired = specWithEntities(slug, suffix);
    desired.entities.texts[0].value = 'Parties (revised)';
    desired.entities.riskBlocks[0].template = 'Capped at {{ cap }} per year';
    desired.entities.voices[0].samples = [];
    desired.entities.snippets[0].entityBindings = { client: 'org_other' };
    desired.entities.snippets[1] = { ...desired.entities.snippets[1], bind: true };
    const { spec, report } = await compileSpec(desired, { requireSlug: false });
    if (!spec) throw new Error(JSON.stringify(report.errors));
    await ctx.transaction((tx) => syncSpecEntities(tx, spec, report, { document, mode: 'desired' }));

    const text = (await api.get('/v1/texts')).body.find((t: { key: string }) => t.key === `parties_${suffix}`);
    expect(text.value).toBe('Parties (revised)');
    const block = (await api.get('/v1/risk-blocks')).body.riskBlocks.find((b: { key: string }) => b.key === `liability_${suffix}`);
    expect(block).toMatchObject({ template: 'Capped at {{ cap }} per year', status: 'approved' });
    expect((await api.get('/v1/voices')).body.find((v: { name: string }) => v.name === `Plain ${suffix}`).samples).toEqual([]);
    const bindings = (await api.get(`/v1/documents/${template.document.id}/snippets`)).body;
    // The extra binding the spec does not list is gone; the order is the spec's.
    expect(bindings.map((b: { snippet: { key: string }; entityBindings: object }) => [b.snippet.key, b.entityBindings])).toEqual([
      [`core_${suffix}`, { client: 'org_other' }],
      [`spare_${suffix}`, {}],
    ]);

    // Reordering the spec's snippets reorders the bindings.
    const reordered = structuredClone(desired);
    reordered.entities.snippets.reverse();
    const swapped = await compileSpec(reordered, { requireSlug: false });
    if (!swapped.spec) throw new Error('spec did not compile');
    const swappedSpec = swapped.spec;
    await ctx.transaction((tx) => syncSpecEntities(tx, swappedSpec, swapped.report, { document, mode: 'desired' }));
    const order = (await api.get(`/v1/documents/${template.document.id}/snippets`)).body.map((b: { snippet: { key: string } }) => b.snippet.key);
    expect(order).toEqual([`spare_${suffix}`, `core_${suffix}`]);
    await ctx.transaction((tx) => syncSpecEntities(tx, spec, report, { document, mode: 'desired' }));

    const rows = await countLibraryRows(server);
    const library = [(await api.get('/v1/texts')).body, (await api.get('/v1/risk-blocks')).body, (await api.get('/v1/snippets')).body];
    const updatedAt = (await api.get(`/v1/documents/${template.document.id}`)).body.document.updatedAt;
    const again = await compileSpec(desired, { requireSlug: false });
    if (!again.spec) throw new Error('spec did not compile');
    const matched = again.spec;
    await ctx.transaction((tx) => syncSpecEntities(tx, matched, again.report, { document, mode: 'desired' }));
    expect(await countLibraryRows(server)).toEqual(rows);
    expect([(await api.get('/v1/texts')).body, (await api.get('/v1/risk-blocks')).body, (await api.get('/v1/snippets')).body]).toEqual(library);
    expect((await api.get(`/v1/documents/${template.document.id}`)).body.document.updatedAt).toBe(updatedAt);
    expect(again.report.warnings).toEqual([]);
  });
});
