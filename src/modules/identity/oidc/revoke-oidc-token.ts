/**
 * `POST /auth/oidc/revoke`: at sign-out the console's refresh token is revoked at the provider
 * (RFC 7009), so a copy of it left anywhere renews nothing. `revoked: false`: the provider has no
 * revocation endpoint, and the token lives until the provider ends it.
 */
import { NotFoundError } from '../../../kernel/errors.js';
import type { ExchangeDeps } from './exchange-oidc-code.js';
import { NOT_CONFIGURED } from './get-oidc-sign-in.js';

export interface RevokeInput {
  refreshToken: string;
}

export async function revokeOidcToken(deps: ExchangeDeps, input: RevokeInput) {
  if (!deps.signIn) throw new NotFoundError(NOT_CONFIGURED);
  return { revoked: await deps.signIn.provider.revoke(input.refreshToken) };
}
