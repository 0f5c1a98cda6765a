/**
 * The console's OIDC sign-in over HTTP (issue #16): Quire exchanges the authorization code with a
 * provider stand-in that checks PKCE for real, checks the ID token's nonce, and hands back only an
 * access token it accepts itself. Dev mode and a server without a console client answer 404.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureConsoleBuilt } from '../support/console-browser.js';
import { type FakeOidcProvider, startFakeOidcProvider } from '../support/fake-oidc-provider.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const CLIENT_ID = 'quire-console';
const AUDIENCE = 'quire-api';

const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

describe('OIDC sign-in for the console', () => {
  let idp: FakeOidcProvider;
  let server: TestServer;
  let redirectUri: string;

  const oidcEnv = (extra: Record<string, string> = {}) => ({
    AUTH_MODE: 'oidc',
    AUTH_JWKS_URL: idp.jwksUrl,
    AUTH_ISSUER: idp.issuer,
    AUTH_AUDIENCE: AUDIENCE,
    AUTH_ORG_CLAIM: 'orgs',
    ...extra,
  });

  /** What the browser does: the authorization request, and the code the provider redirects back with. */
  const authorize = async (challenge: string, nonce: string) => {
    const url = new URL(`${idp.issuer}/authorize`);
    for (const [key, value] of Object.entries({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: redirectUri,
      scope: 'openid email',
      state: 'st-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      nonce,
    }))
      url.searchParams.set(key, value);
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location') ?? '');
    expect(back.searchParams.get('state')).toBe('st-1');
    return back.searchParams.get('code') ?? '';
  };

  beforeAll(async () => {
    // The page's <meta> tags are checked too.
    await ensureConsoleBuilt();
    idp = await startFakeOidcProvider({ clientId: CLIENT_ID, audience: AUDIENCE });
    idp.user = { sub: 'idp|alice', email: 'alice@acme.test', claims: { orgs: ['acme:reviewer'] } };
    server = await startTestServer({ dialect: 'sqlite', env: oidcEnv({ CONSOLE_OIDC_CLIENT_ID: CLIENT_ID, CONSOLE_OIDC_PROVIDER_NAME: 'Acme SSO' }) });
    redirectUri = `${server.url}/app/callback`;
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  it('tells the console where to send the user, from the discovery document', async () => {
    const response = await server.call('GET', '/auth/oidc/config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      providerName: 'Acme SSO',
      clientId: CLIENT_ID,
      authorizationEndpoint: `${idp.issuer}/authorize`,
      scope: 'openid email profile',
    });
    const page = await (await server.call('GET', '/app/documents')).text();
    expect(page).toContain('<meta name="quire-oidc-provider" content="Acme SSO" />');
    expect(page).toContain('<meta name="quire-auth-mode" content="oidc" />');
  });

  it('exchanges a code with its verifier for an access token that signs the user in', async () => {
    const { verifier, challenge } = pkcePair();
    const nonce = randomBytes(16).toString('base64url');
    const code = await authorize(challenge, nonce);
    const response = await server.call('POST', '/auth/oidc/token', { body: { code, codeVerifier: verifier, redirectUri, nonce } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const answer = (await response.json()) as { token: string; tokenType: string; expiresIn: number };
    expect(answer.tokenType).toBe('Bearer');
    expect(answer.expiresIn).toBeGreaterThan(240);
    expect(answer.expiresIn).toBeLessThanOrEqual(300);
    const me = await server.call('GET', '/v1/whoami', { token: answer.token });
    expect(await me.json()).toMatchObject({ user: { email: 'alice@acme.test' }, activeOrg: 'acme', activeRole: 'reviewer' });
    // The code was spent: the provider refuses it again, and Quire says so as a 422.
    const again = await server.call('POST', '/auth/oidc/token', { body: { code, codeVerifier: verifier, redirectUri, nonce } });
    expect(again.status).toBe(422);
    expect(((await again.json()) as { detail: string }).detail).toMatch(/refused the sign-in \(invalid_grant/);
  });

  it("refuses a code presented with another verifier (PKCE), with the provider's reason", async () => {
    const { challenge } = pkcePair();
    const nonce = randomBytes(16).toString('base64url');
    const code = await authorize(challenge, nonce);
    const response = await server.call('POST', '/auth/oidc/token', { body: { code, codeVerifier: pkcePair().verifier, redirectUri, nonce } });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { detail: string }).detail).toBe(
      'the identity provider refused the sign-in (invalid_grant: PKCE verification failed); sign in again',
    );
    expect(idp.tokenAnswers.at(-1)).toBe('invalid_grant');
  });

  it('refuses an answer whose ID token carries another nonce', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await authorize(challenge, randomBytes(16).toString('base64url'));
    const response = await server.call('POST', '/auth/oidc/token', {
      body: { code, codeVerifier: verifier, redirectUri, nonce: randomBytes(16).toString('base64url') },
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/ID token is not for this sign-in \(nonce mismatch\)/);
    expect(idp.tokenAnswers.at(-1)).toBe('200');
  });

  it("refuses a redirect URI other than the console's callback, and a malformed body, without calling the provider", async () => {
    const calls = idp.tokenAnswers.length;
    const { verifier } = pkcePair();
    const elsewhere = await server.call('POST', '/auth/oidc/token', {
      body: { code: 'abc', codeVerifier: verifier, redirectUri: 'https://evil.test/app/steal', nonce: 'n'.repeat(16) },
    });
    expect(elsewhere.status).toBe(422);
    expect(((await elsewhere.json()) as { detail: string }).detail).toBe("redirectUri must be the absolute URL of the console's callback (/app/callback)");
    const relative = await server.call('POST', '/auth/oidc/token', {
      body: { code: 'abc', codeVerifier: verifier, redirectUri: '/app/callback', nonce: 'n'.repeat(16) },
    });
    expect(relative.status).toBe(422);
    const short = await server.call('POST', '/auth/oidc/token', { body: { code: 'abc', codeVerifier: 'too-short', redirectUri, nonce: 'n'.repeat(16) } });
    expect(short.status).toBe(422);
    expect(((await short.json()) as { detail: Array<{ loc: string[] }> }).detail[0].loc).toEqual(['body', 'codeVerifier']);
    expect(idp.tokenAnswers.length).toBe(calls);
  });

  it('answers 502 when the discovery document cannot be read, and 404 without a console client', async () => {
    const broken = await startTestServer({
      dialect: 'sqlite',
      env: oidcEnv({ CONSOLE_OIDC_CLIENT_ID: CLIENT_ID, CONSOLE_OIDC_DISCOVERY_URL: `${idp.issuer}/no-such-document` }),
    });
    const bare = await startTestServer({ dialect: 'sqlite', env: oidcEnv() });
    try {
      const unreadable = await broken.call('GET', '/auth/oidc/config');
      expect(unreadable.status).toBe(502);
      expect(((await unreadable.json()) as { detail: string }).detail).toBe("the identity provider's discovery document answered 404");
      for (const response of [
        await bare.call('GET', '/auth/oidc/config'),
        await bare.call('POST', '/auth/oidc/token', { body: { code: 'abc', codeVerifier: pkcePair().verifier, redirectUri, nonce: 'n'.repeat(16) } }),
      ]) {
        expect(response.status).toBe(404);
        expect(((await response.json()) as { detail: string }).detail).toMatch(/OIDC sign-in is not configured/);
      }
      expect(await (await bare.call('GET', '/app/')).text()).toContain('<meta name="quire-oidc-provider" content="" />');
    } finally {
      await broken.close();
      await bare.close();
    }
  });
});
