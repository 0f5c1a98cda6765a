/**
 * `GET /health`: liveness plus a database round trip, for load balancers and start scripts.
 * `GET /ready`: readiness — 200 when the database answers and, in a process that runs jobs, the
 * job engine is running; otherwise 503 with a `detail` naming what is down.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Store } from '../storage/database.js';

const Health = Type.Object({ status: Type.String(), database: Type.String(), version: Type.String() });

const Ready = Type.Object({ status: Type.Literal('ready'), database: Type.String(), jobs: Type.String({ description: 'running, or not-run-here (ROLE=api)' }) });
const NotReady = Type.Object({ detail: Type.String() });

/** `jobs` is null in a process that runs no jobs (ROLE=api): readiness then depends on the database alone. */
export function registerHealthRoutes(app: FastifyInstance, store: Store, version: string, jobs: { isRunning(): boolean } | null): void {
  app.get(
    '/ready',
    { schema: { operationId: 'ready', summary: 'Readiness: database and job engine', tags: ['service'], security: [], response: { 200: Ready, 503: NotReady } } },
    async (_request, reply) => {
      const down: string[] = [];
      if (!(await store.ping())) down.push(`database (${store.dialect}) does not answer`);
      if (jobs && !jobs.isRunning()) down.push('job engine is not running');
      if (down.length > 0) return reply.status(503).send({ detail: `not ready: ${down.join('; ')}` });
      return { status: 'ready' as const, database: store.dialect, jobs: jobs ? 'running' : 'not-run-here' };
    },
  );
  app.get(
    '/health',
    { schema: { operationId: 'health', summary: 'Service health', description: 'Liveness plus a database round trip: 200 when the database answers, 503 when it does not. No token needed.', tags: ['service'], security: [], response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      if (await store.ping()) return { status: 'ok', database: store.dialect, version };
      return reply.status(503).send({ status: 'unavailable', database: store.dialect, version });
    },
  );
}
