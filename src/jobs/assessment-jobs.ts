/**
 * The assessment area's background jobs: extracting a processing run, and running a batch.
 * Handlers act through a system context of the payload's organization; the area's services
 * include the model gateway (`prc_llm_fields` calls it from the processing job).
 */
import { type JobDefinition, defineJob } from '../kernel/jobs.js';
import { BATCH_RUN_JOB, PROCESS_RUN_JOB } from '../modules/assessments/assessment-job-types.js';
import { assessmentServices } from '../modules/assessments/assessment-services.js';
import { executeBatchRun, failOrphanedBatchRun, requeueOrphanedBatchRun } from '../modules/assessments/batches/execute-batch-run.js';
import { failOrphanedRun } from '../modules/assessments/processing/fail-orphaned-run.js';
import { processRun, requeueOrphanedRun } from '../modules/assessments/processing/process-run.js';
import { systemContext } from '../modules/system-context.js';
import type { JobServices } from './job-services.js';

/** The definitions; `register-jobs.ts` registers them on the queue. */
export function assessmentJobs(services: JobServices): JobDefinition[] {
  const area = assessmentServices(services);
  return [
    defineJob(PROCESS_RUN_JOB, {
      // Three attempts: a file that kills its worker each time is not retried forever.
      retryLimit: 2,
      // The extraction's own budget, plus a minute for reading and writing around it.
      expireInSeconds: Math.ceil(services.extraction.timeoutMs / 1000) + 60,
      handler: async (payload, job) => {
        await processRun(systemContext(services.db, payload.orgId), area, payload.runId, job.signal);
      },
      // The run was `running` in a process that died: put it back to `queued` and run it again,
      // unless that was its last attempt (then it ends failed rather than wait forever).
      onOrphaned: async (payload, job) => {
        const ctx = systemContext(services.db, payload.orgId);
        if (job.isFinalAttempt) {
          await failOrphanedRun(ctx, payload.runId, 'the process extracting this document stopped on every attempt');
          return 'drop';
        }
        await requeueOrphanedRun(ctx, payload.runId);
        return 'retry';
      },
    }),
    defineJob(BATCH_RUN_JOB, {
      retryLimit: 2,
      expireInSeconds: 3600,
      handler: async (payload) => {
        await executeBatchRun(systemContext(services.db, payload.orgId), area, payload.batchRunId);
      },
      // Resumed where it stopped, unless that was its last attempt (then it ends failed).
      onOrphaned: async (payload, job) => {
        const ctx = systemContext(services.db, payload.orgId);
        if (job.isFinalAttempt) {
          await failOrphanedBatchRun(ctx, area, payload.batchRunId);
          return 'drop';
        }
        await requeueOrphanedBatchRun(ctx, payload.batchRunId);
        return 'retry';
      },
    }),
  ];
}
