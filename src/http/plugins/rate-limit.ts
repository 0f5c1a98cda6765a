/**
 * Rate limiting (429 with `Retry-After` and `{detail}`, through the one error mapper), on
 * @fastify/rate-limit. The policy lives here, by path, so routes stay unaware of it:
 * - every route: `RATE_LIMIT_PER_MINUTE` per user (the verified token's user) or, for calls
 *   without one, per IP. It runs as a preHandler, after authentication, so a forged token can
 *   never spend somebody else's budget;
 * - a request the auth hook refuses (no token, a malformed, forged or expired one) never reaches
 *   a preHandler, so the auth hook spends the caller's IP budget itself (`limitRefused`): its
 *   401s count, and past the budget the answer is 429 (issue #28);
 * - `POST /auth/dev-login` and `POST /auth/oidc/{token,refresh,revoke}`: `RATE_LIMIT_LOGIN_PER_MINUTE` per IP
 *   (they hand out tokens), a budget of their own;
 * - probes and scrapes (`/health`, `/ready`, `/metrics`): never limited.
 * Every limited answer says where the caller stands: `X-RateLimit-Limit`, `-Remaining` and
 * `-Reset` (seconds until the window ends); a refusal adds `Retry-After`.
 *
 * Counted in fixed one-minute windows, in this process's memory, or in Redis when
 * `RATE_LIMIT_REDIS_URL` is set, so several API processes share one budget per caller.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Redis } from 'ioredis';
import { errorResponse } from '../../kernel/schema.js';

const UNLIMITED = new Set(['/health', '/ready', '/metrics', '/metrics/database']);
const LOGINS = new Set(['/auth/dev-login', '/auth/oidc/token', '/auth/oidc/refresh', '/auth/oidc/revoke']);
const WINDOW_MS = 60_000;
/** Keys kept in memory per limit (least recently used dropped first; a dropped key starts afresh). */
const CACHED_KEYS = 10_000;

export interface RateLimits {
  perMinute: number;
  loginPerMinute: number;
  /** Redis shared by every API process; unset: each process counts alone. */
  redisUrl?: string | undefined;
}

/** Spends the caller's budget for a request auth refused; rejects with the 429 once it is spent. */
export type RefusalLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** A refusal the error mapper answers as 429 `{detail}` (a client status it keeps). */
class RateLimitedError extends Error {
  readonly statusCode = 429;
}

function callerKey(request: FastifyRequest): string {
  return request.actor ? `user:${request.actor.userId}` : `ip:${request.ip}`;
}

function loginKey(request: FastifyRequest): string {
  return `login:${request.ip}`;
}

function refusal(_request: FastifyRequest, context: { max: number; ttl: number }): RateLimitedError {
  const seconds = Math.ceil(context.ttl / 1000);
  return new RateLimitedError(`Rate limit exceeded: at most ${context.max} requests a minute; retry in ${seconds} s`);
}

/**
 * A Redis client that never holds a request up: while Redis is unreachable a count fails at once
 * (no offline queue) and the request goes through uncounted (`skipOnError`), rather than every
 * request waiting for it or failing. Its errors are logged, never an unhandled 'error' event.
 */
function sharedStore(app: FastifyInstance, url: string): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false });
  let warned = false;
  redis.on('error', (error: Error) => {
    if (!warned) app.log.warn({ err: error }, 'rate limit store (Redis) unreachable: requests are not counted until it is back');
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return redis;
}

/**
 * Call before any route is registered (each route gets its limit as it is added). Answers the
 * limit the auth hook spends on the requests it refuses.
 */
export async function installRateLimit(app: FastifyInstance, limits: RateLimits): Promise<RefusalLimit> {
  await app.register(rateLimit, {
    global: false,
    max: limits.perMinute,
    timeWindow: WINDOW_MS,
    hook: 'preHandler',
    cache: CACHED_KEYS,
    keyGenerator: callerKey,
    errorResponseBuilder: refusal,
    ...(limits.redisUrl ? { redis: sharedStore(app, limits.redisUrl), nameSpace: 'quire-rate-limit-', skipOnError: true } : {}),
  });
  // The store of the plugin's own options: every route's limit and auth's refusals spend one budget.
  const everyRoute = app.rateLimit();
  // Options of its own make a store of its own: a login never spends a user's budget, nor the reverse.
  const logins = app.rateLimit({ max: limits.loginPerMinute, keyGenerator: loginKey });
  app.addHook('onRoute', (route: RouteOptions) => {
    if (UNLIMITED.has(route.url)) return;
    // Every limited operation documents its 429.
    const schema = (route.schema ?? {}) as { response?: Record<string, unknown> };
    route.schema = { ...schema, response: { ...schema.response, 429: errorResponse(429) } };
    // After the route's own preHandlers.
    const hook = LOGINS.has(route.url) ? logins : everyRoute;
    const own = route.preHandler;
    route.preHandler = own === undefined ? [hook] : [...(Array.isArray(own) ? own : [own]), hook];
  });
  return async (request, reply) => {
    await everyRoute.call(app, request, reply);
  };
}
