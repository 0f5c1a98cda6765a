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
import type { FileKind, JsonValue, ProcessingError, ProcessorResult } from '../../../extraction/types.js';
import type { AssessmentRecord } from '../assessments/assessment.repository.js';
import type { ExtractedItemRecord } from '../extracted-items/extracted-item.repository.js';
import type { SourceDocumentRecord } from '../uploads/source-document.repository.js';
import { flagHistoryChanges, recallIssuerMemory } from '../issuer-memory/commands/recall-issuer-memory.js';
import { carryForward } from './carry-forward.js';
import { extractWithModel } from './extract-with-model.js';
import { initialValidation } from './initial-validation.js';
import type { CarriedForward, ProcessingRunRecord } from './processing-run.repository.js';
import { runWarnings } from './run-warnings.js';

/** What became of the run (the batch runner reads it). */
export interface ProcessOutcome {
  status: ProcessingRunRecord['status'];
  item_count: number;
  pages_processed: number;
  error: ProcessingError | null;
}

type Services = Pick<AssessmentServices, 'blobs' | 'model' | 'extraction' | 'jobs'>;
type NewItem = Omit<ExtractedItemRecord, 'org_id'>;

/** A run this process has claimed, with the document and assessment it belongs to. */
interface ClaimedRun {
  orgId: string;
  run: ProcessingRunRecord;
  doc: SourceDocumentRecord;
  assessment: AssessmentRecord | undefined;
  started: Date;
}

/**
 * Processes a queued run. A run that is no longer queued (already done, cancelled, deleted) is
 * left alone, so a job that runs twice does no harm. An aborted `signal` (the document is being
 * deleted) stops the extraction worker and writes nothing.
 *
 * @throws Error only on database failures (the job queue records them).
 */
export async function processRun(ctx: CommandContext, services: Services, runId: string, signal?: AbortSignal): Promise<ProcessOutcome | null> {
  const claimed = await claimRun(ctx, runId);
  if (!claimed) return null;
  const extracted = await extract(services, claimed, signal);
  if (extracted === null || signal?.aborted) return null;
  // What reviewers taught about this document's issuer: remembered fields, stable values checked.
  const recall = await recallIssuerMemory(ctx, extracted);
  const result = recall.result;
  const finished = ctx.clock.now();
  const items = itemsOf(result, claimed, finished.toISOString());
  flagHistoryChanges(items, recall.changes);
  const status: ProcessingRunRecord['status'] = result.errors.length === 0 ? 'succeeded' : items.length === 0 ? 'failed' : 'partially_succeeded';
  if (!(await storeOutcome(ctx, services, claimed, { result, items, status, finished }))) return null;
  return { status, item_count: items.length, pages_processed: result.pages.length, error: result.errors[0] ?? null };
}

/** Marks the run running (null when it is no longer queued, or its document is gone) and the document processing. */
async function claimRun(ctx: CommandContext, runId: string): Promise<ClaimedRun | null> {
  const orgId = ctx.actor.org.orgId;
  const repos = ctx.repos;
  const started = ctx.clock.now();
  if (!(await repos.processingRuns.markRunning(orgId, runId, started.toISOString()))) return null;
  const run = await repos.processingRuns.findById(orgId, runId);
  const doc = run && (await repos.sourceDocuments.findById(orgId, run.document_id));
  if (!run || !doc) return null;
  await repos.sourceDocuments.update(orgId, doc.id, { processing_status: 'processing', updated_at: started.toISOString() });
  const assessment = doc.assessment_id ? await repos.assessments.findById(orgId, doc.assessment_id) : undefined;
  return { orgId, run, doc, assessment, started };
}

/** The processor's result on the stored file (a failed result when it cannot be read); null when `signal` aborted. */
async function extract(services: Services, { orgId, run, doc, assessment }: ClaimedRun, signal: AbortSignal | undefined): Promise<ProcessorResult | null> {
  let result: ProcessorResult;
  try {
    const bytes = await services.blobs.read(orgId, doc.blob_key);
    result = await runProcessorInWorker(run.processor_id, { bytes, kind: doc.kind as FileKind, filename: doc.filename }, services.extraction, signal);
  } catch (error) {
    result = failedResult(
      'internal_error',
      'internal',
      `the stored file could not be read: ${error instanceof Error ? error.message : String(error)}`,
      'processing',
    );
  }
  if (signal?.aborted) return null;
  // A model-backed processor only loaded the text: the model call is made here, through the port.
  if (!getProcessor(run.processor_id)?.requires_model) return result;
  // The model call is not abortable through the port; a cancelled run stops waiting for it.
  const context = { processor_id: run.processor_id, kind: doc.kind as FileKind, requirements: assessment?.requirements ?? [] };
  return untilAborted(extractWithModel(services.model, result, context), signal);
}

/** The run's items as stored: first version, initially validated by the assessment's automation. */
function itemsOf(result: ProcessorResult, { run, doc, assessment }: ClaimedRun, now: string): NewItem[] {
  const requiredKeys = new Set((assessment?.requirements ?? []).filter((r) => (r.occurrence ?? 'required_once').startsWith('required')).map((r) => r.key));
  const minConfidence = new Map((assessment?.requirements ?? []).flatMap((r) => (r.min_confidence === undefined ? [] : [[r.key, r.min_confidence] as const])));
  return result.items.map((item, ordinal) => {
    const { status, validation } = initialValidation(run.processor_id, item, assessment?.automation ?? 'never', requiredKeys, minConfidence);
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
      // A once-field's other candidates (ADR 0503) are kept with the candidates, marked as alternates.
      candidates: (item.alternates ?? []).map((a) => ({ source: 'alternate', ...a }) as unknown as JsonValue),
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
}

/** What the extraction produced, to be stored. */
interface RunOutcome {
  result: ProcessorResult;
  items: NewItem[];
  status: ProcessingRunRecord['status'];
  finished: Date;
}

/**
 * Stores the items (carrying corrections forward), finishes the run and the document, and queues
 * the webhook, in one transaction. False when the document was deleted meanwhile: nothing is written.
 */
function storeOutcome(ctx: CommandContext, services: Services, claimed: ClaimedRun, outcome: RunOutcome): Promise<boolean> {
  const { orgId, run, doc } = claimed;
  const { result, items, status } = outcome;
  return ctx.transaction(async (tx) => {
    // The document (or its assessment) may have been deleted while we extracted: write nothing then.
    if (!(await tx.repos.sourceDocuments.findById(orgId, doc.id))) return false;
    // A failed run keeps the previous items current: nothing better replaced them.
    let carried = { corrections: 0, validations: 0, conflicts: 0 };
    if (status !== 'failed') {
      const previous = (await tx.repos.items.listCurrent(orgId, [doc.id])).filter((i) => i.run_id !== run.id);
      carried = await carryForward(tx, previous, items, { runId: run.id, documentId: doc.id, preserve: run.preserve_corrections, force: run.force });
      await tx.repos.items.insertMany(orgId, items);
      // The page segments, for the issuer memory to learn from when this run's items are reviewed.
      const segments = result.layout_segments ?? [];
      if (segments.length > 0) await tx.repos.issuerMemories.saveRunLayout(orgId, run.id, doc.id, segments, outcome.finished.toISOString());
    }
    await finishRecords(tx, claimed, outcome, carried);
    const error = result.errors[0]?.message ?? null;
    const event = { id: run.id, documentId: doc.id, assessmentId: doc.assessment_id, processorId: run.processor_id, status, itemCount: items.length, error };
    await queueExtractionWebhook(tx, services.jobs, event);
    return true;
  });
}

/** Finishes the run record and sets the document's processing status from it. */
async function finishRecords(tx: CommandContext, { orgId, run, doc, started }: ClaimedRun, outcome: RunOutcome, carried: CarriedForward): Promise<void> {
  const { result, items, status, finished } = outcome;
  const now = finished.toISOString();
  const processorVersion = getProcessor(run.processor_id)?.version ?? null;
  await tx.repos.processingRuns.finish(orgId, run.id, {
    status,
    processor_version: processorVersion,
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
  await tx.repos.sourceDocuments.update(orgId, doc.id, {
    processing_status: status === 'failed' ? 'failed' : status === 'partially_succeeded' ? 'partially_processed' : 'processed',
    processor_id: run.processor_id,
    processor_version: processorVersion,
    latest_run_id: run.id,
    ...(doc.page_count === null && result.pages.length > 0 ? { page_count: result.pages.length } : {}),
    updated_at: now,
  });
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
