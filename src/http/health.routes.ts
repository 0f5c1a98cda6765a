/** `GET /health`: liveness plus a database round trip, for load balancers and start scripts. */
import type { FastifyInstance } from 'fastify';
import { Ref } from '../kernel/schema.js';
import type { Store } from '../storage/database.js';
import { HealthResponse } from './health.schemas.js';

export function registerHealthRoutes(app: FastifyInstance, store: Store, version: string): void {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'health',
        summary: 'Service health',
        description: 'Answers 200 `ok` when the database answers a round trip, else 503 `unavailable`; needs no token.',
        tags: ['service'],
        security: [],
        response: { 200: Ref(HealthResponse), 503: Ref(HealthResponse) },
      },
    },
    async (_request, reply) => {
      if (await store.ping()) return { status: 'ok', database: store.dialect, version };
      return reply.status(503).send({ status: 'unavailable', database: store.dialect, version });
    },
  );
}
