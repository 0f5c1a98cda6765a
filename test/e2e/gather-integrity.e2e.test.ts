/**
 * Issue #11, "stale tool data", over real HTTP on every dialect: a gathered row is reused only
 * when everything it was derived from is unchanged — the rendered tool arguments (so a field
 * the arguments read), the tool registration's config and, for a per-user source, the caller.
 * `refresh: true` on gather and generate gathers every need afresh. Tool servers run on
 * loopback: a JSON API (`/vendors`) and an MCP server that answers each caller with their own data.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, decodeProtectedHeader, importPKCS8 } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningTestServer, startJsonApiServer, startMcpTestServer } from '../../src/adapters/tools/test-support/tool-test-servers.js';
import { IdentityRepository } from '../../src/modules/identity/identity.repository.js';
import { hashOf } from '../../src/pipeline/inputs-hash.js';
import { Api, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type ProgressEvent, collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const BOB = 'bob@example.test';

describeEachDialect('gather integrity', (dialect) => {
  let server: TestServer;
  let jsonApi: RunningTestServer;
  let mcp: RunningTestServer;
  let token: string;
  let bobToken: string;
  let api: Api;
  let bob: Api;

  /** A second user of the organization `acme`: a token signed with the server's dev key, and a membership. */
  async function loginAs(email: string): Promise<string> {
    const pem = await fs.readFile(path.join(server.dataDir, 'keys', 'jwt-signing-key.pem'), 'utf8');
    const key = await importPKCS8(pem, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    const signed = await new SignJWT({ email })
      .setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(token).kid })
      .setSubject(email)
      .setIssuer('quire-dev')
      .setAudience('quire')
      .setIssuedAt(now - 10)
      .setNotBefore(now - 10)
      .setExpirationTime(now + 3600)
      .sign(key);
    const identity = new IdentityRepository(server.store.db);
    const user = await identity.upsertUser(email, email);
    const acme = await identity.findOrganizationBySlug('acme');
    if (!acme) throw new Error('no acme organization');
    await identity.ensureMembership(user.id, acme.id, true);
    return signed;
  }

  beforeAll(async () => {
    jsonApi = await startJsonApiServer();
    mcp = await startMcpTestServer(null);
    server = await startTestServer({ dialect, env: { TOOL_ALLOWED_HOSTS: `127.0.0.1:${jsonApi.port},127.0.0.1:${mcp.port}` } });
    token = await server.login();
    api = new Api(server, token, 'acme');
    bobToken = await loginAs(BOB);
    bob = new Api(server, bobToken, 'acme');
    expect((await bob.get('/v1/whoami')).status).toBe(200);
    await createTemplate(api, {
      slug: 'vendor-review',
      title: 'Vendor review',
      fields: [
        { key: 'vendor_name', label: 'Vendor' },
        { key: 'reviewer', label: 'Reviewer' },
      ],
      sections: [
        { key: 'vendor', title: 'Vendor', render_mode: 'templated', output_template: 'Reviewed vendor: {{ vendor_info.vendor }} ({{ vendor_info.rating }}).' },
      ],
    });
    await createTemplate(api, {
      slug: 'matter-note',
      title: 'Matter note',
      fields: [{ key: 'client', label: 'Client' }],
      sections: [
        { key: 'matters', title: 'Matters', render_mode: 'templated', output_template: 'Matters of {{ matters.owner }}: {{ matters.matters | join(", ") }}' },
      ],
    });
  });
  afterAll(async () => {
    await server?.close();
    await jsonApi?.close();
    await mcp?.close();
  });

  const register = async (body: Record<string, unknown>) => {
    const created = await api.post('/v1/tool-registrations', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string };
  };
  const vendorTool = (name: string, extra: Record<string, unknown> = {}) =>
    register({ name, category: 'vendors', classPath: 'http.json', configJson: { url: `${jsonApi.url}/vendors`, resultPath: 'data', ...extra } });

  async function vendorDocument(toolName: string, vendor: string): Promise<string> {
    const created = await api.post('/v1/documents', { templateId: 'vendor-review', fields: { vendor_name: vendor, reviewer: 'Sam' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id: string = created.body.document.id;
    const need = await api.post(`/v1/documents/${id}/data-needs`, {
      kind: 'tool',
      output_key: 'vendor_info',
      tool_ref: toolName,
      args_json: { vendor: '{{ vendor_name }}' },
    });
    expect(need.status, JSON.stringify(need.body)).toBe(201);
    return id;
  }

  async function gather(client: Api, id: string, body: Record<string, unknown> = {}) {
    const response = await client.post(`/v1/documents/${id}/gather`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.failures).toEqual([]);
    return response.body as { gathered: Record<string, any>; needs: Array<{ outputKey: string; cached: boolean; inputsHash: string }> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  const cachedOf = (answer: Awaited<ReturnType<typeof gather>>, key: string) => answer.needs.find((n) => n.outputKey === key)?.cached;

  async function generate(client: Api, clientToken: string, id: string, body: Record<string, unknown> = {}): Promise<ProgressEvent[]> {
    const started = await client.post(`/v1/documents/${id}/generate`, body);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.started).toBe(true);
    const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, clientToken, { org: 'acme' });
    expect(events.at(-1)?.event, JSON.stringify(events.at(-1))).toBe('pipeline_finished');
    return events;
  }
  const needEvents = (events: ProgressEvent[], key: string) => events.filter((e) => e.event.startsWith('need_') && e.outputKey === key).map((e) => e.event);
  const vendorCalls = () => jsonApi.requests.filter((r) => r.path.startsWith('/vendors')).map((r) => new URL(r.path, 'http://x').searchParams.get('vendor'));
  const sectionContent = async (id: string, key: string) =>
    ((await api.get(`/v1/documents/${id}/sections`)).body as Array<{ key: string; content: string }>).find((s) => s.key === key)?.content;

  it("re-gathers a tool need whose templated arguments read a field that changed, and writes the new vendor's data", async () => {
    await vendorTool('vendor-api');
    const id = await vendorDocument('vendor-api', 'Initech Cloud');
    const first = await gather(api, id);
    expect(first.gathered.vendor_info).toMatchObject({ vendor: 'Initech Cloud', rating: 'B-rated' });
    expect(cachedOf(first, 'vendor_info')).toBe(false);
    // Unchanged inputs: the row is reused.
    expect(cachedOf(await gather(api, id), 'vendor_info')).toBe(true);
    // A field the arguments do not read changes nothing either.
    expect((await api.put(`/v1/documents/${id}/fields`, { fields: { reviewer: 'Kim' } })).status).toBe(200);
    expect(cachedOf(await gather(api, id), 'vendor_info')).toBe(true);

    expect((await api.put(`/v1/documents/${id}/fields`, { fields: { vendor_name: 'Globo Corp' } })).status).toBe(200);
    const before = vendorCalls().length;
    const events = await generate(api, token, id);
    expect(needEvents(events, 'vendor_info')).toEqual(['need_started', 'need_finished']);
    expect(vendorCalls().slice(before)).toEqual(['Globo Corp']);
    expect(await sectionContent(id, 'vendor')).toBe('Reviewed vendor: Globo Corp (A-rated).');

    const snapshots = (await api.get(`/v1/documents/${id}/generation-snapshots`)).body;
    const manifest = (await api.get(`/v1/documents/${id}/generation-snapshots/${snapshots[0].id}`)).body.manifest;
    expect(manifest.fieldValues.vendor_name).toBe('Globo Corp');
    const gathered = manifest.gathered.find((g: { outputKey: string }) => g.outputKey === 'vendor_info');
    expect(gathered).toMatchObject({
      cached: false,
      source: expect.objectContaining({ text: expect.stringContaining('Globo Corp') }),
      derivation: { fields: { vendor_name: hashOf('Globo Corp') } },
    });
    expect(gathered.source.text).not.toContain('Initech');
  });

  it('records what a gathered row was derived from, and misses the cache when the tool is registered again with another config', async () => {
    const tool = await vendorTool('vendor-api-2');
    const id = await vendorDocument('vendor-api-2', 'Contoso');
    const first = await gather(api, id);
    const row = await server.store.db
      .selectFrom('gathered_values')
      .selectAll()
      .where('document_id', '=', id)
      .where('output_key', '=', 'vendor_info')
      .executeTakeFirstOrThrow();
    expect(row.inputs_hash).toBe(first.needs[0].inputsHash);
    const derivation = JSON.parse(String((row as Record<string, unknown>).derivation_json));
    expect(derivation).toEqual({
      v: 2,
      kind: 'tool',
      args: { vendor: hashOf('Contoso') },
      prompt: null,
      deps: {},
      fields: { vendor_name: hashOf('Contoso') },
      variables: null,
      tool: { name: 'vendor-api-2', classPath: 'http.json', config: hashOf({ url: `${jsonApi.url}/vendors`, resultPath: 'data' }) },
      model: null,
      caller: null,
    });
    expect(derivation.fields).not.toHaveProperty('reviewer');

    expect((await api.delete(`/v1/tool-registrations/${tool.id}`)).status).toBe(200);
    await vendorTool('vendor-api-2', { query: { region: 'eu' } });
    const again = await gather(api, id);
    expect(cachedOf(again, 'vendor_info')).toBe(false);
    expect(again.gathered.vendor_info.query).toMatchObject({ region: 'eu', vendor: 'Contoso' });
    expect(again.needs[0].inputsHash).not.toBe(first.needs[0].inputsHash);
  });

  it("never serves one user's answer from a per-user source to another user of the same document", async () => {
    await register({ name: 'matters', category: 'crm', classPath: 'mcp.http', configJson: { url: `${mcp.url}/mcp`, tool: 'lookup_matter' } });
    const created = await api.post('/v1/documents', { templateId: 'matter-note', fields: { client: 'Acme' } });
    const id: string = created.body.document.id;
    expect(
      (await api.post(`/v1/documents/${id}/data-needs`, { kind: 'tool', output_key: 'matters', tool_ref: 'matters', args_json: { client: '{{ client }}' } }))
        .status,
    ).toBe(201);

    const mine = await gather(api, id);
    expect(mine.gathered.matters).toMatchObject({ owner: 'dev@localhost', client: 'Acme' });
    expect(cachedOf(await gather(api, id), 'matters')).toBe(true);

    const theirs = await gather(bob, id);
    expect(cachedOf(theirs, 'matters')).toBe(false);
    expect(theirs.gathered.matters).toMatchObject({ owner: BOB });
    expect(cachedOf(await gather(bob, id), 'matters')).toBe(true);

    // Bob generates: his own answer, never the dev user's.
    await generate(bob, bobToken, id);
    expect(await sectionContent(id, 'matters')).toBe(`Matters of ${BOB}: Acme – data processing agreement`);
    // The dev user generates next: Bob's row is the newest, but it is not the dev user's.
    const events = await generate(api, token, id);
    expect(needEvents(events, 'matters')).toEqual(['need_started', 'need_finished']);
    expect(await sectionContent(id, 'matters')).toBe('Matters of dev@localhost: Acme – data processing agreement');

    const row = await server.store.db
      .selectFrom('gathered_values')
      .selectAll()
      .where('document_id', '=', id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(bobToken);
    expect(JSON.parse(String((row as Record<string, unknown>).derivation_json)).caller).toEqual({ subject: 'dev@localhost', email: 'dev@localhost' });
  });

  it('refresh: true gathers every need afresh, on gather and on generate', async () => {
    await vendorTool('vendor-api-3');
    const id = await vendorDocument('vendor-api-3', 'Umbrella');
    await gather(api, id);
    expect(cachedOf(await gather(api, id), 'vendor_info')).toBe(true);
    const before = vendorCalls().length;
    expect(cachedOf(await gather(api, id, { refresh: true }), 'vendor_info')).toBe(false);
    expect(vendorCalls().length).toBe(before + 1);

    const cachedRun = await generate(api, token, id);
    expect(needEvents(cachedRun, 'vendor_info')).toEqual(['need_cached']);
    const refreshed = await generate(api, token, id, { refresh: true });
    expect(needEvents(refreshed, 'vendor_info')).toEqual(['need_started', 'need_finished']);
    expect(refreshed.some((e) => e.event === 'need_cached')).toBe(false);
    expect(vendorCalls().length).toBe(before + 2);
    expect((await api.post(`/v1/documents/${id}/generate`, { refresh: 'yes' })).status).toBe(422);
  });
});
