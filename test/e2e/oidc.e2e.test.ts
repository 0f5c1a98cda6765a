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
      return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'idp-key-1' }).setIssuer(ISSUER).setAudience(AUDIENCE)
        .setIssuedAt(now).setExpirationTime(now + 300).sign(privateKey);
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
    expect(await response.json()).toEqual({ user: { email: 'alice@globex.test', organizations: ['globex'] }, activeOrg: 'globex' });
    expect((await server.call('GET', '/v1/whoami', { token, org: 'acme' })).status).toBe(404);
    expect(jwksRequests).toBeGreaterThan(0);
  });

  it('a user without memberships has no active organization', async () => {
    const token = await sign({ sub: 'idp|bob', email: 'bob@example.test' });
    expect(await (await server.call('GET', '/v1/whoami', { token })).json()).toEqual({
      user: { email: 'bob@example.test', organizations: [] },
      activeOrg: null,
    });
  });

  it('refuses a token of the right key but another issuer', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const foreign = await new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid: 'idp-key-1' }).setSubject('idp|eve').setIssuer(ISSUER)
      .setAudience(AUDIENCE).setExpirationTime(now + 300).sign(privateKey);
    expect((await server.call('GET', '/v1/whoami', { token: foreign })).status).toBe(401);
  });
});
