/**
 * Tool registrations over real HTTP on every dialect: CRUD, the class allow-list and per-class
 * config checks, credentials refused (nothing stored, nothing echoed), duplicate names,
 * cross-organization 404, and real calls through the gateway: built-in tools, an allow-listed
 * JSON API, the SSRF guard refusing what is not allow-listed, and an MCP round trip whose server
 * checks the caller's forwarded bearer token and e-mail.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningTestServer, startJsonApiServer, startMcpTestServer } from '../../src/adapters/tools/test-support/tool-test-servers.js';
import { Api } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const SECRET = 's3cr3t-v4lue-never-stored';

describeEachDialect('tool registrations', (dialect) => {
  let server: TestServer;
  let jsonApi: RunningTestServer;
  let mcp: RunningTestServer;
  let token: string;
  /** What the MCP server accepts; tests may change it to play a server that expects someone else. */
  const expected = { token: '', email: 'dev@localhost' };
  let api: Api;
  let globex: Api;

  beforeAll(async () => {
    jsonApi = await startJsonApiServer();
    // The MCP server learns the token it must see once the Quire server has issued it.
    mcp = await startMcpTestServer(expected);
    server = await startTestServer({ dialect, env: { TOOL_ALLOWED_HOSTS: `127.0.0.1:${jsonApi.port},127.0.0.1:${mcp.port}` } });
    token = await server.login();
    expected.token = token;
    api = new Api(server, token, 'acme');
    globex = api.as('globex');
  });
  afterAll(async () => {
    await server?.close();
    await jsonApi?.close();
    await mcp?.close();
  });

  const countTools = async () =>
    Number(
      (
        await server.store.db
          .selectFrom('tool_registrations')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const register = async (body: Record<string, unknown>) => {
    const created = await api.post('/v1/tool-registrations', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  };

  it('creates (201), lists, gets and deletes registrations of every class', async () => {
    const bodies = [
      { name: 'fx-table', category: 'finance', classPath: 'builtin.currency_convert', configJson: { base: 'EUR', rates: { USD: 1.08 }, asOf: '2026-01-02' } },
      { name: 'deadline-math', category: 'dates', classPath: 'builtin.date_add', configJson: {} },
      {
        name: 'rates-api',
        category: 'finance',
        classPath: 'http.json',
        configJson: { url: 'https://rates.example/v1/latest', query: { base: 'EUR' }, resultPath: 'rates' },
      },
      { name: 'matters', category: 'crm', classPath: 'mcp.http', configJson: { url: 'https://mcp.example/mcp', tool: 'lookup_matter' } },
    ];
    const ids: string[] = [];
    for (const body of bodies) {
      const created = await register(body);
      expect(created).toMatchObject(body);
      expect(created.id).toMatch(/^tool_/);
      ids.push(created.id);
    }
    const list = await api.get('/v1/tool-registrations');
    expect(list.status).toBe(200);
    expect(list.body.filter((t: { id: string }) => ids.includes(t.id)).map((t: { name: string }) => t.name)).toEqual(bodies.map((b) => b.name));
    const one = await api.get(`/v1/tool-registrations/${ids[2]}`);
    expect(one.body).toMatchObject({ id: ids[2], name: 'rates-api', classPath: 'http.json', configJson: bodies[2].configJson });
    expect(await api.delete(`/v1/tool-registrations/${ids[1]}`)).toMatchObject({ status: 200, body: { ok: true } });
    expect((await api.get(`/v1/tool-registrations/${ids[1]}`)).status).toBe(404);
    expect((await api.delete(`/v1/tool-registrations/${ids[1]}`)).status).toBe(404);
  });

  it('refuses an unknown classPath and configs the class does not accept with 422, storing nothing', async () => {
    const before = await countTools();
    const refused: Array<[Record<string, unknown>, RegExp]> = [
      [
        { name: 'x', category: 'c', classPath: 'python.exec', configJson: {} },
        /classPath "python.exec" is not a tool class; use one of: http\.json, mcp\.http/,
      ],
      [{ name: 'x', category: 'c', classPath: 'http.json', configJson: {} }, /configJson\.url is required/],
      [{ name: 'x', category: 'c', classPath: 'http.json', configJson: { url: 'ftp://files.example/x' } }, /http or https URL/],
      [{ name: 'x', category: 'c', classPath: 'http.json', configJson: { url: 'https://a.example', method: 'DELETE' } }, /method must be GET or POST/],
      [
        { name: 'x', category: 'c', classPath: 'http.json', configJson: { url: 'https://a.example', resultpath: 'a' } },
        /configJson\.resultpath is not a setting/,
      ],
      [
        { name: 'x', category: 'c', classPath: 'http.json', configJson: { url: 'https://a.example', headers: { Host: 'admin.internal' } } },
        /headers must not set Host/,
      ],
      [{ name: 'x', category: 'c', classPath: 'mcp.http', configJson: { url: 'https://mcp.example/mcp' } }, /configJson\.tool is required/],
      [
        { name: 'x', category: 'c', classPath: 'builtin.currency_convert', configJson: { base: 'EUR', rates: { USD: -1 } } },
        /rates\.USD must be a positive number/,
      ],
      [{ name: 'x', category: 'c', classPath: 'builtin.date_add', configJson: { zone: 'UTC' } }, /configJson\.zone is not a setting/],
      [{ name: '   ', category: 'c', classPath: 'builtin.date_add', configJson: {} }, /name must not be blank/],
    ];
    for (const [body, detail] of refused) {
      const response = await api.post('/v1/tool-registrations', body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.detail).toMatch(detail);
    }
    expect((await api.post('/v1/tool-registrations', { name: 'x', classPath: 'builtin.date_add' })).status).toBe(422);
    expect((await api.post('/v1/tool-registrations', { name: 'x', category: 'c', classPath: 'builtin.date_add', configJson: [] })).status).toBe(422);
    expect(await countTools()).toBe(before);
  });

  it('refuses credential-like keys at any depth (nested auth.token, arrays, headers, URLs) and never echoes them', async () => {
    const before = await countTools();
    const configs = [
      { auth: { token: SECRET } },
      { url: 'https://a.example', headers: { Authorization: `Bearer ${SECRET}` } },
      { url: 'https://a.example', steps: [{ note: 'ok' }, { nested: { API_KEY: SECRET } }] },
      { url: `https://a.example/v1?api_key=${SECRET}` },
      { url: `https://user:${SECRET}@a.example/` },
      { url: 'https://a.example', clientSecret: SECRET },
      { url: 'https://a.example', password: SECRET },
    ];
    for (const configJson of configs) {
      const response = await api.post('/v1/tool-registrations', { name: 'leaky', category: 'c', classPath: 'http.json', configJson });
      expect(response.status, JSON.stringify(configJson)).toBe(422);
      expect(response.body.detail).toMatch(/configJson must not contain credentials/);
      expect(JSON.stringify(response.body)).not.toContain(SECRET);
    }
    const nested = await api.post('/v1/tool-registrations', {
      name: 'leaky',
      category: 'c',
      classPath: 'mcp.http',
      configJson: { url: 'https://mcp.example', tool: 't', auth: { token: 'x' } },
    });
    expect(nested.status).toBe(422);
    expect(nested.body.detail).toMatch(/configJson\.auth/);
    expect(await countTools()).toBe(before);
    const rows = await server.store.db.selectFrom('tool_registrations').select('config_json').execute();
    expect(JSON.stringify(rows)).not.toContain(SECRET);
    expect(JSON.stringify((await api.get('/v1/tool-registrations')).body)).not.toContain(SECRET);
    expect(server.logs.join('')).not.toContain(SECRET);
  });

  it('answers 409 for a duplicate name in the organization; another organization may reuse it', async () => {
    await register({ name: 'dup-tool', category: 'c', classPath: 'builtin.date_add', configJson: {} });
    const before = await countTools();
    const duplicate = await api.post('/v1/tool-registrations', { name: 'dup-tool', category: 'other', classPath: 'builtin.date_add', configJson: {} });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.detail).toMatch(/"dup-tool" is already registered/);
    expect(await countTools()).toBe(before);
    expect((await globex.post('/v1/tool-registrations', { name: 'dup-tool', category: 'c', classPath: 'builtin.date_add', configJson: {} })).status).toBe(201);
  });

  it("answers 404 for another organization's registration and leaves it unchanged", async () => {
    const tool = await register({ name: 'acme-only', category: 'c', classPath: 'builtin.date_add', configJson: {} });
    expect((await globex.get(`/v1/tool-registrations/${tool.id}`)).status).toBe(404);
    expect((await globex.delete(`/v1/tool-registrations/${tool.id}`)).status).toBe(404);
    expect((await globex.post(`/v1/tool-registrations/${tool.id}/invoke`, { args: { date: '2026-01-01', days: 1 } })).status).toBe(404);
    expect((await globex.get('/v1/tool-registrations')).body.map((t: { id: string }) => t.id)).not.toContain(tool.id);
    expect((await api.get(`/v1/tool-registrations/${tool.id}`)).body).toEqual(tool);
  });

  it('invokes built-in tools and reports bad arguments as 422', async () => {
    const due = await register({ name: 'due-date', category: 'dates', classPath: 'builtin.date_add', configJson: {} });
    const result = await api.post(`/v1/tool-registrations/${due.id}/invoke`, { args: { date: '2026-01-31', months: 1 } });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ value: '2026-02-28', source: { kind: 'tool', tool: 'due-date' } });
    const bad = await api.post(`/v1/tool-registrations/${due.id}/invoke`, { args: { date: 'soon' } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/tool due-date failed: "date" must be a date/);
  });

  it('calls an allow-listed JSON API through http.json and cites it', async () => {
    const rates = await register({
      name: 'local-rates',
      category: 'finance',
      classPath: 'http.json',
      configJson: { url: `${jsonApi.url}/rates`, query: { currency: '{{currency}}' }, resultPath: 'data' },
    });
    const result = await api.post(`/v1/tool-registrations/${rates.id}/invoke`, { args: { currency: 'USD' } });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toEqual({
      value: { base: 'EUR', currency: 'USD', rate: 1.08 },
      source: {
        title: `local-rates (127.0.0.1:${jsonApi.port})`,
        kind: 'tool',
        tool: 'local-rates',
        url: `${jsonApi.url}/rates`,
        text: '{"base":"EUR","currency":"USD","rate":1.08}',
      },
    });
  });

  it('refuses loopback, metadata, private and localhost URLs that are not allow-listed: when registered, or when a call fills them in (422, no request made)', async () => {
    const before = jsonApi.requests.length;
    const urls: Array<[string, RegExp]> = [
      ['http://127.0.0.1:9/x', /loopback/],
      ['http://169.254.169.254/latest/meta-data/', /link-local/],
      ['http://10.0.0.1/', /private/],
      ['http://[::1]:9/', /loopback/],
      [`http://localhost:${jsonApi.port}/rates`, /localhost resolves to .*loopback/],
    ];
    for (const [url, why] of urls) {
      const refused = await api.post('/v1/tool-registrations', { name: 'guarded', category: 'c', classPath: 'http.json', configJson: { url } });
      expect(refused.status, url).toBe(422);
      expect(refused.body.detail).toMatch(why);
    }
    // A host the call's arguments fill in is known only then: the call-time guard refuses it.
    const templated = await register({
      name: 'guarded-host',
      category: 'c',
      classPath: 'http.json',
      configJson: { url: `http://{{host}}:${jsonApi.port}/rates` },
    });
    const response = await api.post(`/v1/tool-registrations/${templated.id}/invoke`, { args: { host: 'localhost' } });
    expect(response.status).toBe(422);
    expect(response.body.detail).toMatch(/localhost resolves to .*loopback/);
    expect(jsonApi.requests.length).toBe(before);
  });

  it("round-trips an MCP tool, forwarding the caller's bearer token and e-mail (and never storing them)", async () => {
    const matters = await register({
      name: 'matters-mcp',
      category: 'crm',
      classPath: 'mcp.http',
      configJson: { url: `${mcp.url}/mcp`, tool: 'lookup_matter' },
    });
    const result = await api.post(`/v1/tool-registrations/${matters.id}/invoke`, { args: { client: 'Acme GmbH' } });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.value).toEqual({ client: 'Acme GmbH', owner: 'dev@localhost', matters: ['Acme GmbH – data processing agreement'] });
    expect(result.body.source).toMatchObject({ kind: 'tool', tool: 'matters-mcp', url: `${mcp.url}/mcp` });
    const posts = mcp.requests.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) expect(post.headers).toMatchObject({ authorization: `Bearer ${token}`, 'x-user-email': 'dev@localhost', 'x-org-slug': 'acme' });
    const rows = await server.store.db.selectFrom('tool_registrations').select('config_json').execute();
    expect(JSON.stringify(rows)).not.toContain(token);

    // A server that expects another user refuses this caller: its refusal comes back as 422.
    expected.token = 'a-token-of-someone-else';
    try {
      const refused = await api.post(`/v1/tool-registrations/${matters.id}/invoke`, { args: { client: 'Acme GmbH' } });
      expect(refused.status).toBe(422);
      expect(refused.body.detail).toMatch(/unauthorized: token does not match/);
    } finally {
      expected.token = token;
    }
  });
});
