/** `GET /auth/oidc/config`: where the console sends a user to sign in. */
import { NotFoundError } from '../../../kernel/errors.js';
import type { OidcProvider } from './oidc-provider.js';

export interface OidcSignIn {
  provider: OidcProvider;
  providerName: string;
  scope: string;
}

export const NOT_CONFIGURED = 'OIDC sign-in is not configured on this server (it needs AUTH_MODE=oidc and CONSOLE_OIDC_CLIENT_ID)';

export async function getOidcSignIn(signIn: OidcSignIn | undefined) {
  if (!signIn) throw new NotFoundError(NOT_CONFIGURED);
  const { authorizationEndpoint, offersOfflineAccess } = await signIn.provider.endpoints();
  return {
    providerName: signIn.providerName,
    clientId: signIn.provider.settings.clientId,
    authorizationEndpoint,
    scope: withOfflineAccess(signIn.scope, offersOfflineAccess),
  };
}

/**
 * A provider that offers refresh tokens is asked for one the standard way, the `offline_access`
 * scope, so the console can renew the sign-in before the access token expires
 * (docs/adr/0671-console-oidc-refresh.md); one that offers none is asked as before.
 */
export function withOfflineAccess(scope: string, offered: boolean): string {
  const scopes = scope.split(' ').filter(Boolean);
  return offered && !scopes.includes('offline_access') ? [...scopes, 'offline_access'].join(' ') : scope;
}
