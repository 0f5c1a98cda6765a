/** The OIDC sign-in's parts from the settings: the provider client and the key set for ID tokens. */
import { createLocalJWKSet, createRemoteJWKSet } from 'jose';
import type { TokenVerifier } from '../token-verifier.js';
import type { ExchangeDeps } from './exchange-oidc-code.js';
import { OidcProvider } from './oidc-provider.js';

export interface OidcSignInSettings {
  auth: { jwksUrl: string | undefined; issuer: string; algorithms: string[]; clockToleranceSeconds: number };
  /** undefined: no console client configured (dev mode, or no CONSOLE_OIDC_CLIENT_ID). */
  client: { clientId: string; providerName: string; discoveryUrl: string; scope: string } | undefined;
}

export function buildOidcSignIn(settings: OidcSignInSettings, verifyAccessToken: TokenVerifier): ExchangeDeps {
  const { auth, client } = settings;
  const signIn =
    client && auth.jwksUrl
      ? {
          provider: new OidcProvider({ clientId: client.clientId, discoveryUrl: client.discoveryUrl, issuer: auth.issuer }),
          providerName: client.providerName,
          scope: client.scope,
        }
      : undefined;
  // The same key set the access tokens are verified with (the provider signs both).
  const keys =
    signIn && auth.jwksUrl
      ? createRemoteJWKSet(new URL(auth.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 })
      : createLocalJWKSet({ keys: [] });
  return { signIn, keys, algorithms: auth.algorithms, clockToleranceSeconds: auth.clockToleranceSeconds, verifyAccessToken };
}
