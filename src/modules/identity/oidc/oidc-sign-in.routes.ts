/**
 * The console's OIDC sign-in (authorization code + PKCE): no token needed. Both routes exist in
 * every mode, so the contract (and the typed client) is one; without a configured client they
 * answer 404.
 */
import type { FastifyInstance } from 'fastify';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { OidcCodeExchange, OidcSignInSettings, OidcTokenResponse } from '../identity.schemas.js';
import { type ExchangeDeps, type ExchangeInput, exchangeOidcCode } from './exchange-oidc-code.js';
import { getOidcSignIn } from './get-oidc-sign-in.js';
import { registerOidcRenewalRoutes } from './oidc-renewal.routes.js';

export const OIDC_TOKEN_PATH = '/auth/oidc/token';

export function registerOidcSignInRoutes(app: FastifyInstance, deps: ExchangeDeps): void {
  app.get(
    '/auth/oidc/config',
    {
      schema: {
        operationId: 'getOidcSignIn',
        summary: 'Where the console sends a user to sign in (oidc mode with a console client id)',
        description:
          "The provider's name, the console's public client id, the authorization endpoint (from the issuer's discovery document) and the scopes to request. 404 when this server has no OIDC sign-in (dev mode, or no CONSOLE_OIDC_CLIENT_ID); 502 when the discovery document cannot be read. No token needed.",
        tags: ['auth'],
        security: [],
        response: { 200: Ref(OidcSignInSettings), ...errorResponses(404, 502) },
      },
    },
    async () => getOidcSignIn(deps.signIn),
  );
  app.post<{ Body: ExchangeInput }>(
    OIDC_TOKEN_PATH,
    {
      schema: {
        operationId: 'exchangeOidcCode',
        summary: "Exchange the console's authorization code (with its PKCE verifier) for an access token",
        description:
          "Quire calls the identity provider's token endpoint as the console's public client (no secret; PKCE binds the code to the browser), checks that the ID token carries the nonce and that this server accepts the access token, and answers the access token. 422 when the provider refuses the code or a check fails; 404 without a configured client; 502 when the provider cannot be reached. No token needed.",
        tags: ['auth'],
        security: [],
        body: Ref(OidcCodeExchange),
        response: { 200: Ref(OidcTokenResponse), ...errorResponses(404, 422, 502) },
      },
    },
    async (request) => exchangeOidcCode(deps, request.body),
  );
  registerOidcRenewalRoutes(app, deps);
}
