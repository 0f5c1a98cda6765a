/**
 * AUTH_MODE=oidc against an identity provider stand-in: a real HTTP server on loopback serving
 * its JWKS. First-seen users are created from `sub`/`email`; AUTH_ORG_CLAIM grants memberships.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const ISSUER = 'https://idp.example.test/';
const AUDIENCE = 'quire-api';

describeEachDialect('oidc mode', (dialect) => {
  let idp: http.Server;
  let server: TestServer;
  let sign: (claims: Record<string, unknown>) => Promise<string>;
  let jwksRequests = 0;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'idp-key-1', alg: 'RS256', use: 'sig' };
    idp = http.createServer((_req, res) => {
      jwksRequests += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
    const { port } = idp.address() as AddressInfo;
    sign = async (claims) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'idp-key-1' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(privateKey);
    };
    server = await startTestServer({
      dialect,
      env: { AUTH_MODE: 'oidc', AUTH_JWKS_URL: `http://127.0.0.1:${port}/jwks`, AUTH_ISSUER: ISSUER, AUTH_AUDIENCE: AUDIENCE, AUTH_ORG_CLAIM: 'orgs' },
    });
  });
  afterAll(async () => {
    await server?.close();
    idp?.close();
  });

  it('dev-login does not exist in oidc mode', async () => {
    expect((await server.call('POST', '/auth/dev-login')).status).toBe(404);
  });

  it('creates a first-seen user and grants the organizations its claim lists', async () => {
    const token = await sign({ sub: 'idp|alice', email: 'alice@globex.test', orgs: ['globex', 'no-such-org'] });
    const response = await server.call('GET', '/v1/whoami', { token });
    expect(response.status).toBe(200);
    // A bare slug grants the default role (AUTH_ORG_CLAIM_DEFAULT_ROLE: editor).
    expect(await response.json()).toEqual({
      user: { email: 'alice@globex.test', organizations: ['globex'], memberships: [{ slug: 'globex', role: 'editor' }] },
      activeOrg: 'globex',
      activeRole: 'editor',
    });
    expect((await server.call('GET', '/v1/whoami', { token, org: 'acme' })).status).toBe(404);
    expect(jwksRequests).toBeGreaterThan(0);
  });

  it('a user without memberships has no active organization', async () => {
    const token = await sign({ sub: 'idp|bob', email: 'bob@example.test' });
    expect(await (await server.call('GET', '/v1/whoami', { token })).json()).toEqual({
      user: { email: 'bob@example.test', organizations: [], memberships: [] },
      activeOrg: null,
      activeRole: null,
    });
  });

  type Whoami = { user: { memberships: Array<{ slug: string; role: string }> }; activeRole: string | null };
  const membershipsOf = async (token: string) => ((await (await server.call('GET', '/v1/whoami', { token })).json()) as Whoami).user.memberships;

  it('memberships follow the claim: granted with its role, changed with it, removed when it drops the organization', async () => {
    const claims = (orgs: unknown) => sign({ sub: 'idp|carol', email: 'carol@example.test', orgs });
    expect(await membershipsOf(await claims(['acme:reviewer', 'globex']))).toEqual([
      { slug: 'acme', role: 'reviewer' },
      { slug: 'globex', role: 'editor' },
    ]);
    // A space-separated string claim, the role of acme lowered: the membership follows.
    expect(await membershipsOf(await claims('acme:viewer globex'))).toEqual([
      { slug: 'acme', role: 'viewer' },
      { slug: 'globex', role: 'editor' },
    ]);
    // The claim stops naming acme: the membership is gone, and acting in acme is 404.
    const withoutAcme = await claims(['globex']);
    expect(await membershipsOf(withoutAcme)).toEqual([{ slug: 'globex', role: 'editor' }]);
    expect((await server.call('GET', '/v1/documents', { token: withoutAcme, org: 'acme' })).status).toBe(404);
    // An unknown role grants the least one; a token without the claim keeps no claimed membership.
    expect(await membershipsOf(await claims(['globex:admin']))).toEqual([{ slug: 'globex', role: 'viewer' }]);
    expect(await membershipsOf(await sign({ sub: 'idp|carol', email: 'carol@example.test' }))).toEqual([]);
  });

  it('a membership an owner added stays when the claim does not name it, and the claim cannot be overridden through /v1/members', async () => {
    const owner = await sign({ sub: 'idp|olga', email: 'olga@acme.test', orgs: ['acme:owner'] });
    const dave = await sign({ sub: 'idp|dave', email: 'dave@example.test', orgs: ['globex:reviewer'] });
    expect(await membershipsOf(dave)).toEqual([{ slug: 'globex', role: 'reviewer' }]);
    const added = await server.call('POST', '/v1/members', { token: owner, org: 'acme', body: { subject: 'idp|dave', role: 'editor' } });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ subject: 'idp|dave', role: 'editor', source: 'local' });
    // Dave's next token still names only globex: the acme membership was not the claim's to remove.
    expect(await membershipsOf(dave)).toEqual([
      { slug: 'globex', role: 'reviewer' },
      { slug: 'acme', role: 'editor' },
    ]);
    // Olga's own membership came from the claim: changing it here would be undone on her next request.
    const members = (await (await server.call('GET', '/v1/members', { token: owner, org: 'acme' })).json()) as {
      members: Array<{ userId: string; subject: string; source: string }>;
    };
    const olga = members.members.find((m) => m.subject === 'idp|olga');
    expect(olga?.source).toBe('claim');
    const demote = await server.call('PATCH', `/v1/members/${olga?.userId}`, { token: owner, org: 'acme', body: { role: 'viewer' } });
    expect(demote.status).toBe(409);
    expect(((await demote.json()) as { detail: string }).detail).toMatch(/identity provider/);
  });

  it('refuses a token of the right key but another issuer', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'idp-key-1' })
      .setSubject('idp|eve')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime(now + 300)
      .sign(privateKey);
    expect((await server.call('GET', '/v1/whoami', { token: foreign })).status).toBe(401);
  });
});
