/**
 * `POST /auth/oidc/refresh`: the console's refresh token spent at the provider's token endpoint
 * for a new access token (server-side, like the code exchange: the console's CSP lets the browser
 * talk to Quire only). A provider that rotates refresh tokens answers a new one, which the console
 * keeps in place of the spent one; one that does not keeps the one sent valid, and it is answered
 * back (RFC 6749 §6). See docs/adr/0671-console-oidc-refresh.md.
 */
import { NotFoundError } from '../../../kernel/errors.js';
import { type ExchangeDeps, tokenAnswer } from './exchange-oidc-code.js';
import { NOT_CONFIGURED } from './get-oidc-sign-in.js';

export interface RefreshInput {
  refreshToken: string;
}

export async function refreshOidcToken(deps: ExchangeDeps, input: RefreshInput) {
  if (!deps.signIn) throw new NotFoundError(NOT_CONFIGURED);
  const tokens = await deps.signIn.provider.refresh(input.refreshToken);
  return tokenAnswer(deps, tokens.accessToken, tokens.refreshToken ?? input.refreshToken);
}
