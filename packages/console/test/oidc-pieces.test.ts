/** The PKCE pieces of the console's OIDC sign-in (against RFC 7636's own example), and reading a token's expiry. */
import { describe, expect, it } from 'vitest';
import { authorizationUrl, randomUrlSafe, s256Challenge } from '../src/shell/pkce';
import { localExpiry, tokenExpiresAt } from '../src/shell/token-expiry';

describe('PKCE', () => {
  it('derives the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes verifiers of 43 unreserved characters, different each time', () => {
    const verifiers = [randomUrlSafe(), randomUrlSafe(), randomUrlSafe()];
    expect(verifiers.map((v) => /^[A-Za-z0-9_-]{43}$/.test(v))).toEqual([true, true, true]);
    expect(new Set(verifiers).size).toBe(3);
  });

  it("builds the authorization request, keeping the endpoint's own parameters", () => {
    const url = new URL(
      authorizationUrl({
        authorizationEndpoint: 'https://idp.test/oauth2/authorize?tenant=acme',
        clientId: 'quire console',
        redirectUri: 'https://quire.test/app/callback',
        scope: 'openid email',
        state: 's1',
        codeChallenge: 'c1',
        nonce: 'n1',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://idp.test/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: 'acme',
      response_type: 'code',
      client_id: 'quire console',
      redirect_uri: 'https://quire.test/app/callback',
      scope: 'openid email',
      state: 's1',
      code_challenge: 'c1',
      code_challenge_method: 'S256',
      nonce: 'n1',
    });
  });
});

describe('tokenExpiresAt', () => {
  const base64Url = (text: string) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(text)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const jwt = (payload: unknown) => `e30.${base64Url(JSON.stringify(payload))}.sig`;

  it('reads exp (seconds) as milliseconds, and nothing from a token without one', () => {
    expect(tokenExpiresAt(jwt({ sub: 'a', exp: 1_900_000_000, name: 'Zoë ✓' }))).toBe(1_900_000_000_000);
    expect(tokenExpiresAt(jwt({ sub: 'a' }))).toBeUndefined();
    expect(tokenExpiresAt('opaque-token')).toBeUndefined();
    expect(tokenExpiresAt('a.!!!.b')).toBeUndefined();
  });
});

describe('localExpiry', () => {
  const token = `e30.${btoa(JSON.stringify({ exp: 2_000_000 })).replace(/=+$/, '')}.sig`;

  it("moves the expiry onto the device clock by the skew the server's time shows", () => {
    // The device is 5 minutes ahead of the server: the token ends 5 minutes later on its clock.
    expect(localExpiry(token, 1_000_000_000, 1_000_300_000)).toBe(2_000_300_000);
    expect(localExpiry(token, 1_000_300_000, 1_000_000_000)).toBe(1_999_700_000);
    expect(localExpiry(token, Number.NaN, 5)).toBe(2_000_000_000);
    expect(localExpiry('opaque', 1, 2)).toBeUndefined();
  });
});
