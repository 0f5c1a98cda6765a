/**
 * The background half of processing: extracts one queued run and stores its items. Called by
 * the job handler (src/jobs/assessment-jobs.ts) with a system context of the run's
 * organization; never called inside an HTTP request.
 */
import { newId } from '../../../kernel/ids.js';
import type { CommandContext } from '../../context.js';
import type { AssessmentServices } from '../assessment-services.js';
import { queueExtractionWebhook } from '../assessment-webhooks.js';
import { failedResult, getProcessor } from '../../../extraction/processor-catalog.js';
import { runProcessorInWorker } from '../../../extraction/run-processor-in-worker.js';
import type { FileKind, ProcessingError, ProcessorResult } from '../../../extraction/types.js';
import type { ExtractedItemRecord } from '../extracted-items/extracted-item.repository.js';
import { carryForward } from './carry-forward.js';
import { extractWithModel } from './extract-with-model.js';
import { initialValidation } from './initial-validation.js';
import type { ProcessingRunRecord } from './processing-run.repository.js';
import { runWarnings } from './run-warnings.js';

/** What became of the run (the batch runner reads it). */
export interface ProcessOutcome {
  status: ProcessingRunRecord['status'];
  item_count: number;
  pages_processed: number;
  error: ProcessingError | null;
}

/**
 * Processes a queued run. A run that is no longer queued (already done, cancelled, deleted) is
 * left alone, so a job that runs twice does no harm. An aborted `signal` (the document is being
 * deleted) stops the extraction worker and writes nothing.
 *
 * @throws Error only on database failures (the job queue records them).
 */
export async function processRun(ctx: CommandContext, services: Pick<AssessmentServices, 'blobs' | 'model' | 'extraction' | 'jobs'>, runId: string, signal?: AbortSignal): Promise<ProcessOutcome | null> {
  const orgId = ctx.actor.org.orgId;
  const repos = ctx.repos;
  const started = ctx.clock.now();
  if (!(await repos.processingRuns.markRunning(orgId, runId, started.toISOString()))) return null;
  const run = await repos.processingRuns.findById(orgId, runId);
  const doc = run && (await repos.sourceDocuments.findById(orgId, run.document_id));
  if (!run || !doc) return null;
  await repos.sourceDocuments.update(orgId, doc.id, { processing_status: 'processing', updated_at: started.toISOString() });
  const assessment = doc.assessment_id ? await repos.assessments.findById(orgId, doc.assessment_id) : undefined;

  const processor = getProcessor(run.processor_id);
  let result: ProcessorResult;
  try {
    const bytes = await services.blobs.read(orgId, doc.blob_key);
    result = await runProcessorInWorker(run.processor_id, { bytes, kind: doc.kind as FileKind, filename: doc.filename }, services.extraction, signal);
  } catch (error) {
    result = failedResult('internal_error', 'internal', `the stored file could not be read: ${error instanceof Error ? error.message : String(error)}`, 'processing');
  }
  if (signal?.aborted) return null;
  // A model-backed processor only loaded the text: the model call is made here, through the port.
  if (processor?.requires_model) {
    // The model call is not abortable through the port; a cancelled run stops waiting for it.
    const extracted = await untilAborted(extractWithModel(services.model, result, { processor_id: run.processor_id, kind: doc.kind as FileKind, requirements: assessment?.requirements ?? [] }), signal);
    if (extracted === null) return null;
    result = extracted;
  }

  if (signal?.aborted) return null;
  const finished = ctx.clock.now();
  const now = finished.toISOString();
  const requiredKeys = new Set((assessment?.requirements ?? []).filter((r) => (r.occurrence ?? 'required_once').startsWith('required')).map((r) => r.key));
  const items: Array<Omit<ExtractedItemRecord, 'org_id'>> = result.items.map((item, ordinal) => {
    const { status, validation } = initialValidation(run.processor_id, item, assessment?.automation ?? 'never', requiredKeys);
    return {
      id: newId('itm'),
      document_id: doc.id,
      assessment_id: doc.assessment_id,
      run_id: run.id,
      ordinal,
      processor_id: run.processor_id,
      key: item.key,
      label: item.label,
      occurrence_index: item.occurrence_index,
      value_type: item.value_type,
      value_state: item.value_state,
      value: item.value,
      value_text: item.value_text,
      raw_text: item.raw_text,
      extracted: { value: item.value, value_text: item.value_text, raw_text: item.raw_text, value_state: item.value_state },
      confidence: item.confidence,
      provenance: { ...item.provenance, anchors: item.provenance.anchors.map((a) => (a.kind === 'text_span' ? { ...a, text_ref: `${run.id}/text` } : a)) },
      candidates: [],
      validation_status: status,
      validation,
      current_correction_id: null,
      is_corrected: false,
      version: 1,
      superseded_by: null,
      created_at: now,
      updated_at: now,
    };
  });
  const failed = result.errors.length > 0 && items.length === 0;
  const status: ProcessingRunRecord['status'] = failed ? 'failed' : result.errors.length > 0 ? 'partially_succeeded' : 'succeeded';

  const stored = await ctx.transaction(async (tx) => {
    const txRepos = tx.repos;
    // The document (or its assessment) may have been deleted while we extracted: write nothing then.
    if (!(await txRepos.sourceDocuments.findById(orgId, doc.id))) return false;
    // A failed run keeps the previous items current: nothing better replaced them.
    let carried = { corrections: 0, validations: 0, conflicts: 0 };
    if (!failed) {
      const previous = (await txRepos.items.listCurrent(orgId, [doc.id])).filter((i) => i.run_id !== run.id);
      carried = await carryForward(tx, previous, items, { runId: run.id, documentId: doc.id, preserve: run.preserve_corrections, force: run.force });
      await txRepos.items.insertMany(orgId, items);
    }
    await txRepos.processingRuns.finish(orgId, run.id, {
      status,
      processor_version: processor?.version ?? null,
      engine_versions: result.engine_versions,
      finished_at: now,
      duration_ms: finished.getTime() - started.getTime(),
      carried_forward: carried,
      item_count: items.length,
      errors: result.errors,
      warnings: runWarnings(run.processor_id, result),
      pages: result.pages,
      text: result.text,
    });
    await txRepos.sourceDocuments.update(orgId, doc.id, {
      processing_status: failed ? 'failed' : status === 'partially_succeeded' ? 'partially_processed' : 'processed',
      processor_id: run.processor_id,
      processor_version: processor?.version ?? null,
      latest_run_id: run.id,
      ...(doc.page_count === null && result.pages.length > 0 ? { page_count: result.pages.length } : {}),
      updated_at: now,
    });
    await queueExtractionWebhook(tx, services.jobs, {
      id: run.id,
      documentId: doc.id,
      assessmentId: doc.assessment_id,
      processorId: run.processor_id,
      status,
      itemCount: items.length,
      error: result.errors[0]?.message ?? null,
    });
    return true;
  });
  if (!stored) return null;
  return { status, item_count: items.length, pages_processed: result.pages.length, error: result.errors[0] ?? null };
}

/** The promise's value, or null as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | null> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve(null);
  return new Promise<T | null>((resolve, reject) => {
    const onAbort = () => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A run whose process died: back to queued so the retried job picks it up again. */
export async function requeueOrphanedRun(ctx: CommandContext, runId: string): Promise<void> {
  const orgId = ctx.actor.org.orgId;
  const repos = ctx.repos;
  const run = await repos.processingRuns.findById(orgId, runId);
  if (!run) return;
  await repos.processingRuns.requeue(orgId, runId);
  await repos.sourceDocuments.update(orgId, run.document_id, { processing_status: 'queued', updated_at: ctx.clock.now().toISOString() });
}
