/** `GET /health`: liveness plus a database round trip, for load balancers and start scripts. */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Store } from '../storage/database.js';

const Health = Type.Object({ status: Type.String(), database: Type.String(), version: Type.String() });

export function registerHealthRoutes(app: FastifyInstance, store: Store, version: string): void {
  app.get(
    '/health',
    { schema: { operationId: 'health', summary: 'Service health', description: 'Liveness plus a database round trip: 200 when the database answers, 503 when it does not. No token needed.', tags: ['service'], security: [], response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      if (await store.ping()) return { status: 'ok', database: store.dialect, version };
      return reply.status(503).send({ status: 'unavailable', database: store.dialect, version });
    },
  );
}
