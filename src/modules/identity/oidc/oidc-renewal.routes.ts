/**
 * The console's OIDC renewal and sign-out at the provider: the refresh token spent for a new
 * access token, and revoked at sign-out (docs/adr/0671-console-oidc-refresh.md,
 * docs/adr/0672-console-oidc-sign-out.md). No token needed; 404 without a configured client.
 */
import type { FastifyInstance } from 'fastify';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { OidcRevocationResponse, OidcTokenRefresh, OidcTokenResponse, OidcTokenRevocation } from '../identity.schemas.js';
import type { ExchangeDeps } from './exchange-oidc-code.js';
import { type RefreshInput, refreshOidcToken } from './refresh-oidc-token.js';
import { type RevokeInput, revokeOidcToken } from './revoke-oidc-token.js';

export const OIDC_REFRESH_PATH = '/auth/oidc/refresh';
export const OIDC_REVOKE_PATH = '/auth/oidc/revoke';

export function registerOidcRenewalRoutes(app: FastifyInstance, deps: ExchangeDeps): void {
  app.post<{ Body: RefreshInput }>(
    OIDC_REFRESH_PATH,
    {
      schema: {
        operationId: 'refreshOidcToken',
        summary: "Renew the console's sign-in with the identity provider's refresh token",
        description:
          "Quire spends the refresh token at the identity provider's token endpoint (refresh_token grant, as the console's public client), checks that this server accepts the new access token, and answers it with the refresh token to keep (a rotating provider's new one; else the one sent). 422 when the provider refuses it (revoked, expired, already spent) or the new token is not accepted; 404 without a configured client; 502 when the provider cannot be reached. No token needed.",
        tags: ['auth'],
        security: [],
        body: Ref(OidcTokenRefresh),
        response: { 200: Ref(OidcTokenResponse), ...errorResponses(404, 422, 502) },
      },
    },
    async (request) => refreshOidcToken(deps, request.body),
  );
  app.post<{ Body: RevokeInput }>(
    OIDC_REVOKE_PATH,
    {
      schema: {
        operationId: 'revokeOidcToken',
        summary: "Revoke the console's refresh token at the identity provider (sign-out)",
        description:
          "Quire sends the refresh token to the identity provider's revocation endpoint (RFC 7009) as the console's public client. revoked is false when the provider has none. 422 when the provider refuses the request; 404 without a configured client; 502 when the provider cannot be reached. No token needed.",
        tags: ['auth'],
        security: [],
        body: Ref(OidcTokenRevocation),
        response: { 200: Ref(OidcRevocationResponse), ...errorResponses(404, 422, 502) },
      },
    },
    async (request) => revokeOidcToken(deps, request.body),
  );
}
