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
  const { authorizationEndpoint } = await signIn.provider.endpoints();
  return { providerName: signIn.providerName, clientId: signIn.provider.settings.clientId, authorizationEndpoint, scope: signIn.scope };
}
