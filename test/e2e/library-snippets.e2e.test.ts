/**
 * Snippets, their items and their bindings to documents on every dialect: CRUD, items replace /
 * clear / ordinals, every 422, duplicate keys 409, binding order and append, the readiness gaps
 * risk_block_draft and snippet_role_unbound, instantiation copying bindings, and the
 * cross-organization sweep (404, rows unchanged). The flat resources (texts, risk blocks, voices)
 * keep here only what HTTP decides — status codes, the schemas' 422s, `{detail}` — their use cases
 * are tested in the command tier (ADR 0272).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { countLibraryRows, created, uniqueKey } from '../support/library.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

describeEachDialect('library: snippets and bindings; HTTP of texts, risk blocks, voices', (dialect) => {
  let server: TestServer;
  let api: Api;
  let globex: Api;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    globex = api.as('globex');
  });
  afterAll(async () => server?.close());

  /** A new entity of the organization (bindings name entities of the organization only). */
  async function entity(org: Api, name: string): Promise<string> {
    return (await created(org, '/v1/entities', { name, kind: 'organization' })).id;
  }

  /** A text, a risk block and a snippet holding both, in the given organization. */
  async function clause(org: Api, options: { roles?: string[]; status?: string } = {}) {
    const text = await created(org, '/v1/texts', {
      key: uniqueKey('txt'),
      value: 'v',
      narrativeTemplate: '{{ client }} pays',
      entityRolesUsed: options.roles ?? ['client'],
    });
    const block = await created(org, '/v1/risk-blocks', { key: uniqueKey('rb'), heading: 'Risk', template: 'Risky', status: options.status ?? 'draft' });
    const snippet = await created(org, '/v1/snippets', { key: uniqueKey('snip') });
    const items = await org.put(`/v1/snippets/${snippet.id}/items`, {
      items: [
        { itemType: 'text', itemKey: text.key },
        { itemType: 'risk_block', itemKey: block.key },
      ],
    });
    expect(items.status, JSON.stringify(items.body)).toBe(200);
    return { text, block, snippet: items.body };
  }

  async function newDocument(org: Api) {
    const slug = uniqueKey('tpl').toLowerCase().replace(/_/g, '-');
    await createTemplate(org, { slug, title: 'Clause host', sections: [{ title: 'Body', prompt: 'Write' }] });
    const doc = await org.post('/v1/documents', { templateId: slug });
    expect(doc.status).toBe(201);
    return doc.body.document.id as string;
  }

  it('snippets: create (defaults), get, list, patch (null clears, absent untouched), delete', async () => {
    const key = uniqueKey('payment');
    const snippet = await created(api, '/v1/snippets', { key, name: 'Payment', description: 'Payment terms', phaseOrder: 2 });
    expect(snippet).toMatchObject({ key, name: 'Payment', description: 'Payment terms', phaseOrder: 2, items: [] });
    const plain = await created(api, '/v1/snippets', { key: uniqueKey('plain') });
    expect(plain).toMatchObject({ name: null, description: null, phaseOrder: 0 });
    expect((await api.get(`/v1/snippets/${snippet.id}`)).body).toEqual(snippet);
    expect((await api.get('/v1/snippets')).body.map((s: { key: string }) => s.key)).toEqual(expect.arrayContaining([key, plain.key]));
    const patched = await api.patch(`/v1/snippets/${snippet.id}`, { name: null, phaseOrder: null });
    expect(patched.body).toMatchObject({ key, name: null, description: 'Payment terms', phaseOrder: 0 });
    expect((await api.delete(`/v1/snippets/${plain.id}`)).body).toEqual({ ok: true });
    expect((await api.get(`/v1/snippets/${plain.id}`)).status).toBe(404);
  });

  it('snippets: blank key, {} and null key → 422; duplicate key → 409 (create and rename); nothing changes', async () => {
    const key = uniqueKey('dup');
    const snippet = await created(api, '/v1/snippets', { key });
    const other = await created(api, '/v1/snippets', { key: uniqueKey('other') });
    const before = await countLibraryRows(server);
    expect((await api.post('/v1/snippets', { key: ' ' })).status).toBe(422);
    expect((await api.post('/v1/snippets', { key: 'x', phaseOrder: 'first' })).status).toBe(422);
    const dup = await api.post('/v1/snippets', { key });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toMatch(/already exists/);
    expect((await api.patch(`/v1/snippets/${snippet.id}`, {})).status).toBe(422);
    expect((await api.patch(`/v1/snippets/${snippet.id}`, { key: null })).status).toBe(422);
    expect((await api.patch(`/v1/snippets/${other.id}`, { key })).status).toBe(409);
    expect((await api.get(`/v1/snippets/${other.id}`)).body).toEqual(other);
    expect(await countLibraryRows(server)).toEqual(before);
  });

  it('items: PUT replaces all with ordinals 0..N-1, [] clears, bad type or unknown key → 422 and the items are unchanged', async () => {
    const { text, block, snippet } = await clause(api);
    expect(snippet.items.map((i: { ordinal: number; itemType: string; itemKey: string }) => [i.ordinal, i.itemType, i.itemKey])).toEqual([
      [0, 'text', text.key],
      [1, 'risk_block', block.key],
    ]);
    const reordered = await api.put(`/v1/snippets/${snippet.id}/items`, {
      items: [
        { itemType: 'risk_block', itemKey: block.key },
        { itemType: 'text', itemKey: text.key },
        { itemType: 'text', itemKey: text.key },
      ],
    });
    expect(reordered.body.items.map((i: { ordinal: number; itemKey: string }) => [i.ordinal, i.itemKey])).toEqual([
      [0, block.key],
      [1, text.key],
      [2, text.key],
    ]);

    const before = await countLibraryRows(server);
    const refusals: Array<[unknown, RegExp]> = [
      [{ items: [{ itemType: 'paragraph', itemKey: text.key }] }, /itemType must be text or risk_block/],
      [{ items: [{ itemType: 'text', itemKey: 'no_such_text' }] }, /names no text/],
      [{ items: [{ itemType: 'risk_block', itemKey: text.key }] }, /names no risk block/],
      [{ items: [{ itemType: 'text' }] }, /./],
    ];
    for (const [body, detail] of refusals) {
      const response = await api.put(`/v1/snippets/${snippet.id}/items`, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(response.body.detail)).toMatch(detail);
    }
    expect((await api.get(`/v1/snippets/${snippet.id}`)).body.items).toEqual(reordered.body.items);
    expect(await countLibraryRows(server)).toEqual(before);

    // A key of another organization names nothing here.
    const foreign = await created(globex, '/v1/texts', { key: uniqueKey('foreign'), value: 'g' });
    expect((await api.put(`/v1/snippets/${snippet.id}/items`, { items: [{ itemType: 'text', itemKey: foreign.key }] })).status).toBe(422);

    // Concurrent replacements: each answers 200 or 409 (never 500), and the items stay whole.
    const racing = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        api.put(`/v1/snippets/${snippet.id}/items`, { items: Array.from({ length: n }, () => ({ itemType: 'text', itemKey: text.key })) }),
      ),
    );
    for (const answer of racing) expect([200, 409]).toContain(answer.status);
    const settled = (await api.get(`/v1/snippets/${snippet.id}`)).body.items;
    expect(settled.map((i: { ordinal: number }) => i.ordinal)).toEqual(settled.map((_: unknown, n: number) => n));

    const cleared = await api.put(`/v1/snippets/${snippet.id}/items`, { items: [] });
    expect(cleared.body.items).toEqual([]);
  });

  it('items follow a renamed text; a text or risk block in use cannot be deleted (422 naming the snippets)', async () => {
    const { text, block, snippet } = await clause(api);
    const newKey = uniqueKey('renamed');
    await api.patch(`/v1/texts/${text.id}`, { key: newKey });
    expect((await api.get(`/v1/snippets/${snippet.id}`)).body.items[0].itemKey).toBe(newKey);
    const refusedText = await api.delete(`/v1/texts/${text.id}`);
    expect(refusedText.status).toBe(422);
    expect(refusedText.body.detail).toContain(`"${snippet.key}"`);
    const refusedBlock = await api.delete(`/v1/risk-blocks/${block.id}`);
    expect(refusedBlock.status).toBe(422);
    expect(refusedBlock.body.detail).toContain(`"${snippet.key}"`);
    expect((await api.get(`/v1/texts/${text.id}`)).status).toBe(200);
    await api.put(`/v1/snippets/${snippet.id}/items`, { items: [] });
    expect((await api.delete(`/v1/texts/${text.id}`)).status).toBe(200);
    expect((await api.delete(`/v1/risk-blocks/${block.id}`)).status).toBe(200);
  });

  it('bindings: bind appends, explicit ordinals order, list in binding order with snippet and items, update, unbind', async () => {
    const documentId = await newDocument(api);
    const a = await clause(api);
    const b = await clause(api);
    const c = await clause(api);
    const acme = await entity(api, 'Acme');
    const other = await entity(api, 'Other');
    const first = await api.post(`/v1/documents/${documentId}/snippets`, { snippetId: a.snippet.id, entityBindings: { client: acme } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ ordinal: 0, snippetId: a.snippet.id, entityBindings: { client: acme }, snippet: { key: a.snippet.key } });
    expect(first.body.snippet.items).toHaveLength(2);
    const second = await created(api, `/v1/documents/${documentId}/snippets`, { snippetId: b.snippet.id });
    expect(second).toMatchObject({ ordinal: 1, entityBindings: {} });
    const third = await created(api, `/v1/documents/${documentId}/snippets`, { snippetId: c.snippet.id, ordinal: 10, entityBindings: null });
    expect(third.ordinal).toBe(10);
    const appended = await created(api, `/v1/documents/${documentId}/snippets`, { snippetId: a.snippet.id, ordinal: null });
    expect(appended.ordinal).toBe(11);

    const list = await api.get(`/v1/documents/${documentId}/snippets`);
    expect(list.body.map((x: { id: string }) => x.id)).toEqual([first.body.id, second.id, third.id, appended.id]);
    expect(list.body[0].snippet.items.map((i: { itemKey: string }) => i.itemKey)).toEqual([a.text.key, a.block.key]);

    const moved = await api.patch(`/v1/documents/${documentId}/snippets/${third.id}`, { ordinal: 0 });
    expect(moved.body).toMatchObject({ ordinal: 0, entityBindings: {} });
    const rebound = await api.patch(`/v1/documents/${documentId}/snippets/${second.id}`, { entityBindings: { client: other } });
    expect(rebound.body).toMatchObject({ ordinal: 1, entityBindings: { client: other } });
    const cleared = await api.patch(`/v1/documents/${documentId}/snippets/${first.body.id}`, { entityBindings: null });
    expect(cleared.body.entityBindings).toEqual({});
    const toEnd = await api.patch(`/v1/documents/${documentId}/snippets/${first.body.id}`, { ordinal: null });
    expect(toEnd.body.ordinal).toBe(12);
    const order = (await api.get(`/v1/documents/${documentId}/snippets`)).body.map((x: { id: string }) => x.id);
    expect(order).toEqual([third.id, second.id, appended.id, first.body.id]);

    expect((await api.delete(`/v1/documents/${documentId}/snippets/${second.id}`)).body).toEqual({ ok: true });
    expect((await api.delete(`/v1/documents/${documentId}/snippets/${second.id}`)).status).toBe(404);
    expect((await api.get(`/v1/documents/${documentId}/snippets`)).body).toHaveLength(3);
    expect((await api.get(`/v1/snippets/${b.snippet.id}`)).status).toBe(200);

    // Deleting a snippet removes its bindings.
    expect((await api.delete(`/v1/snippets/${a.snippet.id}`)).status).toBe(200);
    expect((await api.get(`/v1/documents/${documentId}/snippets`)).body.map((x: { id: string }) => x.id)).toEqual([third.id]);
  });

  it('bindings: refusals (unknown snippet 404, {} / negative ordinal / blank role 422, finalized document 422) change nothing', async () => {
    const documentId = await newDocument(api);
    // Approved: a draft risk block would keep the document from being finalized (issue #11).
    const { snippet } = await clause(api, { status: 'approved' });
    const client = await entity(api, 'Client');
    const foreign = await entity(globex, 'Theirs');
    const binding = await created(api, `/v1/documents/${documentId}/snippets`, { snippetId: snippet.id, entityBindings: { client } });
    const before = await countLibraryRows(server);
    // An id naming no entity of the organization (unknown, or another organization's) is refused, naming it.
    for (const id of ['ent_nope', foreign]) {
      const bound = await api.post(`/v1/documents/${documentId}/snippets`, { snippetId: snippet.id, entityBindings: { client: id } });
      expect(bound.status).toBe(422);
      expect(bound.body.detail).toContain(`client → ${id}`);
      const rebound = await api.patch(`/v1/documents/${documentId}/snippets/${binding.id}`, { entityBindings: { client: id } });
      expect(rebound.status).toBe(422);
      expect(rebound.body.detail).toContain(id);
    }
    expect((await api.post(`/v1/documents/${documentId}/snippets`, { snippetId: 'snip_nope' })).status).toBe(404);
    expect((await api.post(`/v1/documents/doc_nope/snippets`, { snippetId: snippet.id })).status).toBe(404);
    expect((await api.post(`/v1/documents/${documentId}/snippets`, { snippetId: snippet.id, ordinal: -1 })).status).toBe(422);
    expect((await api.post(`/v1/documents/${documentId}/snippets`, { snippetId: snippet.id, entityBindings: { ' ': 'x' } })).status).toBe(422);
    expect((await api.post(`/v1/documents/${documentId}/snippets`, { snippetId: snippet.id, entityBindings: { client: 7 } })).status).toBe(422);
    expect((await api.post(`/v1/documents/${documentId}/snippets`, {})).status).toBe(422);
    expect((await api.patch(`/v1/documents/${documentId}/snippets/${binding.id}`, {})).status).toBe(422);
    expect((await api.patch(`/v1/documents/${documentId}/snippets/${binding.id}`, { ordinal: -3 })).status).toBe(422);
    expect((await api.put(`/v1/documents/${documentId}/state`, { state: 'finalized' })).status).toBe(200);
    const finalized = await api.post(`/v1/documents/${documentId}/snippets`, { snippetId: snippet.id });
    expect(finalized.status).toBe(422);
    expect(finalized.body.detail).toMatch(/finalized/);
    expect((await api.patch(`/v1/documents/${documentId}/snippets/${binding.id}`, { ordinal: 4 })).status).toBe(422);
    expect((await api.delete(`/v1/documents/${documentId}/snippets/${binding.id}`)).status).toBe(422);
    expect((await api.get(`/v1/documents/${documentId}/snippets`)).body).toHaveLength(1);
    expect(await countLibraryRows(server)).toEqual(before);
  });

  it('readiness: snippet_role_unbound blocks (needs input) until the binding sets the role', async () => {
    const documentId = await newDocument(api);
    const { snippet } = await clause(api, { roles: ['client', 'supplier'], status: 'approved' });
    const [client, supplier] = [await entity(api, 'Client'), await entity(api, 'Supplier')];
    const binding = await created(api, `/v1/documents/${documentId}/snippets`, { snippetId: snippet.id, entityBindings: { client } });
    const readiness = (await api.get(`/v1/documents/${documentId}/readiness`)).body;
    const gaps = readiness.gaps.filter((g: { kind: string }) => g.kind === 'snippet_role_unbound');
    expect(gaps).toEqual([
      expect.objectContaining({ subjectType: 'snippet_binding', subjectId: binding.id, key: 'supplier', blocking: true, needsInput: true }),
    ]);
    expect(readiness).toMatchObject({ generation_should_proceed: false, ui_state: 'needs_input' });
    await api.patch(`/v1/documents/${documentId}/snippets/${binding.id}`, { entityBindings: { client, supplier } });
    const after = (await api.get(`/v1/documents/${documentId}/readiness`)).body;
    expect(after.gaps.filter((g: { kind: string }) => g.kind.startsWith('snippet') || g.kind.startsWith('risk'))).toEqual([]);
    expect(after.generation_should_proceed).toBe(true);
  });

  it('readiness: a draft risk block is a warning, refuses finalizing, and blocks a finalized document it went back to draft in; approving clears it', async () => {
    const documentId = await newDocument(api);
    const { block, snippet } = await clause(api, { roles: [] });
    await created(api, `/v1/documents/${documentId}/snippets`, { snippetId: snippet.id });
    const draft = (await api.get(`/v1/documents/${documentId}/readiness`)).body;
    expect(draft.gaps).toEqual([
      expect.objectContaining({ kind: 'risk_block_draft', subjectType: 'risk_block', subjectId: block.id, key: block.key, blocking: false }),
    ]);
    expect(draft.generation_should_proceed).toBe(true);
    // Finalizing with the draft bound is refused (issue #11); a finalized document only gets a
    // draft block when an approved one is put back to draft in the library afterwards.
    const refused = await api.put(`/v1/documents/${documentId}/state`, { state: 'finalized' });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toContain(block.key);
    await api.patch(`/v1/risk-blocks/${block.id}`, { status: 'approved' });
    expect((await api.put(`/v1/documents/${documentId}/state`, { state: 'finalized' })).status).toBe(200);
    await api.patch(`/v1/risk-blocks/${block.id}`, { status: 'draft' });
    const finalized = (await api.get(`/v1/documents/${documentId}/readiness`)).body;
    expect(finalized.gaps).toEqual([expect.objectContaining({ kind: 'risk_block_draft', blocking: true })]);
    expect(finalized).toMatchObject({ generation_should_proceed: false, ui_state: 'blocked' });
    await api.patch(`/v1/risk-blocks/${block.id}`, { status: 'approved' });
    expect((await api.get(`/v1/documents/${documentId}/readiness`)).body).toMatchObject({ gaps: [], generation_should_proceed: true });
  });

  it('instantiating a template copies its snippet bindings in order', async () => {
    const slug = uniqueKey('bound').toLowerCase().replace(/_/g, '-');
    const template = await createTemplate(api, { slug, title: 'Bound template' });
    const a = await clause(api);
    const b = await clause(api);
    const client = await entity(api, 'Client');
    await created(api, `/v1/documents/${template.document.id}/snippets`, { snippetId: b.snippet.id, entityBindings: { client }, ordinal: 5 });
    await created(api, `/v1/documents/${template.document.id}/snippets`, { snippetId: a.snippet.id, ordinal: 2 });
    const doc = await api.post('/v1/documents', { templateId: slug });
    const copied = (await api.get(`/v1/documents/${doc.body.document.id}/snippets`)).body;
    expect(copied.map((x: { snippetId: string; entityBindings: object; ordinal: number }) => [x.snippetId, x.entityBindings, x.ordinal])).toEqual([
      [a.snippet.id, {}, 0],
      [b.snippet.id, { client }, 1],
    ]);
    expect((await api.get(`/v1/documents/${template.document.id}/snippets`)).body).toHaveLength(2);
  });

  it("cross-organization: another organization's snippet and binding are 404 everywhere and stay unchanged", async () => {
    const theirs = await clause(globex);
    const theirDoc = await newDocument(globex);
    const client = await entity(globex, 'Their client');
    const theirBinding = await created(globex, `/v1/documents/${theirDoc}/snippets`, { snippetId: theirs.snippet.id, entityBindings: { client } });
    const ourDoc = await newDocument(api);
    const before = await countLibraryRows(server);

    expect((await api.get(`/v1/snippets/${theirs.snippet.id}`)).status).toBe(404);
    expect((await api.patch(`/v1/snippets/${theirs.snippet.id}`, { name: 'hijack' })).status).toBe(404);
    expect((await api.put(`/v1/snippets/${theirs.snippet.id}/items`, { items: [] })).status).toBe(404);
    expect((await api.delete(`/v1/snippets/${theirs.snippet.id}`)).status).toBe(404);
    const bindForeign = await api.post(`/v1/documents/${ourDoc}/snippets`, { snippetId: theirs.snippet.id });
    expect(bindForeign.status).toBe(404);
    expect(bindForeign.body.detail).toMatch(/snippet .* not found/);
    expect((await api.get(`/v1/documents/${theirDoc}/snippets`)).status).toBe(404);
    expect((await api.post(`/v1/documents/${theirDoc}/snippets`, { snippetId: theirs.snippet.id })).status).toBe(404);
    expect((await api.patch(`/v1/documents/${theirDoc}/snippets/${theirBinding.id}`, { ordinal: 9 })).status).toBe(404);
    expect((await api.delete(`/v1/documents/${theirDoc}/snippets/${theirBinding.id}`)).status).toBe(404);
    // Their binding id under our document is not found either.
    expect((await api.patch(`/v1/documents/${ourDoc}/snippets/${theirBinding.id}`, { ordinal: 9 })).status).toBe(404);
    expect((await api.delete(`/v1/documents/${ourDoc}/snippets/${theirBinding.id}`)).status).toBe(404);

    expect(await countLibraryRows(server)).toEqual(before);
    expect((await globex.get(`/v1/snippets/${theirs.snippet.id}`)).body).toEqual(theirs.snippet);
    const still = (await globex.get(`/v1/documents/${theirDoc}/snippets`)).body;
    expect(still.map((x: { id: string; ordinal: number; entityBindings: object }) => [x.id, x.ordinal, x.entityBindings])).toEqual([
      [theirBinding.id, 0, { client }],
    ]);
    expect((await api.get('/v1/snippets')).body.map((s: { id: string }) => s.id)).not.toContain(theirs.snippet.id);
  });

  it("texts, risk blocks, voices over HTTP: 201 and 200 bodies, the schemas' 422s, use-case 422/409/404 with a {detail}", async () => {
    const key = uniqueKey('parties');
    const text = await created(api, '/v1/texts', { key, value: 'The parties', bullets: ['a'] });
    expect(text).toMatchObject({ key, value: 'The parties', valueType: 'string', bullets: ['a'], entityRolesUsed: [] });
    expect((await api.get(`/v1/texts/${text.id}`)).body).toEqual(text);
    expect((await api.get('/v1/texts')).body.map((t: { key: string }) => t.key)).toContain(key);
    const patched = await api.patch(`/v1/texts/${text.id}`, { bullets: null });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ key, bullets: [] });
    const refusals: Array<[string, string, unknown, number, RegExp]> = [
      ['POST', '/v1/texts', { key: uniqueKey('x') }, 422, /./], // the schema: value is required
      ['PATCH', `/v1/texts/${text.id}`, { unknown: 1 }, 422, /./], // the schema: no unknown keys
      ['POST', '/v1/texts', { key: uniqueKey('x'), value: 'v', narrativeTemplate: '{% if %}' }, 422, /narrativeTemplate does not parse/],
      ['POST', '/v1/texts', { key, value: 'again' }, 409, /already exists/],
      ['POST', '/v1/risk-blocks', { key: uniqueKey('rb'), heading: 'H', template: 'T', status: 'published' }, 422, /status must be one of draft, approved/],
      ['POST', '/v1/voices', { name: '' }, 422, /./], // the schema: minLength 1
      ['POST', '/v1/voices', { name: '   ' }, 422, /name must not be blank/],
    ];
    for (const [method, path, body, status, detail] of refusals) {
      const response = await api.request(method, path, body);
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(JSON.stringify(response.body.detail)).toMatch(detail);
    }

    const block = await created(api, '/v1/risk-blocks', { key: uniqueKey('rb'), heading: 'H', template: 'T', status: 'approved' });
    expect(block).toMatchObject({ status: 'approved', approvedBy: 'dev@localhost' });
    expect(Date.parse(block.approvedAt)).not.toBeNaN();
    expect((await api.get('/v1/risk-blocks')).body.riskBlocks.map((b: { id: string }) => b.id)).toContain(block.id);
    const voice = await created(api, '/v1/voices', { name: uniqueKey('Plain'), samples: ['We deliver.'] });
    expect((await api.get(`/v1/voices/${voice.id}`)).body).toEqual(voice);
    for (const path of [`/v1/texts/${text.id}`, `/v1/risk-blocks/${block.id}`, `/v1/voices/${voice.id}`]) {
      expect((await api.delete(path)).body).toEqual({ ok: true });
      expect((await api.get(path)).status).toBe(404);
    }
  });

  it("cross-organization: another organization's text, risk block and voice are 404 to read, patch and delete, and stay unchanged", async () => {
    const text = await created(globex, '/v1/texts', { key: uniqueKey('g'), value: 'globex' });
    const block = await created(globex, '/v1/risk-blocks', { key: uniqueKey('g'), heading: 'H', template: 'T' });
    const voice = await created(globex, '/v1/voices', { name: uniqueKey('G') });
    const targets: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
      [`/v1/texts/${text.id}`, { value: 'hijacked' }, text],
      [`/v1/risk-blocks/${block.id}`, { status: 'approved' }, block],
      [`/v1/voices/${voice.id}`, { description: 'hijacked' }, voice],
    ];
    for (const [path, patch, original] of targets) {
      expect((await api.get(path)).status).toBe(404);
      const patched = await api.patch(path, patch);
      expect(patched.status).toBe(404);
      expect(patched.body.detail).toMatch(/not found/);
      expect((await api.delete(path)).status).toBe(404);
      expect((await globex.get(path)).body).toEqual(original);
    }
  });
});
