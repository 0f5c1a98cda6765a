/**
 * What the assessment use cases need beyond the command context: the job queue (processing
 * runs in the background, never in the request), the blob store, the upload limits, the
 * extraction budget and the model gateway (only `prc_llm_fields` calls it, from the processing job).
 */
import type { JobQueue } from '../../kernel/jobs.js';
import type { ModelGateway } from '../../pipeline/ports.js';
import { type BlobStore, LocalBlobStore } from '../../storage/blob-store.js';
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

/** Services over a data directory (blobs under `DATA_DIR/blobs`). */
export function assessmentServices(deps: Pick<AssessmentServices, 'jobs' | 'uploads' | 'extraction' | 'model'> & { dataDir: string }): AssessmentServices {
  return { jobs: deps.jobs, blobs: LocalBlobStore.forDataDir(deps.dataDir), uploads: deps.uploads, extraction: deps.extraction, model: deps.model };
}

/** Queues the processing of a run (the job id makes a second enqueue of the same run a no-op). */
export async function enqueueRun(services: Pick<AssessmentServices, 'jobs'>, orgId: string, runId: string): Promise<void> {
  await services.jobs.enqueue(PROCESS_RUN_JOB, { orgId, runId }, { id: processRunJobId(runId) });
}

/** The queue's id of a run's processing job. */
export function processRunJobId(runId: string): string {
  return `${PROCESS_RUN_JOB.name}:${runId}`;
}
