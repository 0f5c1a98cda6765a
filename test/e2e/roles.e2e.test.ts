/**
 * The gates the body decides (issue #13, item 8): finalizing a document — and reopening a
 * finalized one — and approving a risk block need a reviewer, whichever route approves it (the
 * risk block routes or a spec's entities). Editors do everything else with the same routes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { addTestMember } from '../support/members.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const SPEC = {
  slug: 'roles-plain',
  title: 'Plain',
  fields: [{ key: 'client', label: 'Client' }],
  sections: [{ key: 'intro', title: 'Intro', render_mode: 'templated', output_template: 'Hello {{ client }}' }],
};

describeEachDialect('roles: approval gates', (dialect) => {
  let server: TestServer;
  let owner: Api;
  let editor: Api;
  let reviewer: Api;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    owner = await apiFor(server);
    const ownerToken = await server.login();
    editor = new Api(server, (await addTestMember(server, ownerToken, 'acme', 'editor', 'roles-editor')).token, 'acme');
    reviewer = new Api(server, (await addTestMember(server, ownerToken, 'acme', 'reviewer', 'roles-reviewer')).token, 'acme');
    await createTemplate(owner, SPEC);
  });
  afterAll(async () => server?.close());

  const stateOf = async (id: string) => (await owner.get(`/v1/documents/${id}`)).body.document.state as string;

  it('finalizing needs a reviewer; so does reopening a finalized document; editors move between the other states', async () => {
    const created = await editor.post('/v1/documents', { templateId: 'roles-plain', fields: { client: 'Acme' } });
    expect(created.status).toBe(201);
    const id = created.body.document.id as string;
    expect((await editor.put(`/v1/documents/${id}/state`, { state: 'under-review' })).status).toBe(200);

    const refused = await editor.put(`/v1/documents/${id}/state`, { state: 'finalized' });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('finalizing a document needs the reviewer role or above in this organization (you are editor)');
    expect(await stateOf(id)).toBe('under-review');

    expect((await reviewer.put(`/v1/documents/${id}/state`, { state: 'finalized' })).body.document.state).toBe('finalized');
    const reopen = await editor.put(`/v1/documents/${id}/state`, { state: 'draft' });
    expect(reopen.status).toBe(403);
    expect(reopen.body.detail).toMatch(/reopening a finalized document needs the reviewer role/);
    expect(await stateOf(id)).toBe('finalized');
    expect((await reviewer.put(`/v1/documents/${id}/state`, { state: 'draft' })).body.document.state).toBe('draft');
  });

  it("approving a risk block needs a reviewer: on create, on update, and when an approved block's content changes", async () => {
    const refusedCreate = await editor.post('/v1/risk-blocks', { key: 'rb_gate', heading: 'Liability', template: 'Capped', status: 'approved' });
    expect(refusedCreate.status).toBe(403);
    expect(refusedCreate.body.detail).toMatch(/^approving a risk block needs the reviewer role/);
    expect((await owner.get('/v1/risk-blocks')).body.riskBlocks.filter((b: { key: string }) => b.key === 'rb_gate')).toEqual([]);

    const draft = await editor.post('/v1/risk-blocks', { key: 'rb_gate', heading: 'Liability', template: 'Capped' });
    expect(draft.status).toBe(201);
    const id = draft.body.id as string;
    expect((await editor.patch(`/v1/risk-blocks/${id}`, { status: 'approved' })).status).toBe(403);

    const approved = await reviewer.patch(`/v1/risk-blocks/${id}`, { status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', approvedBy: 'roles-reviewer@example.test' });

    // An editor cannot slip new content under the approval by re-sending status: approved …
    const slipped = await editor.patch(`/v1/risk-blocks/${id}`, { template: 'Unlimited', status: 'approved' });
    expect(slipped.status).toBe(403);
    const current = (await owner.get('/v1/risk-blocks')).body.riskBlocks.find((b: { id: string }) => b.id === id);
    expect(current).toMatchObject({ template: 'Capped', status: 'approved', approvedBy: 'roles-reviewer@example.test' });
    // … but may edit it, which puts it back to draft for a reviewer to approve again.
    const edited = await editor.patch(`/v1/risk-blocks/${id}`, { template: 'Unlimited' });
    expect(edited.body).toMatchObject({ template: 'Unlimited', status: 'draft', approvedBy: null });
  });

  it('a spec cannot approve a risk block for an editor either, and nothing of the spec is kept', async () => {
    const spec = { ...SPEC, slug: 'roles-with-block', entities: { riskBlocks: [{ key: 'rb_spec', heading: 'H', template: 'T', status: 'approved' }] } };
    const refused = await editor.post('/v1/templates', spec);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/approving a risk block needs the reviewer role/);
    expect((await owner.get('/v1/templates/roles-with-block')).status).toBe(404);
    expect((await owner.get('/v1/risk-blocks')).body.riskBlocks.filter((b: { key: string }) => b.key === 'rb_spec')).toEqual([]);
    expect((await reviewer.post('/v1/templates', spec)).status).toBe(201);
  });

  it("an editor may not register a tool (its server would receive colleagues' tokens); an owner may", async () => {
    const body = { name: 'roles-mcp', category: 'crm', classPath: 'mcp.http', configJson: { url: 'https://mcp.example/mcp', tool: 'lookup_matter' } };
    const refused = await editor.post('/v1/tool-registrations', body);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/owner role/);
    expect((await owner.get('/v1/tool-registrations')).body.filter((t: { name: string }) => t.name === 'roles-mcp')).toEqual([]);
    const created = await owner.post('/v1/tool-registrations', body);
    expect(created.status).toBe(201);
    expect((await editor.delete(`/v1/tool-registrations/${created.body.id}`)).status).toBe(403);
    expect((await owner.get(`/v1/tool-registrations/${created.body.id}`)).status).toBe(200);
  });
});
