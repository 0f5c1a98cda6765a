/**
 * ⚠ SECURITY CHOKE POINT ⚠ Every protected route passes through `authenticate`: a bearer JWT
 * verified against the key set (signature, algorithm allow-list, issuer, audience, expiry,
 * not-before), then `X-Org-Slug` resolved among the caller's organizations, then the caller's
 * role in that organization checked against the route's. Routes are protected by being
 * registered inside the scope this plugin decorates — never by opting in.
 *
 * Roles: the ONE place a route's required role is decided is here — `config.role` on the route,
 * else reads (GET/HEAD) need viewer and everything else editor. Use cases add a check only
 * where the body decides (finalizing through a state change, approving a risk block).
 * Order: 401 → 404 organization → 403 role → body validation (422) → the use case. The role
 * check runs in `onRequest`, before the body is parsed, so a refused caller learns nothing about
 * the body or the entity it names.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Actor } from '../../kernel/actor.js';
import { ForbiddenError, UnauthorizedError } from '../../kernel/errors.js';
import { type Role, forbiddenMessage, roleAtLeast } from '../../kernel/roles.js';
import { errorResponse } from '../../kernel/schema.js';
import { type CallerDirectory, resolveActor } from '../../modules/identity/commands/resolve-actor.js';
import type { MembershipCache } from '../../modules/identity/membership-cache.js';
import type { TokenVerifier } from '../../modules/identity/token-verifier.js';

export interface AuthOptions {
  verifier: TokenVerifier;
  identity: CallerDirectory;
  orgClaim: string | undefined;
  /** The role an organization claim entry without `:role` grants. */
  orgClaimDefaultRole?: Role;
  /** Recent callers' memberships (a few seconds); the member routes invalidate it. */
  memberships?: MembershipCache;
  /**
   * Spends the caller's per-IP budget for a request refused here (401), rejecting with the 429
   * once it is spent: a flood without a valid token is limited like any other (issue #28).
   */
  limitRefused?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** A route's required role when it declares none: reads need viewer, writes editor. */
export function defaultRoleOf(method: string | string[]): Role {
  const methods = Array.isArray(method) ? method : [method];
  return methods.every((m) => ['GET', 'HEAD', 'OPTIONS'].includes(m.toUpperCase())) ? 'viewer' : 'editor';
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
    const role = route.config?.role ?? defaultRoleOf(route.method);
    route.config = { ...route.config, role };
    route.schema = documentProtection((route.schema ?? {}) as Record<string, unknown>, role);
  });

  // A callback hook rather than an async one: a remembered caller (most requests) is admitted
  // synchronously, without a promise (issue #17). A synchronous throw is the request's error.
  scope.addHook('onRequest', (request, reply, done) => authenticate(options, request, reply, done));
}

/** A route's schema with what protection adds: the org header, the bearer scheme, 401, 403 above viewer, and 404. */
function documentProtection(schema: Record<string, unknown>, role: Role): Record<string, unknown> {
  const responses = (schema.response ?? {}) as Record<string, unknown>;
  // Every member is at least a viewer, so only routes above viewer can answer 403.
  const guarded = role !== 'viewer';
  return {
    ...schema,
    ...(guarded && typeof schema.description === 'string' ? { description: `${schema.description} Needs the ${role} role or above (403 otherwise).` } : {}),
    headers: schema.headers ?? OrgHeader,
    security: [{ bearerAuth: [] }],
    response: { ...responses, 401: errorResponse(401), ...(guarded ? { 403: errorResponse(403) } : {}), 404: responses[404] ?? errorResponse(404) },
  };
}

/** The onRequest hook: a remembered caller is admitted at once; any other is verified and resolved first. */
function authenticate(options: AuthOptions, request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
  let token: string;
  try {
    token = bearerToken(request);
  } catch (error) {
    refuse(options, request, reply, error, done);
    return;
  }
  const slugHeader = request.headers['x-org-slug'];
  const slug = (Array.isArray(slugHeader) ? slugHeader[0] : slugHeader)?.trim();
  // A token has no space: the key names the token and the organization asked for apart.
  const key = `${token} ${slug ?? ''}`;
  const remembered = options.memberships?.actorFor(key);
  if (remembered !== undefined) {
    admit(request, remembered);
    done();
    return;
  }
  resolveAndRemember(options, token, slug, key).then(
    (actor) => {
      try {
        admit(request, actor);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    },
    (error: unknown) => refuse(options, request, reply, error, done),
  );
}

/** Verifies the token and resolves the organization, and remembers the actor under `key`. */
async function resolveAndRemember(options: AuthOptions, token: string, slug: string | undefined, key: string): Promise<Actor> {
  const cache = options.memberships;
  const begunAt = cache?.begin() ?? 0;
  const verified = await options.verifier(token);
  const { orgClaim, orgClaimDefaultRole } = options;
  const actor = await resolveActor(options.identity, verified, token, slug, { orgClaim, orgClaimDefaultRole, cache });
  // The verifier requires `exp`: the actor is never remembered beyond the token's life.
  const expiresAtMs = typeof verified.claims.exp === 'number' ? verified.claims.exp * 1000 : 0;
  cache?.rememberActor(key, actor, begunAt, expiresAtMs);
  return actor;
}

/** Sets the request's actor, then the role check (a throw here is the request's 403). */
function admit(request: FastifyRequest, actor: Actor): void {
  request.actor = actor;
  // No active organization: the use case answers 404 "organization not found" as before.
  const needed = request.routeOptions.config.role ?? defaultRoleOf(request.method);
  if (actor.org && !roleAtLeast(actor.org.role, needed)) throw new ForbiddenError(forbiddenMessage(needed, actor.org.role));
}

/** A refused token is the request's 401, or its 429 once its address has spent its budget. */
function refuse(options: AuthOptions, request: FastifyRequest, reply: FastifyReply, error: unknown, done: (error?: Error) => void): void {
  const refused = error instanceof Error ? error : new Error(String(error));
  if (!(refused instanceof UnauthorizedError) || !options.limitRefused) {
    done(refused);
    return;
  }
  options.limitRefused(request, reply).then(
    () => done(refused),
    (limited: unknown) => done(limited instanceof Error ? limited : refused),
  );
}
