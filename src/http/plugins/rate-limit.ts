/**
 * Rate limiting (429 with `Retry-After` and `{detail}`, through the one error mapper). The
 * policy lives here, by path, so routes stay unaware of it:
 * - every route: `RATE_LIMIT_PER_MINUTE` per user (the verified token's user) or, for calls
 *   without one, per IP. It runs as a preHandler, after authentication, so a forged token can
 *   never spend somebody else's budget;
 * - `POST /auth/dev-login` and `POST /auth/oidc/token`: `RATE_LIMIT_LOGIN_PER_MINUTE` per IP
 *   (they hand out tokens);
 * - probes and scrapes (`/health`, `/ready`, `/metrics`): never limited.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { errorResponse } from '../../kernel/schema.js';

const UNLIMITED = new Set(['/health', '/ready', '/metrics']);
const LOGINS = new Set(['/auth/dev-login', '/auth/oidc/token']);

export interface RateLimits {
  perMinute: number;
  loginPerMinute: number;
}

function callerKey(request: FastifyRequest): string {
  return request.actor ? `user:${request.actor.userId}` : `ip:${request.ip}`;
}

/** Call before any route is registered (the plugin attaches itself to routes as they are added). */
export async function installRateLimit(app: FastifyInstance, limits: RateLimits): Promise<void> {
  // Runs before the plugin's own onRoute hook, which reads `config.rateLimit`.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (UNLIMITED.has(route.url)) {
      route.config = { ...route.config, rateLimit: false };
      return;
    }
    // Every limited operation documents its 429.
    const schema = (route.schema ?? {}) as { response?: Record<string, unknown> };
    route.schema = { ...schema, response: { ...schema.response, 429: errorResponse(429) } };
    if (LOGINS.has(route.url)) route.config = { ...route.config, rateLimit: { max: limits.loginPerMinute, timeWindow: 60_000, keyGenerator: (request) => `login:${request.ip}` } };
  });
  await app.register(rateLimit, { global: true, max: limits.perMinute, timeWindow: 60_000, hook: 'preHandler', keyGenerator: callerKey });
}
