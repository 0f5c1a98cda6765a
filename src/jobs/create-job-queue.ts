/**
 * The job queue a store calls for: on PostgreSQL the pg-boss engine with run leases (many
 * API and worker processes on many hosts share it); on SQLite the in-process queue over the
 * `jobs` table (one machine by definition).
 */
import type { Config } from '../config.js';
import type { JobQueue } from '../kernel/jobs.js';
import type { Store } from '../storage/database.js';
import { InProcessJobQueue } from './in-process-job-queue.js';

export async function createJobQueue(
  store: Store,
  config: Pick<Config, 'databaseUrl' | 'jobs'>,
  onError: (error: unknown, job?: { id: string; name: string }) => void,
): Promise<JobQueue> {
  if (store.schema !== null && config.databaseUrl) {
    // Loaded only for PostgreSQL: pg-boss and the pg driver are a few hundred ms of module
    // loading that a SQLite service's start-up need not pay.
    const { PgBossJobQueue } = await import('./pg-boss/pg-boss-job-queue.js');
    return new PgBossJobQueue(store.db, {
      databaseUrl: config.databaseUrl,
      storeSchema: store.schema,
      concurrency: config.jobs.concurrency,
      leaseMs: config.jobs.leaseMs,
      onError,
    });
  }
  return new InProcessJobQueue(store.db, { concurrency: config.jobs.concurrency, onError: (error, job) => onError(error, job) });
}
