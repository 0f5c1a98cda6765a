/**
 * Registers every background job's handler on the queue. Each area adds its jobs here;
 * handlers get the database and the ports, never an HTTP request.
 */
import type { JobQueue } from '../kernel/jobs.js';
import { assessmentJobs } from './assessment-jobs.js';
import { generationJobs } from './generation-jobs.js';
import type { JobServices } from './job-services.js';
import { mergeJobs } from './merge-jobs.js';
import { webhookJobs } from './webhook-jobs.js';

export function registerJobs(queue: JobQueue, services: JobServices): void {
  for (const definition of [...generationJobs(services), ...assessmentJobs(services), ...webhookJobs(services), ...mergeJobs(services)])
    queue.register(definition);
}
