/** What job handlers get; its own file, so each area's job definitions import it without importing the registry that imports them. */
import type { FastifyBaseLogger } from 'fastify';
import type { RouteDeps } from '../modules/route-context.js';

/** What job handlers get: the same services as routes, and the application's logger. */
export interface JobServices extends RouteDeps {
  log: FastifyBaseLogger;
}
