/**
 * The gateway against real servers on 127.0.0.1: http.json (allow-listed), the SSRF guard in the
 * path of every call, and an MCP round trip whose server checks the forwarded token and e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolCaller, ToolRegistrationInput } from '../../pipeline/ports.js';
import { type RunningTestServer, startJsonApiServer, startMcpTestServer } from './test-support/tool-test-servers.js';
import { createToolGateway } from './tool-gateway.js';

const caller: ToolCaller = { bearerToken: 'token-of-the-caller', subject: 'ada', email: 'ada@example.com', orgSlug: 'acme' };
const call = (gateway: ReturnType<typeof createToolGateway>, registration: ToolRegistrationInput, args: Record<string, unknown> = {}, timeoutMs = 5000) =>
  gateway.call({ registration, args, caller, timeoutMs });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );

describe('tool gateway', () => {
  let api: RunningTestServer;
  let mcp: RunningTestServer;
  let allowed: ReturnType<typeof createToolGateway>;

  beforeAll(async () => {
    api = await startJsonApiServer();
    mcp = await startMcpTestServer({ token: caller.bearerToken, email: 'ada@example.com' });
    allowed = createToolGateway({ allowedHosts: [`127.0.0.1:${api.port}`, `127.0.0.1:${mcp.port}`] });
  });
  afterAll(async () => {
    await api?.close();
    await mcp?.close();
  });

  const http = (config: Record<string, unknown>): ToolRegistrationInput => ({ name: 'rates', classPath: 'http.json', config });

  it('calls an allow-listed JSON API with GET, fills placeholders, picks resultPath and cites the URL', async () => {
    const result = await call(allowed, http({ url: `${api.url}/rates`, query: { currency: '{{ currency }}' }, resultPath: 'data.rate' }), { currency: 'USD' });
    expect(result.value).toBe(1.08);
    expect(result.source).toEqual({ title: `rates (127.0.0.1:${api.port})`, kind: 'tool', tool: 'rates', url: `${api.url}/rates`, text: '1.08' });
    expect(api.requests.at(-1)?.path).toBe('/rates?currency=USD');
  });

  it('POSTs a filled body template, keeping argument types', async () => {
    const result = await call(
      allowed,
      http({ url: `${api.url}/echo`, method: 'POST', bodyTemplate: { q: '{{ client }}', n: '{{ n }}', label: 'for {{ client }}' } }),
      { client: 'Acme', n: 3 },
    );
    expect(result.value).toMatchObject({ method: 'POST', body: { q: 'Acme', n: 3, label: 'for Acme' }, accept: 'application/json' });
  });

  it('refuses the same server when it is not allow-listed, without connecting', async () => {
    const before = api.requests.length;
    const guarded = createToolGateway({ allowedHosts: [] });
    expect(await failure(call(guarded, http({ url: `${api.url}/rates` })))).toMatch(/127\.0\.0\.1, a loopback address/);
    expect(await failure(call(guarded, http({ url: `http://localhost:${api.port}/rates` })))).toMatch(/localhost resolves to .* loopback/);
    expect(await failure(call(guarded, http({ url: 'http://169.254.169.254/latest/meta-data/' })))).toMatch(/link-local/);
    expect(await failure(call(guarded, http({ url: 'http://10.0.0.1/' })))).toMatch(/private/);
    expect(await failure(call(guarded, http({ url: 'http://[::1]/' })))).toMatch(/loopback/);
    expect(api.requests.length).toBe(before);
  });

  it('connects to the address it checked, not to a second DNS answer (pinning)', async () => {
    // "api.quire.test" does not exist in DNS: the call only succeeds because the checked address is pinned.
    const pinned = createToolGateway({ allowedHosts: [`api.quire.test:${api.port}`], lookup: async () => [{ address: '127.0.0.1', family: 4 }] });
    const result = await call(pinned, http({ url: `http://api.quire.test:${api.port}/echo` }));
    expect(result.value).toMatchObject({ method: 'GET', host: `api.quire.test:${api.port}` });
  });

  it('does not follow redirects, refuses non-JSON, caps the size and times out', async () => {
    expect(await failure(call(allowed, http({ url: `${api.url}/redirect` })))).toMatch(/redirect \(HTTP 302\).*not followed/);
    expect(await failure(call(allowed, http({ url: `${api.url}/html` })))).toMatch(/text\/html, not JSON/);
    expect(await failure(call(allowed, http({ url: `${api.url}/missing` })))).toMatch(/HTTP 404/);
    expect(await failure(call(allowed, http({ url: `${api.url}/big` })))).toMatch(/larger than 5120 KiB/);
    expect(await failure(call(allowed, http({ url: `${api.url}/slow` }), {}, 300))).toMatch(/did not answer within 300 ms/);
    expect(await failure(call(allowed, http({ url: `${api.url}/rates`, resultPath: 'data.nothing' })))).toMatch(/nothing at resultPath "data.nothing"/);
  });

  it("round-trips an MCP tool call, forwarding the caller's bearer token and e-mail", async () => {
    const registration = { name: 'matters', classPath: 'mcp.http', config: { url: `${mcp.url}/mcp`, tool: 'lookup_matter' } };
    const result = await call(allowed, registration, { client: 'Acme GmbH' });
    expect(result.value).toEqual({ client: 'Acme GmbH', owner: 'ada@example.com', matters: ['Acme GmbH – data processing agreement'] });
    expect(result.source).toMatchObject({ kind: 'tool', tool: 'matters', url: `${mcp.url}/mcp` });
    const posts = mcp.requests.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts)
      expect(post.headers).toMatchObject({ authorization: 'Bearer token-of-the-caller', 'x-user-email': 'ada@example.com', 'x-org-slug': 'acme' });
  });

  it("reports the MCP server's refusal when the forwarded identity is not the expected one", async () => {
    const registration = { name: 'matters', classPath: 'mcp.http', config: { url: `${mcp.url}/mcp`, tool: 'lookup_matter' } };
    const other = allowed.call({ registration, args: { client: 'Acme' }, caller: { ...caller, bearerToken: 'someone-else' }, timeoutMs: 5000 });
    expect(await failure(other)).toMatch(/reported an error: unauthorized: token does not match/);
  });

  it('guards MCP URLs too', async () => {
    const guarded = createToolGateway({ allowedHosts: [] });
    const before = mcp.requests.length;
    expect(await failure(call(guarded, { name: 'matters', classPath: 'mcp.http', config: { url: `${mcp.url}/mcp`, tool: 'lookup_matter' } }))).toMatch(
      /loopback/,
    );
    expect(mcp.requests.length).toBe(before);
  });

  it('runs built-in tools without the network', async () => {
    const result = await call(allowed, { name: 'due', classPath: 'builtin.date_add', config: {} }, { date: '2026-01-01', days: 10 });
    expect(result.value).toBe('2026-01-11');
  });
});
