/**
 * Logging in: the password-less dev login of dev mode (`POST /auth/dev-login`), and the two
 * server-side halves of the console's OIDC sign-in (`/auth/oidc/*`).
 */
import { type QuireClient, createQuireClient } from './client.js';
import { unwrap } from './unwrap.js';

export async function devLogin(baseUrl: string): Promise<string> {
  const client = createQuireClient({ baseUrl });
  return unwrap(await client.service.POST('/auth/dev-login')).token;
}

/** Where to send a user to sign in at the identity provider (404 when the server has no OIDC sign-in). */
export async function getOidcSignIn(baseUrl: string) {
  const client = createQuireClient({ baseUrl });
  return unwrap(await client.service.GET('/auth/oidc/config'));
}

export type OidcCodeExchange = { code: string; codeVerifier: string; redirectUri: string; nonce: string };

/** Exchanges the authorization code (and its PKCE verifier) for an access token, through Quire. */
export async function exchangeOidcCode(baseUrl: string, body: OidcCodeExchange) {
  const client = createQuireClient({ baseUrl });
  return unwrap(await client.service.POST('/auth/oidc/token', { body }));
}

/** Renews an OIDC sign-in with the provider's refresh token, through Quire (422: the provider refused it). */
export async function refreshOidcToken(baseUrl: string, refreshToken: string) {
  const client = createQuireClient({ baseUrl });
  return unwrap(await client.service.POST('/auth/oidc/refresh', { body: { refreshToken } }));
}

/** Revokes the provider's refresh token at sign-out, through Quire (revoked false: the provider has no revocation endpoint). */
export async function revokeOidcToken(baseUrl: string, refreshToken: string) {
  const client = createQuireClient({ baseUrl });
  return unwrap(await client.service.POST('/auth/oidc/revoke', { body: { refreshToken } }));
}

/** Who the token belongs to and the organization the calls act in. */
export async function whoami(client: QuireClient) {
  return unwrap(await client.v1.GET('/v1/whoami'));
}
