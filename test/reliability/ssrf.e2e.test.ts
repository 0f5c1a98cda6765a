/**
 * The SSRF corpus over real HTTP on SQLite. The only URLs the service fetches on a
 * tenant's say are tool registrations' (`http.json` and `mcp.http`, called on invoke and while
 * gathering; both go through `adapters/tools/ssrf-guard.ts` + `guarded-fetch.ts`) and webhooks'.
 * A tool URL naming a loopback, private or link-local address is refused when it is registered
 * (422 naming why, nothing stored), as a webhook's is (issue #28, row 7); the call-time guard
 * still checks every call (a host filled in from the call's arguments, an allow-listed server's
 * redirects). A victim server listens on loopback and must never receive a request, whatever
 * encoding of its address the tool URL uses. `TOOL_ALLOWED_HOSTS` (host or host:port) is the one
 * setting that lets loopback through; here it names only the redirector, by port.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeOneDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

interface Listening {
  port: number;
  hits: string[];
  close(): Promise<void>;
}

/** A server on 127.0.0.1 that records every request; `handler` answers it. */
async function listen(handler: (request: http.IncomingMessage, response: http.ServerResponse) => void): Promise<Listening> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every spelling of "this machine" (and its neighbours) a tool URL might use; `P` is the victim's port. */
function loopbackCorpus(p: number): Array<[string, RegExp]> {
  const loopback = /loopback/;
  return [
    [`http://127.0.0.1:${p}/`, loopback],
    [`http://127.1:${p}/`, loopback],
    [`http://2130706433:${p}/`, loopback],
    [`http://0x7f000001:${p}/`, loopback],
    [`http://0x7f.0.0.1:${p}/`, loopback],
    [`http://0177.0.0.1:${p}/`, loopback],
    [`http://017700000001:${p}/`, loopback],
    [`http://%31%32%37.0.0.1:${p}/`, loopback],
    [`http://127.255.255.254:${p}/`, loopback],
    [`http://[::1]:${p}/`, loopback],
    [`http://[0000::1]:${p}/`, loopback],
    [`http://[::ffff:127.0.0.1]:${p}/`, loopback],
    [`http://[0:0:0:0:0:ffff:7f00:1]:${p}/`, loopback],
    [`http://[64:ff9b::7f00:1]:${p}/`, loopback],
    [`http://0.0.0.0:${p}/`, /unspecified/],
    [`http://0:${p}/`, /unspecified/],
    [`http://[::]:${p}/`, /unspecified/],
    [`http://localhost:${p}/`, /localhost resolves to .*loopback/],
    [`http://LOCALHOST:${p}/`, /localhost resolves to .*loopback/],
    // With a trailing dot: the same name (the guard looks it up without the dot, whatever the resolver makes of it).
    [`http://localhost.:${p}/`, /loopback/],
    ['http://169.254.169.254/latest/meta-data/', /link-local/],
    ['http://169.254.169.254./latest/meta-data/', /link-local/],
    ['http://[::ffff:169.254.169.254]/latest/meta-data/', /link-local/],
    ['http://[fe80::1]/', /link-local/],
    ['http://10.0.0.1/', /private/],
    ['http://172.16.0.1/', /private/],
    ['http://192.168.1.1/', /private/],
    ['http://[fc00::1]/', /private/],
    ['http://100.64.0.1/', /carrier-grade NAT/],
  ];
}

describeOneDialect('SSRF corpus', (dialect) => {
  let server: TestServer;
  let api: Api;
  let victim: Listening;
  let redirector: Listening;
  let registered = 0;

  beforeAll(async () => {
    victim = await listen((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"secret":"loopback data"}'));
    // Answers 302 to wherever `?to=` says: an allow-listed host trying to bounce the call inward.
    redirector = await listen((request, response) => {
      const to = new URL(request.url ?? '/', 'http://x').searchParams.get('to') ?? '/';
      response.writeHead(302, { location: to }).end();
    });
    server = await startTestServer({ dialect, env: { TOOL_ALLOWED_HOSTS: `127.0.0.1:${redirector.port}` } });
    api = await apiFor(server);
  });
  afterAll(async () => {
    await server?.close();
    await victim?.close();
    await redirector?.close();
  });

  const configFor = (classPath: 'http.json' | 'mcp.http', url: string) => (classPath === 'http.json' ? { url } : { url, tool: 'lookup' });
  const register = (classPath: 'http.json' | 'mcp.http', url: string) =>
    api.post('/v1/tool-registrations', { name: `ssrf-${registered++}`, category: 'probe', classPath, configJson: configFor(classPath, url) });
  const storedTools = async () => (await server.store.db.selectFrom('tool_registrations').select('id').execute()).length;

  /** Registers a tool the registration check lets through and invokes it with `args`. */
  const invoke = async (classPath: 'http.json' | 'mcp.http', url: string, args: Record<string, unknown> = {}) => {
    const created = await register(classPath, url);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return api.post(`/v1/tool-registrations/${created.body.id}/invoke`, { args });
  };

  it.each(['http.json', 'mcp.http'] as const)(
    'refuses every loopback, link-local and private encoding when a %s tool is registered (422 naming why, nothing stored)',
    async (classPath) => {
      const corpus = loopbackCorpus(victim.port);
      expect(corpus.length).toBeGreaterThanOrEqual(25);
      const before = await storedTools();
      for (const [url, why] of corpus) {
        const answer = await register(classPath, url);
        expect(answer.status, url).toBe(422);
        expect(answer.body.detail, url).toMatch(/^configJson\.url: /);
        expect(answer.body.detail, url).toMatch(why);
      }
      expect(await storedTools()).toBe(before);
      expect(victim.hits).toEqual([]);
    },
  );

  it('refuses a loopback URL with placeholders in its path at registration, and an address filled into the host at the call', async () => {
    const templatedPath = await register('http.json', `http://127.0.0.1:${victim.port}/items/{{id}}?q={{q}}`);
    expect(templatedPath.status).toBe(422);
    expect(templatedPath.body.detail).toMatch(/loopback/);
    for (const host of ['127.0.0.1', 'localhost', '169.254.169.254', '10.0.0.1']) {
      const answer = await invoke('http.json', `http://{{host}}:${victim.port}/`, { host });
      expect(answer.status, host).toBe(422);
      expect(answer.body.detail, host).toMatch(/loopback|link-local|private/);
    }
    expect(victim.hits).toEqual([]);
  });

  it("does not follow an allow-listed server's redirects to loopback or the metadata address", async () => {
    const targets = [
      `http://127.0.0.1:${victim.port}/`,
      `http://localhost:${victim.port}/`,
      `http://[::1]:${victim.port}/`,
      'http://169.254.169.254/latest/meta-data/',
    ];
    for (const target of targets) {
      const url = `http://127.0.0.1:${redirector.port}/bounce?to=${encodeURIComponent(target)}`;
      const viaJson = await invoke('http.json', url);
      expect(viaJson.status, target).toBe(422);
      expect(viaJson.body.detail).toMatch(/redirect \(HTTP 302\).*not followed/);
      const viaMcp = await invoke('mcp.http', url);
      expect(viaMcp.status, target).toBe(422);
    }
    // The redirector was reached (it is allow-listed); the victim never was.
    expect(redirector.hits.length).toBeGreaterThanOrEqual(targets.length * 2);
    expect(victim.hits).toEqual([]);
  });

  it("allow-lists by host and port: the allowed port passes, the victim's port on the same host does not", async () => {
    const allowed = await invoke('http.json', `http://127.0.0.1:${redirector.port}/bounce?to=/`);
    // Reached (and refused only because it redirects), so the allow-list let it through.
    expect(allowed.body.detail).toMatch(/redirect/);
    const other = await register('http.json', `http://127.0.0.1:${victim.port}/`);
    expect(other.status).toBe(422);
    expect(other.body.detail).toMatch(/loopback/);
    expect(victim.hits).toEqual([]);
  });

  it('refuses URLs with credentials and schemes other than http(s) (422, nothing stored)', async () => {
    const before = await storedTools();
    const refused: Array<[string, RegExp]> = [
      ['file:///etc/passwd', /http or https URL/],
      ['gopher://127.0.0.1:70/_', /http or https URL/],
      ['ftp://10.0.0.1/x', /http or https URL/],
      [`http://user:pass@127.0.0.1:${victim.port}/`, /must not contain credentials/],
    ];
    for (const [url, why] of refused) {
      const created = await api.post('/v1/tool-registrations', {
        name: `scheme-${registered++}`,
        category: 'probe',
        classPath: 'http.json',
        configJson: { url },
      });
      expect(created.status, url).toBe(422);
      expect(created.body.detail, url).toMatch(why);
    }
    expect(await storedTools()).toBe(before);
    expect(victim.hits).toEqual([]);
  });
});
