/**
 * A page of a lean merge run (ADR 0471): the rows' attempts counted in one statement, each row
 * rendered (renderLeanRow: no database write), then the rows' documents, outcomes, the run's
 * counts and one progress event per row written together, a batch at a time — one transaction per
 * batch instead of several per row. A batch is all or nothing: a process that stops mid-batch
 * leaves its rows pending (their files, already stored, are orphans the next attempt replaces), so
 * a resumed run still does no row twice and leaves no document without its row.
 */
import { excerpt } from '../../../kernel/limits.js';
import type { CommandContext } from '../../context.js';
import { type Progress, countRow, countsOf, etaSeconds } from '../merge-progress.js';
import type { MergeRowRecord, MergeRunRecord } from '../merge-run.repository.js';
import type { MergeServices } from '../merge-services.js';
import { insertLeanDocuments } from './lean-document.js';
import type { LeanMergePlan } from './lean-merge-plan.js';
import { type LeanRowOutcome, renderLeanRow } from './render-lean-row.js';

/** Rows written per transaction: progress shows in steps of this many rows (a fraction of a second of work). */
export const LEAN_BATCH = 25;

type Finished = { row: MergeRowRecord; outcome: LeanRowOutcome | { status: 'failed'; lean: null; message: string } };

/**
 * Writes the batch's documents, outcomes, counts and events in one transaction, under the run's
 * lock: false (nothing written) when a cancel ended the run meanwhile, whose end is its last event (ADR 0788).
 */
async function recordBatch(ctx: CommandContext, run: MergeRunRecord, batch: readonly Finished[], progress: Progress): Promise<boolean> {
  if (batch.length === 0) return true;
  const orgId = run.org_id;
  return ctx.transaction(async (tx) => {
    if ((await tx.repos.mergeRuns.lockRun(orgId, run.id)) !== 'running') return false;
    const now = tx.clock.now().toISOString();
    const events = [];
    await insertLeanDocuments(
      tx,
      batch.flatMap(({ outcome }) => (outcome.lean ? [outcome.lean] : [])),
    );
    for (const { row, outcome } of batch) {
      const documentId = outcome.lean?.document.id ?? null;
      countRow(progress, outcome.status);
      if (outcome.status === 'done') {
        await tx.repos.mergeRuns.updateRow(orgId, run.id, row.row_number, {
          status: 'done',
          document_id: documentId,
          blob_key: outcome.blobKey,
          size_bytes: outcome.sizeBytes,
          error: null,
          updated_at: now,
        });
        events.push({ event: 'row_done', row: row.row_number, fileName: row.file_name, phaseMs: outcome.phaseMs, ...countsOf(progress) });
      } else {
        const message = excerpt(outcome.message, 1000);
        await tx.repos.mergeRuns.updateRow(orgId, run.id, row.row_number, { status: 'failed', document_id: documentId, error: message, updated_at: now });
        events.push({ event: 'row_failed', row: row.row_number, message, ...countsOf(progress) });
      }
    }
    await tx.repos.mergeRuns.updateRun(orgId, run.id, { done_rows: progress.counts.done, failed_rows: progress.counts.failed });
    const eta = etaSeconds(progress, Date.now());
    await tx.repos.mergeRuns.appendEvents(
      orgId,
      run.id,
      events.map((event) => ({ ...event, etaSeconds: eta })),
      now,
    );
    return true;
  });
}

/**
 * Renders and records one page of pending rows.
 * @param maxAttempts a row already tried this many times (its process died each time) fails instead.
 * @returns false when the run stopped (cancelled, ended elsewhere, or the job handed back): the caller stops too.
 */
export async function executeLeanPage(
  ctx: CommandContext,
  services: MergeServices,
  plan: LeanMergePlan,
  runId: string,
  rows: readonly MergeRowRecord[],
  progress: Progress,
  maxAttempts: number,
  signal?: AbortSignal,
): Promise<boolean> {
  const orgId = ctx.actor.org.orgId;
  const run = await ctx.repos.mergeRuns.findRun(orgId, runId);
  if (!run || run.status !== 'running') return false; // cancelled (or ended elsewhere)
  await ctx.repos.mergeRuns.bumpAttempts(
    orgId,
    run.id,
    rows.map((r) => r.row_number),
    ctx.clock.now().toISOString(),
  );
  let batch: Finished[] = [];
  for (const row of rows) {
    if (signal?.aborted) break; // handed back: what is rendered is recorded, the rest resumes on the next attempt
    const outcome: Finished['outcome'] =
      row.attempts + 1 > maxAttempts
        ? { status: 'failed', lean: null, message: `the row stopped its worker on ${maxAttempts} attempts` }
        : await renderLeanRow(ctx, services, plan, row);
    batch.push({ row, outcome });
    if (batch.length === LEAN_BATCH) {
      if (!(await recordBatch(ctx, run, batch, progress))) return false;
      batch = [];
    }
  }
  if (!(await recordBatch(ctx, run, batch, progress))) return false;
  return !signal?.aborted;
}
