/**
 * The background half of a batch run: processes its queued rows one after another, records
 * per-document status, attempts, last error and skip reason, and finishes the run with a
 * partial-success-aware status (D10).
 */
import { newId } from '../../../kernel/ids.js';
import type { CommandContext } from '../../context.js';
import type { AssessmentServices } from '../assessment-services.js';
import { queueBatchWebhook } from '../assessment-webhooks.js';
import { hasHumanWork } from '../processing/carry-forward.js';
import { processRun } from '../processing/process-run.js';
import type { SourceDocumentRecord } from '../uploads/source-document.repository.js';
import type { BatchDocumentError, BatchDocumentRecord, BatchRecord, BatchRunCounts, BatchRunRecord } from './batch.repository.js';

type BatchServices = Pick<AssessmentServices, 'blobs' | 'model' | 'extraction' | 'jobs'>;
type RowOutcome = 'succeeded' | 'failed' | 'skipped';

/**
 * Runs a queued (or requeued) batch run. A finished run is left alone.
 *
 * @throws Error only on database failures.
 */
export async function executeBatchRun(ctx: CommandContext, services: BatchServices, batchRunId: string): Promise<void> {
  const orgId = ctx.actor.org.orgId;
  const repos = ctx.repos;
  const run = await repos.batches.findRun(orgId, batchRunId);
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return;
  const batch = await repos.batches.findById(orgId, run.batch_id);
  if (!batch) return;
  await repos.batches.updateRun(orgId, run.id, { status: 'running', started_at: run.started_at ?? ctx.clock.now().toISOString() });
  const counts: BatchRunCounts = { targeted: run.counts.targeted, succeeded: 0, failed: 0, skipped: 0 };
  const targetIds = new Set(run.options.document_ids ?? []);
  const rows = (await repos.batches.listDocuments(orgId, { batch_id: batch.id })).filter((r) => targetIds.has(r.id));
  for (const row of rows) {
    if (row.status === 'succeeded' || row.status === 'failed' || row.status === 'skipped') {
      counts[row.status] += 1; // done before a restart
      continue;
    }
    if (row.status !== 'queued' && row.status !== 'processing') continue;
    counts[await processRow(ctx, services, batch, run, row)] += 1;
  }
  const status: BatchRunRecord['status'] = counts.failed === 0 ? 'succeeded' : counts.succeeded + counts.skipped === 0 ? 'failed' : 'partially_succeeded';
  // The completion and its webhooks together: one event per batch run, whatever moment we stop at.
  await ctx.transaction(async (tx) => {
    await tx.repos.batches.updateRun(orgId, run.id, { status, counts, finished_at: tx.clock.now().toISOString() });
    await queueBatchWebhook(tx, services.jobs, { id: run.id, batchId: batch.id, status, counts });
  });
}

/** One pending row: refused (gone, already processed, human work in the way) or processed now; its status is recorded. */
async function processRow(
  ctx: CommandContext,
  services: BatchServices,
  batch: BatchRecord,
  run: BatchRunRecord,
  row: BatchDocumentRecord,
): Promise<RowOutcome> {
  const orgId = ctx.actor.org.orgId;
  const repos = ctx.repos;
  const now = (): string => ctx.clock.now().toISOString();
  const doc = await repos.sourceDocuments.findById(orgId, row.document_id);
  if (!doc) {
    const lastError: BatchDocumentError = { code: 'not_found', category: 'source_unavailable', message: 'the document no longer exists' };
    await repos.batches.updateDocument(orgId, row.id, { status: 'failed', last_error: lastError, updated_at: now() });
    return 'failed';
  }
  if (batch.options.skip_already_processed && run.scope !== 'failed' && doc.processing_status === 'processed') {
    await repos.batches.updateDocument(orgId, row.id, { status: 'skipped', skip_reason: 'already_processed', updated_at: now() });
    return 'skipped';
  }
  const human = (await repos.items.listCurrent(orgId, [doc.id])).filter(hasHumanWork);
  if (human.length > 0 && !run.options.preserve_corrections && !run.options.force) {
    const message = `${human.length} item(s) carry human work; run with preserve_corrections or force`;
    const lastError: BatchDocumentError = { code: 'blocked_human_work', category: 'policy', message };
    await repos.batches.updateDocument(orgId, row.id, { status: 'failed', last_error: lastError, updated_at: now() });
    return 'failed';
  }
  const runId = await startRowRun(ctx, run, row, doc, now());
  const outcome = await processRun(ctx, services, runId);
  const ok = outcome !== null && outcome.status !== 'failed';
  await repos.batches.updateDocument(orgId, row.id, {
    status: ok ? 'succeeded' : 'failed',
    last_error: ok ? null : (outcome?.error ?? { code: 'internal_error', category: 'internal', message: 'the run did not complete' }),
    result: { item_count: outcome?.item_count ?? 0, pages_processed: outcome?.pages_processed ?? 0 },
    updated_at: now(),
  });
  return ok ? 'succeeded' : 'failed';
}

/** The row's processing run, created with the document queued and the row processing, in one transaction. */
async function startRowRun(ctx: CommandContext, run: BatchRunRecord, row: BatchDocumentRecord, doc: SourceDocumentRecord, startedAt: string): Promise<string> {
  const orgId = ctx.actor.org.orgId;
  const runId = newId('run');
  await ctx.transaction(async (tx) => {
    const txRepos = tx.repos;
    await txRepos.processingRuns.insert(orgId, {
      id: runId,
      document_id: doc.id,
      assessment_id: doc.assessment_id,
      batch_run_id: run.id,
      trigger: 'batch',
      processor_id: row.processor_id ?? run.options.processor_id ?? doc.processor_id ?? 'prc_generic_fields',
      input_sha256: doc.sha256,
      preserve_corrections: run.options.force ? false : run.options.preserve_corrections !== false,
      force: run.options.force === true,
      created_at: startedAt,
    });
    await txRepos.sourceDocuments.update(orgId, doc.id, { processing_status: 'queued', latest_run_id: runId, updated_at: startedAt });
    await txRepos.batches.updateDocument(orgId, row.id, { status: 'processing', attempts: row.attempts + 1, last_run_id: runId, updated_at: startedAt });
  });
  return runId;
}

/**
 * A batch run whose process died on its last allowed attempt: the queue will not run it again,
 * so it ends `failed` (with its webhook, in one transaction) rather than wait `queued` forever.
 * The rows already done keep their status; the counts are those rows'.
 */
export async function failOrphanedBatchRun(ctx: CommandContext, services: Pick<AssessmentServices, 'jobs'>, batchRunId: string): Promise<void> {
  const orgId = ctx.actor.org.orgId;
  await ctx.transaction(async (tx) => {
    const run = await tx.repos.batches.findRun(orgId, batchRunId);
    if (!run || (run.status !== 'queued' && run.status !== 'running')) return;
    const targetIds = new Set(run.options.document_ids ?? []);
    const rows = (await tx.repos.batches.listDocuments(orgId, { batch_id: run.batch_id })).filter((r) => targetIds.has(r.id));
    const counts: BatchRunCounts = { targeted: run.counts.targeted, succeeded: 0, failed: 0, skipped: 0 };
    for (const row of rows) if (row.status === 'succeeded' || row.status === 'failed' || row.status === 'skipped') counts[row.status] += 1;
    await tx.repos.batches.updateRun(orgId, run.id, { status: 'failed', counts, finished_at: tx.clock.now().toISOString() });
    await queueBatchWebhook(tx, services.jobs, { id: run.id, batchId: run.batch_id, status: 'failed', counts });
  });
}

/** A batch run whose process died stays active; the retried job resumes it where it stopped. */
export async function requeueOrphanedBatchRun(ctx: CommandContext, batchRunId: string): Promise<void> {
  const orgId = ctx.actor.org.orgId;
  const run = await ctx.repos.batches.findRun(orgId, batchRunId);
  if (run && run.status === 'running') await ctx.repos.batches.updateRun(orgId, run.id, { status: 'queued' });
}
