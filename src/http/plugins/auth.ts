/**
 * ⚠ SECURITY CHOKE POINT ⚠ Every protected route passes through `authenticate`: a bearer JWT
 * verified against the key set (signature, algorithm allow-list, issuer, audience, expiry,
 * not-before), then `X-Org-Slug` resolved among the caller's organizations. Routes are
 * protected by being registered inside the scope this plugin decorates — never by opting in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { UnauthorizedError } from '../../kernel/errors.js';
import { errorResponse } from '../../kernel/schema.js';
import { resolveActor } from '../../modules/identity/commands/resolve-actor.js';
import type { IdentityRepository } from '../../modules/identity/identity.repository.js';
import type { TokenVerifier } from '../../modules/identity/token-verifier.js';

export interface AuthOptions {
  verifier: TokenVerifier;
  identity: IdentityRepository;
  orgClaim: string | undefined;
}

const OrgHeader = Type.Object({
  'x-org-slug': Type.Optional(Type.String({ description: 'slug of the organization to act in; default: your default organization' })),
});

/**
 * Longest token read: real ones are 1–4 KiB; a bigger one is refused before parsing or
 * verifying (a 401 like any bad token, not a cost paid on every request of an attacker).
 */
export const MAX_TOKEN_CHARS = 8192;

/** Reads `Authorization: Bearer <token>`; anything else is a 401. */
function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw new UnauthorizedError('missing bearer token');
  if (header.length > MAX_TOKEN_CHARS + 16) throw new UnauthorizedError(`bearer token is longer than ${MAX_TOKEN_CHARS} characters`);
  const match = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)\s*$/i.exec(header);
  if (!match) throw new UnauthorizedError('malformed authorization header; expected "Bearer <token>"');
  return match[1];
}

/**
 * Makes every route registered in `scope` (after this call) require a verified bearer token, and
 * documents what that adds to each operation: `X-Org-Slug`, the bearer scheme, the 401, and the
 * 404 `organization not found` (a route's own 404 already says both).
 */
export function protectScope(scope: FastifyInstance, options: AuthOptions): void {
  scope.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const responses = (schema.response ?? {}) as Record<string, unknown>;
    route.schema = {
      ...schema,
      headers: schema.headers ?? OrgHeader,
      security: [{ bearerAuth: [] }],
      response: { ...responses, 401: errorResponse(401), 404: responses[404] ?? errorResponse(404) },
    };
  });

  scope.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    const verified = await options.verifier(token);
    const slugHeader = request.headers['x-org-slug'];
    const slug = Array.isArray(slugHeader) ? slugHeader[0] : slugHeader;
    request.actor = await resolveActor(options.identity, verified, token, slug?.trim(), { orgClaim: options.orgClaim });
  });
}
