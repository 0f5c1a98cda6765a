/**
 * `POST /auth/oidc/token`: the console's authorization code exchanged for the provider's tokens
 * (server-side, so the browser talks to Quire only; see docs/adr/0111-console-oidc-sign-in.md). The ID token must
 * carry the nonce of this sign-in, and the access token must be one this server accepts, so a
 * misconfigured audience or a replayed answer fails here with words rather than as 401s later.
 */
import { type JWTVerifyGetKey, jwtVerify } from 'jose';
import { DomainError, DomainValidationError, NotFoundError, UnauthorizedError } from '../../../kernel/errors.js';
import type { TokenVerifier } from '../token-verifier.js';
import { NOT_CONFIGURED, type OidcSignIn } from './get-oidc-sign-in.js';

/** The console's callback route: the only redirect_uri this exchange is for. */
export const CALLBACK_PATH = '/app/callback';

function callbackPathOf(redirectUri: string): string | undefined {
  try {
    const url = new URL(redirectUri);
    return ['https:', 'http:'].includes(url.protocol) ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

export interface ExchangeDeps {
  signIn: OidcSignIn | undefined;
  /** The provider's key set (AUTH_JWKS_URL), for the ID token. */
  keys: JWTVerifyGetKey;
  algorithms: string[];
  clockToleranceSeconds: number;
  verifyAccessToken: TokenVerifier;
  now?: () => number;
}

export interface ExchangeInput {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  nonce: string;
}

export async function exchangeOidcCode(deps: ExchangeDeps, input: ExchangeInput) {
  if (!deps.signIn) throw new NotFoundError(NOT_CONFIGURED);
  if (callbackPathOf(input.redirectUri) !== CALLBACK_PATH)
    throw new DomainValidationError(`redirectUri must be the absolute URL of the console's callback (${CALLBACK_PATH})`);
  const provider = deps.signIn.provider;
  const tokens = await provider.exchangeCode(input);
  if (!tokens.idToken) throw new DomainValidationError('the identity provider answered no ID token (is "openid" among the scopes it grants?); sign in again');
  try {
    const { payload } = await jwtVerify(tokens.idToken, deps.keys, {
      issuer: provider.settings.issuer,
      audience: provider.settings.clientId,
      algorithms: deps.algorithms,
      clockTolerance: deps.clockToleranceSeconds,
    });
    if (payload.nonce !== input.nonce) throw new DomainValidationError('nonce mismatch');
  } catch (error) {
    const reason = error instanceof DomainError ? error.message : error instanceof Error ? error.message : String(error);
    throw new DomainValidationError(`the identity provider's ID token is not for this sign-in (${reason}); sign in again`);
  }
  return tokenAnswer(deps, tokens.accessToken, tokens.refreshToken ?? null);
}

/** The answer of a sign-in or a renewal, once this server accepts the access token. */
export async function tokenAnswer(deps: ExchangeDeps, accessToken: string, refreshToken: string | null) {
  let expiresAt: number | undefined;
  try {
    const verified = await deps.verifyAccessToken(accessToken);
    expiresAt = typeof verified.claims.exp === 'number' ? verified.claims.exp : undefined;
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) throw error;
    throw new DomainValidationError(
      `the identity provider's access token is not accepted by this server (${error.message}): check AUTH_AUDIENCE and the client's settings at the provider`,
    );
  }
  const nowSeconds = Math.floor((deps.now ?? Date.now)() / 1000);
  return {
    token: accessToken,
    tokenType: 'Bearer' as const,
    expiresIn: expiresAt === undefined ? null : Math.max(0, expiresAt - nowSeconds),
    refreshToken,
  };
}
