/**
 * Registers every background job's handler on the queue. Each area adds its jobs here;
 * handlers get the database and the ports, never an HTTP request.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../kernel/jobs.js';
import type { RouteDeps } from '../modules/route-context.js';
import { assessmentJobs } from './assessment-jobs.js';
import { generationJobs } from './generation-jobs.js';
import { webhookJobs } from './webhook-jobs.js';

/** What job handlers get: the same services as routes, and the application's logger. */
export interface JobServices extends RouteDeps {
  log: FastifyBaseLogger;
}

export function registerJobs(queue: JobQueue, services: JobServices): void {
  for (const definition of [...generationJobs(services), ...assessmentJobs(services), ...webhookJobs(services)]) queue.register(definition);
}
