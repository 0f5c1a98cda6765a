/**
 * The generation job: one queued run per job (id `generate:<document>:<run number>`). A run
 * whose process died is ended with `pipeline_failed` rather than retried: a silent re-run could
 * overwrite work done since.
 */
import { type JobDefinition, defineJob } from '../kernel/jobs.js';
import { createContext } from '../modules/context.js';
import { GENERATE_JOB } from '../modules/generation/generate-job-payload.js';
import { type GenerationServices, failOrphanedRun, runGeneration } from '../modules/generation/run-generation.js';
import type { JobServices } from './job-services.js';

/** What the run's `pipeline_failed` says, by why its job was handed back. */
const ORPHAN_REASONS = {
  orphaned: 'the process running this generation stopped before it finished',
  shutdown: 'the service shut down before this generation finished',
  interrupted: 'the database became unavailable while this generation ran, so it could not finish; generate again',
} as const;

export function generationJobs(services: JobServices): JobDefinition[] {
  const generation: GenerationServices = {
    model: services.model,
    tools: services.tools,
    jobs: services.jobs,
    contextFor: (actor) => createContext(services.db, actor),
    secretKey: services.secretKey,
    price: services.llmPrice,
  };
  return [
    defineJob(GENERATE_JOB, {
      // Never run twice: the handler ends its run whatever happens, and a dead process's run is ended by onOrphaned.
      retryLimit: 0,
      expireInSeconds: 3600,
      handler: (payload) => runGeneration(generation, payload),
      onOrphaned: async (payload, job) => {
        const reason = ORPHAN_REASONS[job.reason ?? 'orphaned'];
        await failOrphanedRun(generation, payload, reason);
        return 'drop';
      },
    }),
  ];
}
