import type { Actor } from '../kernel/actor.js';
import type { Role } from '../kernel/roles.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin on every protected route; absent on public routes. */
    actor?: Actor;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The least role (kernel/roles.ts) a caller needs in the active organization for this route.
     * Omitted: reads need viewer, writes editor; the auth plugin fills it in and enforces it.
     */
    role?: Role;
  }
}
