/**
 * The organization library's flat resources on every dialect: texts, risk blocks and voices —
 * CRUD, null clears vs absent untouched, every 422, duplicate keys/names 409 (also on update),
 * and the cross-organization sweep (404, row unchanged).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { countLibraryRows, created, uniqueKey } from '../support/library.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

describeEachDialect('library: texts, risk blocks, voices', (dialect) => {
  let server: TestServer;
  let api: Api;
  let globex: Api;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    globex = api.as('globex');
  });
  afterAll(async () => server?.close());

  it('texts: create (defaults), get, list, patch (null clears, absent untouched), delete', async () => {
    const key = uniqueKey('parties');
    const text = await created(api, '/v1/texts', {
      key,
      value: 'The parties',
      name: 'Parties',
      description: 'Who signs',
      headingTemplate: 'Between {{ client }} and {{ supplier }}',
      narrativeTemplate: '{{ client }} engages {{ supplier }}.',
      bullets: ['a', 'b'],
      entityRolesUsed: ['client', 'supplier'],
    });
    expect(text).toMatchObject({ key, value: 'The parties', valueType: 'string', name: 'Parties', bullets: ['a', 'b'], entityRolesUsed: ['client', 'supplier'] });
    expect(text.id).toMatch(/^txt_/);
    expect((await api.get(`/v1/texts/${text.id}`)).body).toEqual(text);
    expect((await api.get('/v1/texts')).body.map((t: { key: string }) => t.key)).toContain(key);

    const patched = await api.patch(`/v1/texts/${text.id}`, { name: null, bullets: null, value: 'Parties to the agreement' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: null, bullets: [], value: 'Parties to the agreement', description: 'Who signs', headingTemplate: text.headingTemplate, entityRolesUsed: ['client', 'supplier'] });
    expect((await api.get(`/v1/texts/${text.id}`)).body).toEqual(patched.body);
    const cleared = await api.patch(`/v1/texts/${text.id}`, { valueType: null, description: null, headingTemplate: null, entityRolesUsed: null });
    expect(cleared.body).toMatchObject({ valueType: 'string', description: null, headingTemplate: null, entityRolesUsed: [], narrativeTemplate: text.narrativeTemplate });

    expect((await api.delete(`/v1/texts/${text.id}`)).body).toEqual({ ok: true });
    expect((await api.get(`/v1/texts/${text.id}`)).status).toBe(404);
    expect((await api.delete(`/v1/texts/${text.id}`)).status).toBe(404);
  });

  it('texts: every refusal is a 4xx with a detail that changes nothing', async () => {
    const key = uniqueKey('t');
    const text = await created(api, '/v1/texts', { key, value: 'v' });
    const before = await countLibraryRows(server);
    const cases: Array<[string, unknown, number, RegExp]> = [
      ['POST', { key: '  ', value: 'v' }, 422, /key must not be blank/],
      ['POST', { key: uniqueKey('x'), value: 'v', valueType: 'colour' }, 422, /valueType/],
      ['POST', { key: uniqueKey('x'), value: 'v', narrativeTemplate: '{% if %}' }, 422, /narrativeTemplate does not parse/],
      ['POST', { key: uniqueKey('x'), value: 'v', headingTemplate: '{{ a' }, 422, /headingTemplate does not parse/],
      ['POST', { key: uniqueKey('x') }, 422, /./],
      ['POST', { key, value: 'again' }, 409, /already exists/],
      ['PATCH', {}, 422, /nothing to update/],
      ['PATCH', { key: null }, 422, /key must not be blank/],
      ['PATCH', { narrativeTemplate: '{% for x in %}' }, 422, /does not parse/],
      ['PATCH', { unknown: 1 }, 422, /./],
    ];
    for (const [method, body, status, detail] of cases) {
      const response = method === 'POST' ? await api.post('/v1/texts', body) : await api.patch(`/v1/texts/${text.id}`, body);
      expect(response.status, `${method} ${JSON.stringify(body)}`).toBe(status);
      expect(JSON.stringify(response.body.detail)).toMatch(detail);
    }
    const other = await created(api, '/v1/texts', { key: uniqueKey('other'), value: 'o' });
    const renamed = await api.patch(`/v1/texts/${other.id}`, { key });
    expect(renamed.status).toBe(409);
    expect(renamed.body.detail).toMatch(new RegExp(`"${key}" already exists`));
    expect((await api.get(`/v1/texts/${other.id}`)).body.key).toBe(other.key);
    expect((await api.get(`/v1/texts/${text.id}`)).body).toEqual(text);
    expect({ ...(await countLibraryRows(server)), texts: before.texts }).toEqual(before);
  });

  it('texts: the same key may exist in two organizations; a race between two creates gives one 201 and one 409', async () => {
    const key = uniqueKey('shared');
    await created(api, '/v1/texts', { key, value: 'acme' });
    await created(globex, '/v1/texts', { key, value: 'globex' });
    const raced = uniqueKey('race');
    const answers = await Promise.all([1, 2, 3, 4].map((n) => api.post('/v1/texts', { key: raced, value: String(n) })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('risk blocks: create (draft), approve records who and when, back to draft clears it, list wrapped under riskBlocks', async () => {
    const key = uniqueKey('gdpr_art_9');
    const block = await created(api, '/v1/risk-blocks', { key, heading: 'Special categories', template: 'Processing of {{ category }} data', statutoryRef: 'GDPR Art. 9', appliesTo: 'health' });
    expect(block).toMatchObject({ key, status: 'draft', approvedBy: null, approvedAt: null, statutoryRef: 'GDPR Art. 9' });
    const list = await api.get('/v1/risk-blocks');
    expect(list.body.riskBlocks.map((b: { key: string }) => b.key)).toContain(key);

    const approved = await api.patch(`/v1/risk-blocks/${block.id}`, { status: 'approved', appliesTo: null });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', approvedBy: 'dev@localhost', appliesTo: null, statutoryRef: 'GDPR Art. 9' });
    expect(Date.parse(approved.body.approvedAt)).not.toBeNaN();
    const renamed = await api.patch(`/v1/risk-blocks/${block.id}`, { statutoryRef: null });
    expect(renamed.body).toMatchObject({ status: 'approved', approvedAt: approved.body.approvedAt, statutoryRef: null });

    // Approval is of the content: a changed template without status goes back to draft.
    const edited = await api.patch(`/v1/risk-blocks/${block.id}`, { template: 'Processing of {{ category }} data is restricted' });
    expect(edited.body).toMatchObject({ status: 'draft', approvedBy: null, approvedAt: null });
    const reapproved = await api.patch(`/v1/risk-blocks/${block.id}`, { template: 'v3 {{ category }}', status: 'approved' });
    expect(reapproved.body).toMatchObject({ status: 'approved', approvedBy: 'dev@localhost', template: 'v3 {{ category }}' });
    const draft = await api.patch(`/v1/risk-blocks/${block.id}`, { status: 'draft' });
    expect(draft.body).toMatchObject({ status: 'draft', approvedBy: null, approvedAt: null });

    const born = await created(api, '/v1/risk-blocks', { key: uniqueKey('approved'), heading: 'H', template: 'T', status: 'approved' });
    expect(born).toMatchObject({ status: 'approved', approvedBy: 'dev@localhost' });
    expect((await api.delete(`/v1/risk-blocks/${born.id}`)).body).toEqual({ ok: true });
    expect((await api.get(`/v1/risk-blocks/${born.id}`)).status).toBe(404);
  });

  it('risk blocks: blank key/heading/template, bad status, unparsable template → 422; duplicate key → 409; nothing changes', async () => {
    const key = uniqueKey('rb');
    const block = await created(api, '/v1/risk-blocks', { key, heading: 'H', template: 'T' });
    const before = await countLibraryRows(server);
    const posts: Array<[unknown, number, RegExp]> = [
      [{ key: ' ', heading: 'H', template: 'T' }, 422, /key must not be blank/],
      [{ key: uniqueKey('x'), heading: '', template: 'T' }, 422, /heading must not be blank/],
      [{ key: uniqueKey('x'), heading: 'H', template: '  ' }, 422, /template must not be blank/],
      [{ key: uniqueKey('x'), heading: 'H', template: 'T', status: 'published' }, 422, /status must be one of draft, approved/],
      [{ key: uniqueKey('x'), heading: 'H', template: '{% if x %}' }, 422, /template does not parse/],
      [{ key, heading: 'H', template: 'T' }, 409, /already exists/],
    ];
    for (const [body, status, detail] of posts) {
      const response = await api.post('/v1/risk-blocks', body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.detail).toMatch(detail);
    }
    const patches: Array<[unknown, number]> = [[{}, 422], [{ key: null }, 422], [{ heading: ' ' }, 422], [{ template: null }, 422], [{ status: 'rejected' }, 422], [{ status: null }, 422]];
    for (const [body, status] of patches) expect((await api.patch(`/v1/risk-blocks/${block.id}`, body)).status, JSON.stringify(body)).toBe(status);
    const other = await created(api, '/v1/risk-blocks', { key: uniqueKey('other'), heading: 'H', template: 'T' });
    expect((await api.patch(`/v1/risk-blocks/${other.id}`, { key })).status).toBe(409);
    expect((await api.get(`/v1/risk-blocks/${block.id}`)).body).toEqual(block);
    expect({ ...(await countLibraryRows(server)), risk_blocks: before.risk_blocks }).toEqual(before);
  });

  it('voices: CRUD, description is the rubric and samples the passages, null clears, names unique (409)', async () => {
    const name = uniqueKey('Plain English');
    const voice = await created(api, '/v1/voices', { name, description: 'Short sentences. Active voice.', samples: ['We will deliver on time.'] });
    expect(voice).toMatchObject({ name, description: 'Short sentences. Active voice.', samples: ['We will deliver on time.'] });
    expect((await api.get('/v1/voices')).body.map((v: { name: string }) => v.name)).toContain(name);
    expect((await api.get(`/v1/voices/${voice.id}`)).body).toEqual(voice);
    const cleared = await api.patch(`/v1/voices/${voice.id}`, { description: null });
    expect(cleared.body).toMatchObject({ name, description: null, samples: ['We will deliver on time.'] });
    const noSamples = await api.patch(`/v1/voices/${voice.id}`, { samples: null });
    expect(noSamples.body).toMatchObject({ description: null, samples: [] });

    expect((await api.post('/v1/voices', { name })).status).toBe(409);
    expect((await api.post('/v1/voices', { name: '   ' })).status).toBe(422);
    expect((await api.post('/v1/voices', { name: '' })).status).toBe(422);
    expect((await api.patch(`/v1/voices/${voice.id}`, {})).status).toBe(422);
    expect((await api.patch(`/v1/voices/${voice.id}`, { name: null })).status).toBe(422);
    const other = await created(api, '/v1/voices', { name: uniqueKey('Formal') });
    expect((await api.patch(`/v1/voices/${other.id}`, { name })).status).toBe(409);
    await created(globex, '/v1/voices', { name });

    expect((await api.delete(`/v1/voices/${voice.id}`)).body).toEqual({ ok: true });
    expect((await api.get(`/v1/voices/${voice.id}`)).status).toBe(404);
  });

  it('cross-organization: another organization\'s text, risk block and voice are 404 to read, patch and delete, and stay unchanged', async () => {
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
    expect((await api.get('/v1/texts')).body.map((t: { id: string }) => t.id)).not.toContain(text.id);
    expect((await api.get('/v1/risk-blocks')).body.riskBlocks.map((b: { id: string }) => b.id)).not.toContain(block.id);
    expect((await api.get('/v1/voices')).body.map((v: { id: string }) => v.id)).not.toContain(voice.id);
  });
});
