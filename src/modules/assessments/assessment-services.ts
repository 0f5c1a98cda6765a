/**
 * What the assessment use cases need beyond the command context: the job queue (processing
 * runs in the background, never in the request), the blob store, the upload limits, the
 * extraction budget and the model gateway (only `prc_llm_fields` calls it, from the processing job).
 */
import type { JobQueue } from '../../kernel/jobs.js';
import type { ModelGateway } from '../../pipeline/ports.js';
import type { BlobStore } from '../../storage/blobs/blob-store.js';
import type { ProcessorBudget } from '../../extraction/run-processor-in-worker.js';
import { PROCESS_RUN_JOB } from './assessment-job-types.js';

export interface AssessmentServices {
  jobs: JobQueue;
  blobs: BlobStore;
  uploads: { maxBytes: number; maxPages: number; inspectTimeoutMs?: number };
  /** Time and heap budget of one extraction. */
  extraction: ProcessorBudget;
  model: ModelGateway;
}

/** The area's services, picked from the application's (the blob store is whichever the factory chose). */
export function assessmentServices(deps: Pick<AssessmentServices, 'jobs' | 'blobs' | 'uploads' | 'extraction' | 'model'>): AssessmentServices {
  return { jobs: deps.jobs, blobs: deps.blobs, uploads: deps.uploads, extraction: deps.extraction, model: deps.model };
}

/** Queues the processing of a run (the job id makes a second enqueue of the same run a no-op). */
export async function enqueueRun(services: Pick<AssessmentServices, 'jobs'>, orgId: string, runId: string): Promise<void> {
  await services.jobs.enqueue(PROCESS_RUN_JOB, { orgId, runId }, { id: processRunJobId(runId) });
}

/** The queue's id of a run's processing job. */
export function processRunJobId(runId: string): string {
  return `${PROCESS_RUN_JOB.name}:${runId}`;
}
