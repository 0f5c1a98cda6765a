/**
 * Rate limiting (429 with `Retry-After` and `{detail}`, through the one error mapper). The
 * policy lives here, by path, so routes stay unaware of it:
 * - every route: `RATE_LIMIT_PER_MINUTE` per user (the verified token's user) or, for calls
 *   without one, per IP. It runs as a preHandler, after authentication, so a forged token can
 *   never spend somebody else's budget;
 * - `POST /auth/dev-login` and `POST /auth/oidc/token`: `RATE_LIMIT_LOGIN_PER_MINUTE` per IP
 *   (they hand out tokens);
 * - probes and scrapes (`/health`, `/ready`, `/metrics`): never limited.
 * Every limited answer says where the caller stands: `X-RateLimit-Limit`, `-Remaining` and
 * `-Reset` (seconds until the window ends); a refusal adds `Retry-After`.
 *
 * Counted in fixed one-minute windows in this process (fixed-windows.ts). A hook of our own
 * rather than @fastify/rate-limit, which this replaced with the same policy and headers: its
 * chain of promises per request (an async hook, an async limiter, an awaited key and store) was
 * ~16 µs of CPU of a ~170 µs cached GET (issue #17); this hook is synchronous.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions, preHandlerHookHandler } from 'fastify';
import { errorResponse } from '../../kernel/schema.js';
import { FixedWindows } from './fixed-windows.js';

const UNLIMITED = new Set(['/health', '/ready', '/metrics']);
const LOGINS = new Set(['/auth/dev-login', '/auth/oidc/token']);
const WINDOW_MS = 60_000;

export interface RateLimits {
  perMinute: number;
  loginPerMinute: number;
}

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

/** The preHandler of one limit: `max` requests per window for each key. */
function limiter(windows: FixedWindows, max: number, keyOf: (request: FastifyRequest) => string, now: () => number): preHandlerHookHandler {
  const limit = String(max);
  return function rateLimit(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) {
    const { count, remainingMs } = windows.hit(keyOf(request), now());
    const resetSeconds = String(Math.ceil(remainingMs / 1000));
    reply.header('x-ratelimit-limit', limit);
    reply.header('x-ratelimit-remaining', String(Math.max(0, max - count)));
    reply.header('x-ratelimit-reset', resetSeconds);
    if (count <= max) {
      done();
      return;
    }
    reply.header('retry-after', resetSeconds);
    done(new RateLimitedError(`Rate limit exceeded: at most ${max} requests a minute; retry in ${resetSeconds} s`));
  };
}

/** Call before any route is registered (each route gets its limit as it is added). */
export function installRateLimit(app: FastifyInstance, limits: RateLimits, now: () => number = Date.now): void {
  // The login limit has windows of its own: a login never spends a user's budget, nor the reverse.
  const everyRoute = limiter(new FixedWindows(WINDOW_MS), limits.perMinute, callerKey, now);
  const logins = limiter(new FixedWindows(WINDOW_MS), limits.loginPerMinute, loginKey, now);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (UNLIMITED.has(route.url)) return;
    // Every limited operation documents its 429.
    const schema = (route.schema ?? {}) as { response?: Record<string, unknown> };
    route.schema = { ...schema, response: { ...schema.response, 429: errorResponse(429) } };
    // After the route's own preHandlers, as the plugin it replaces ran.
    const hook = LOGINS.has(route.url) ? logins : everyRoute;
    const own = route.preHandler;
    route.preHandler = own === undefined ? [hook] : [...(Array.isArray(own) ? own : [own]), hook];
  });
}
