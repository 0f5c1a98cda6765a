import type { Actor } from '../kernel/actor.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin on every protected route; absent on public routes. */
    actor?: Actor;
  }
}
