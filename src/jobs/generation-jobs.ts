/**
 * The generation job: one queued run per job (id `generate:<document>:<run number>`). A run
 * whose process died is ended with `pipeline_failed` rather than retried: a silent re-run could
 * overwrite work done since.
 */
import { type JobDefinition, defineJob } from '../kernel/jobs.js';
import { createContext } from '../modules/context.js';
import { GENERATE_JOB } from '../modules/generation/generate-job-payload.js';
import { type GenerationServices, failOrphanedRun, runGeneration } from '../modules/generation/run-generation.js';
import type { JobServices } from './register-jobs.js';

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
        const reason = job.reason === 'shutdown' ? 'the service shut down before this generation finished' : 'the process running this generation stopped before it finished';
        await failOrphanedRun(generation, payload, reason);
        return 'drop';
      },
    }),
  ];
}
