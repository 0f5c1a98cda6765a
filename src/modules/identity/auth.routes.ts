/** Public auth routes: the key set, and (dev mode only) the password-less dev login. */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref } from '../../kernel/schema.js';
import { type DevTokenOptions, issueDevToken } from './commands/issue-dev-token.js';
import type { IdentityRepository } from './identity.repository.js';
import { DevLoginResponse } from './identity.schemas.js';
import type { SigningKeys } from './signing-keys.js';

export interface AuthRouteDeps {
  identity: IdentityRepository;
  /** null in OIDC mode: no local key set, no dev login. */
  keys: SigningKeys | null;
  token: DevTokenOptions;
}

const Jwks = Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) }, { additionalProperties: true });

export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  app.get(
    '/auth/jwks',
    {
      schema: {
        operationId: 'getJwks',
        summary: 'Public key set that verifies Quire-issued tokens',
        description: 'The JWKS of the dev-mode signing key (empty in oidc mode, where the identity provider signs). No token needed.',
        tags: ['auth'],
        security: [],
        response: { 200: Jwks },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { keys: deps.keys ? [deps.keys.publicJwk] : [] };
    },
  );
  const keys = deps.keys;
  if (!keys) return; // OIDC mode: /auth/dev-login is not a route, so it answers 404.
  app.post(
    '/auth/dev-login',
    {
      schema: {
        operationId: 'devLogin',
        summary: 'Log in as the dev user (dev mode only; no body, no password)',
        description:
          'Answers a signed bearer token for `dev@localhost`, a member of every demo organization. Only in AUTH_MODE=dev; in oidc mode the path is not served (404).',
        tags: ['auth'],
        security: [],
        response: { 200: Ref(DevLoginResponse) },
      },
    },
    async () => ({ token: await issueDevToken(deps.identity, keys, deps.token), tokenType: 'Bearer' as const, expiresIn: deps.token.ttlSeconds }),
  );
}
