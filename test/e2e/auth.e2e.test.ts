/**
 * Auth and organizations over real HTTP, on every dialect: dev login, token verification with
 * the served key set, every 401 case, organization switching and the unknown-slug 404.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, createLocalJWKSet, decodeProtectedHeader, generateKeyPair, importPKCS8, jwtVerify } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

describeEachDialect('auth and organizations', (dialect) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
  });
  afterAll(async () => server?.close());

  /** Signs a token with the server's own private key, with chosen claims. */
  async function signWithServerKey(claims: { iss?: string; aud?: string; exp?: number; nbf?: number; sub?: string }) {
    const pem = await fs.readFile(path.join(server.dataDir, 'keys', 'jwt-signing-key.pem'), 'utf8');
    const key = await importPKCS8(pem, 'RS256');
    const { kid } = decodeProtectedHeader(token);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: 'dev@localhost' })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setSubject(claims.sub ?? 'dev@localhost')
      .setIssuer(claims.iss ?? 'quire-dev')
      .setAudience(claims.aud ?? 'quire')
      .setIssuedAt(now - 10)
      .setNotBefore(claims.nbf ?? now - 10)
      .setExpirationTime(claims.exp ?? now + 600)
      .sign(key);
  }

  async function expect401(headers: Record<string, string>) {
    const response = await server.call('GET', '/v1/whoami', { headers });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { detail: unknown };
    expect(typeof body.detail).toBe('string');
    return body.detail as string;
  }

  it('dev-login returns an RS256 bearer token that verifies with the served JWKS', async () => {
    const response = await server.call('POST', '/auth/dev-login');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; tokenType: string };
    expect(body.tokenType).toBe('Bearer');
    const jwks = (await (await server.call('GET', '/auth/jwks')).json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d'); // never the private half
    const { payload, protectedHeader } = await jwtVerify(body.token, createLocalJWKSet(jwks as never), { issuer: 'quire-dev', audience: 'quire' });
    expect(protectedHeader.alg).toBe('RS256');
    expect(protectedHeader.kid).toBe(jwks.keys[0].kid);
    expect(payload.sub).toBe('dev@localhost');
    expect(payload.email).toBe('dev@localhost');
    expect(typeof payload.iat).toBe('number');
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
  });

  it('the private key file is readable by its owner only', async () => {
    const stat = await fs.stat(path.join(server.dataDir, 'keys', 'jwt-signing-key.pem'));
    expect(stat.mode & 0o077).toBe(0);
  });

  it('whoami answers for the default organization, and for another via X-Org-Slug', async () => {
    const acme = await server.call('GET', '/v1/whoami', { token });
    expect(acme.status).toBe(200);
    // The dev user owns both demo organizations (the whole suite logs in as it).
    expect(await acme.json()).toEqual({
      user: {
        email: 'dev@localhost',
        organizations: ['acme', 'globex'],
        memberships: [
          { slug: 'acme', role: 'owner' },
          { slug: 'globex', role: 'owner' },
        ],
      },
      activeOrg: 'acme',
      activeRole: 'owner',
    });
    const globex = await server.call('GET', '/v1/whoami', { token, org: 'globex' });
    expect(((await globex.json()) as { activeOrg: string }).activeOrg).toBe('globex');
  });

  it('an organization the caller is not a member of is 404 "organization not found"', async () => {
    for (const slug of ['initech', 'ACME', '../acme']) {
      const response = await server.call('GET', '/v1/whoami', { token, org: slug });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'organization not found' });
    }
  });

  it('answers every error as JSON with its content type: 401, 404 (route, docs asset, foreign org) and 422', async () => {
    const answers = [
      await server.call('GET', '/v1/whoami', {}),
      await server.call('GET', '/no-such-route', { token }),
      await server.call('GET', '/docs/no-such-asset', {}),
      await server.call('GET', '/v1/whoami', { token, org: 'initech' }),
      await server.call('POST', '/v1/documents', { token, body: { templateId: 42 } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 404, 404, 404, 422]);
    for (const answer of answers) {
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await answer.json()).toHaveProperty('detail');
    }
  });

  it("lists the caller's organizations with the active one marked", async () => {
    const response = await server.call('GET', '/v1/orgs', { token, org: 'globex' });
    expect(await response.json()).toEqual({
      orgs: [
        { slug: 'acme', displayName: 'Acme Corporation', active: false, role: 'owner' },
        { slug: 'globex', displayName: 'Globex Inc.', active: true, role: 'owner' },
      ],
      activeSlug: 'globex',
    });
  });

  it('refuses a missing or malformed authorization header', async () => {
    expect(await expect401({})).toMatch(/missing/);
    await expect401({ authorization: 'Bearer' });
    await expect401({ authorization: `Basic ${Buffer.from('dev:dev').toString('base64')}` });
    await expect401({ authorization: 'Bearer not-a-jwt' });
    await expect401({ authorization: `Bearer ${token} extra` });
  });

  it('refuses a tampered token', async () => {
    const [header, payload, signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'admin' })).toString('base64url');
    await expect401({ authorization: `Bearer ${header}.${forgedPayload}.${signature}` });
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    await expect401({ authorization: `Bearer ${header}.${payload}.${flipped}` });
  });

  it('refuses expired, not-yet-valid, wrong-audience and wrong-issuer tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await expect401({ authorization: `Bearer ${await signWithServerKey({ exp: now - 120 })}` })).toMatch(/expired/);
    await expect401({ authorization: `Bearer ${await signWithServerKey({ nbf: now + 600 })}` });
    await expect401({ authorization: `Bearer ${await signWithServerKey({ aud: 'someone-else' })}` });
    await expect401({ authorization: `Bearer ${await signWithServerKey({ iss: 'https://evil.example' })}` });
    // Control: the same helper with good claims is accepted, so the refusals above are real.
    const good = await server.call('GET', '/v1/whoami', { headers: { authorization: `Bearer ${await signWithServerKey({})}` } });
    expect(good.status).toBe(200);
  });

  it('refuses a token signed by an unknown key, alg none, and HS256 keyed with the public key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'unknown-key' })
      .setSubject('dev@localhost')
      .setIssuer('quire-dev')
      .setAudience('quire')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(privateKey);
    await expect401({ authorization: `Bearer ${foreign}` });

    const claims = Buffer.from(JSON.stringify({ sub: 'dev@localhost', iss: 'quire-dev', aud: 'quire', exp: now + 600 })).toString('base64url');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${claims}.`;
    await expect401({ authorization: `Bearer ${none}` });

    const jwks = (await (await server.call('GET', '/auth/jwks')).json()) as { keys: Array<Record<string, unknown>> };
    const hs = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: String(jwks.keys[0].kid) })
      .setSubject('dev@localhost')
      .setIssuer('quire-dev')
      .setAudience('quire')
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(JSON.stringify(jwks.keys[0])));
    await expect401({ authorization: `Bearer ${hs}` });
  });

  it('never writes a token to the log', async () => {
    await server.call('GET', '/v1/whoami', { token });
    await server.call('GET', '/v1/whoami', { headers: { authorization: `Bearer ${token}x` } });
    const signature = token.split('.')[2];
    expect(server.logs.length).toBeGreaterThan(0);
    expect(server.logs.join('\n')).not.toContain(signature);
  });

  it('answers unknown routes and malformed JSON with a {detail} body', async () => {
    const missing = await server.call('GET', '/v1/nothing-here', { token });
    expect(missing.status).toBe(404);
    expect(typeof ((await missing.json()) as { detail: unknown }).detail).toBe('string');
    const badJson = await server.call('POST', '/auth/dev-login', { rawBody: '{"oops":', headers: { 'content-type': 'application/json' } });
    expect(badJson.status).toBe(422);
    const detail = ((await badJson.json()) as { detail: Array<{ loc: unknown[]; type: string }> }).detail;
    expect(detail[0].loc).toEqual(['body']);
    expect(detail[0].type).toBe('json_invalid');
  });

  it('serves /health without a token', async () => {
    const response = await server.call('GET', '/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: dialect });
  });
});

describeEachDialect('restart', (dialect) => {
  it('a token issued before a restart on the same DATA_DIR still verifies', async () => {
    const first = await startTestServer({ dialect });
    const token = await first.login();
    await first.stop();
    const second = await startTestServer({ dialect, dataDir: first.dataDir, schema: first.schema });
    try {
      const response = await second.call('GET', '/v1/whoami', { token });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { activeOrg: string }).activeOrg).toBe('acme');
    } finally {
      await second.close();
    }
  });
});
