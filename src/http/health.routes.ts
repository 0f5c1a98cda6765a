/**
 * `GET /health`: liveness plus a database round trip, for load balancers and start scripts.
 * `GET /ready`: readiness — 200 when the database answers and, in a process that runs jobs, the
 * job engine is running; otherwise 503 with a `detail` naming what is down.
 */
import type { FastifyInstance } from 'fastify';
import { ErrorResponse, Ref } from '../kernel/schema.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../modules/storage-races.js';
import { HealthResponse, ReadyResponse } from './health.schemas.js';

/** `jobs` is null in a process that runs no jobs (ROLE=api): readiness then depends on the database alone. */
/** What the probes ask of the database: whether it answers, and which it is (the storage `Store` is one). */
export interface DatabaseProbe {
  readonly dialect: 'sqlite' | 'postgres';
  ping(): Promise<boolean>;
}

export function registerHealthRoutes(app: FastifyInstance, store: DatabaseProbe, version: string, jobs: { isRunning(): boolean } | null): void {
  app.get(
    '/ready',
    {
      schema: {
        operationId: 'ready',
        summary: 'Readiness: database and job engine',
        description:
          'Answers 200 when the database answers and, in a process that runs jobs, the job engine is running; else 503 with a detail naming what is down. Needs no token.',
        tags: ['service'],
        security: [],
        response: { 200: Ref(ReadyResponse), 503: Ref(ErrorResponse) },
      },
    },
    async (_request, reply) => {
      const down: string[] = [];
      if (!(await store.ping())) down.push(`database (${store.dialect}) does not answer`);
      if (jobs && !jobs.isRunning()) down.push('job engine is not running');
      if (down.length === 0) return { status: 'ready' as const, database: store.dialect, jobs: jobs ? 'running' : 'not-run-here' };
      // A database that restarts is back by itself, and the service with it: worth asking again soon.
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ detail: `not ready: ${down.join('; ')}` });
    },
  );
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
