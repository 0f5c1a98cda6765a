/**
 * Documents the 503 every operation of a scope answers while the database is unreachable (a
 * restart, a failover): the error mapper turns such a failure into 503 `{detail}` with
 * `Retry-After` (storage-races.ts), whichever operation met it, so each one says it may.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { errorResponse } from '../../kernel/schema.js';

/** Call before the scope's routes are registered. An operation's own 503 (a capability that is off) is kept. */
export function documentDatabaseUnavailable(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    const schema = (route.schema ?? {}) as { response?: Record<string, unknown> };
    if (schema.response?.[503] !== undefined) return;
    route.schema = { ...schema, response: { ...schema.response, 503: errorResponse(503) } };
  });
}
