/**
 * The assessment area's background jobs: extracting a processing run, and running a batch.
 * Handlers act through a system context of the payload's organization; the area's services
 * include the model gateway (`prc_llm_fields` calls it from the processing job).
 */
import type { JobDefinition } from '../kernel/jobs.js';
import { BATCH_RUN_JOB, type BatchRunPayload, PROCESS_RUN_JOB, type ProcessRunPayload, assessmentServices } from '../modules/assessments/assessment-services.js';
import { executeBatchRun, requeueOrphanedBatchRun } from '../modules/assessments/batches/execute-batch-run.js';
import { processRun, requeueOrphanedRun } from '../modules/assessments/processing/process-run.js';
import { systemContext } from '../modules/assessments/system-context.js';
import type { JobServices } from './register-jobs.js';

/** The definitions; `register-jobs.ts` registers them on the queue. */
export function assessmentJobs(services: JobServices): Array<JobDefinition<never>> {
  const area = assessmentServices(services);
  const processDefinition: JobDefinition<ProcessRunPayload> = {
    name: PROCESS_RUN_JOB,
    handler: async (payload) => {
      await processRun(systemContext(services.db, payload.org_id), area, payload.run_id);
    },
    // The run was `running` in a process that died: put it back to `queued` and run it again.
    onOrphaned: async (payload) => {
      await requeueOrphanedRun(systemContext(services.db, payload.org_id), payload.run_id);
      return 'retry';
    },
  };
  const batchDefinition: JobDefinition<BatchRunPayload> = {
    name: BATCH_RUN_JOB,
    handler: async (payload) => {
      await executeBatchRun(systemContext(services.db, payload.org_id), area, payload.batch_run_id);
    },
    onOrphaned: async (payload) => {
      await requeueOrphanedBatchRun(systemContext(services.db, payload.org_id), payload.batch_run_id);
      return 'retry';
    },
  };
  return [processDefinition, batchDefinition] as Array<JobDefinition<unknown>> as Array<JobDefinition<never>>;
}
