/**
 * The merge run job: one per run (id `merge-run:<run>`). Unlike a generation run, a merge run is
 * resumed when its process stops: its rows' state is in the database, so the retried job takes
 * only the rows still pending (no row is done twice). On its last attempt it ends `failed`.
 */
import { type JobDefinition, defineJob } from '../kernel/jobs.js';
import { createContext } from '../modules/context.js';
import { executeMergeRun, failOrphanedMergeRun, requeueOrphanedMergeRun } from '../modules/merge/commands/execute-merge-run.js';
import { MERGE_RUN_JOB } from '../modules/merge/merge-job-type.js';
import type { MergeServices } from '../modules/merge/merge-services.js';
import type { JobServices } from './job-services.js';

export function mergeJobs(services: JobServices): JobDefinition[] {
  const merge: MergeServices = {
    model: services.model,
    tools: services.tools,
    jobs: services.jobs,
    contextFor: (actor) => createContext(services.db, actor),
    secretKey: services.secretKey,
    price: services.llmPrice,
    blobs: services.blobs,
    pdf: services.pdf,
  };
  return [
    defineJob(MERGE_RUN_JOB, {
      retryLimit: 5,
      // A thousand letters at a few per second, with room: the attempt is handed back (and resumed) past it.
      expireInSeconds: 4 * 3600,
      handler: (payload, job) => executeMergeRun(merge, payload, job.signal),
      onOrphaned: async (payload, job) => {
        if (job.isFinalAttempt) {
          await failOrphanedMergeRun(merge, payload, 'the process running this merge stopped on every attempt');
          return 'drop';
        }
        await requeueOrphanedMergeRun(merge, payload);
        return 'retry';
      },
    }),
  ];
}
