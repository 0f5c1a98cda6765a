/**
 * The background half of a merge run: renders its pending rows one after another, records each
 * row's outcome with a progress event (rows done / failed, ETA) in one transaction, and ends the
 * run. A letter that depends on the row alone takes the lean path (lean/, ADR 0471): no generation,
 * rows recorded in batches. Row state lives in the database, so a job handed back by a dead or stopping process
 * resumes with the rows still pending: a row done is never done again.
 */
import { systemActor } from '../../../kernel/actor.js';
import { excerpt } from '../../../kernel/limits.js';
import type { CommandContext } from '../../context.js';
import { endMergeRun } from '../end-merge-run.js';
import type { MergeRowRecord, MergeRunRecord } from '../merge-run.repository.js';
import { type Progress, countRow, countsOf, etaSeconds } from '../merge-progress.js';
import type { MergeRunPayload } from '../merge-job-type.js';
import type { MergeOrg, MergeServices } from '../merge-services.js';
import type { MergePhaseMs } from '../merge-phases.js';
import { executeLeanPage } from '../lean/execute-lean-page.js';
import { leanMergePlanOf } from '../lean/lean-merge-plan.js';
import { renderMergeRow } from './render-merge-row.js';

/** Rows read per query: the job never holds the whole table. */
const PAGE = 50;
/** A row that was being rendered when its process died this many times is failed rather than tried again. */
const MAX_ROW_ATTEMPTS = 3;

function orgOf(payload: MergeRunPayload): MergeOrg {
  return { orgId: payload.orgId, orgSlug: payload.orgSlug, orgName: payload.orgName };
}

/** Runs (or resumes) a queued merge run to its end; a run already ended, or cancelled meanwhile, is left alone. */
export async function executeMergeRun(services: MergeServices, payload: MergeRunPayload, signal?: AbortSignal): Promise<void> {
  const org = orgOf(payload);
  const system = systemActor({ orgId: org.orgId, slug: org.orgSlug, displayName: org.orgName, isDefault: false });
  const first = await services.contextFor(system).repos.mergeRuns.findRun(org.orgId, payload.mergeRunId);
  if (!first || (first.status !== 'queued' && first.status !== 'running')) return;
  // The documents are made on behalf of the run's creator (their `createdBy`), as the system.
  const ctx = services.contextFor({ ...system, email: first.created_by });
  const repos = ctx.repos;
  const counts = await repos.mergeRuns.countRows(org.orgId, first.id);
  const progress: Progress = { counts, total: counts.pending + counts.done + counts.failed, finishedHere: 0, startedAt: Date.now() };
  // Under the run's lock (ADR 0788): a cancel that ended the run since the read above is not undone.
  const begun = await ctx.transaction(async (tx) => {
    const status = await tx.repos.mergeRuns.lockRun(org.orgId, first.id);
    if (status !== 'queued' && status !== 'running') return false;
    const now = tx.clock.now().toISOString();
    await tx.repos.mergeRuns.updateRun(org.orgId, first.id, { status: 'running', started_at: first.started_at ?? now });
    await tx.repos.mergeRuns.appendEvent(org.orgId, first.id, { event: 'merge_started', ...countsOf(progress) }, now);
    return true;
  });
  if (!begun) return;
  // A letter that depends on the row alone skips the pipeline (ADR 0471); the plan is read once per attempt.
  const lean = await leanMergePlanOf(ctx, services, first);
  for (let after = 0; ;) {
    const rows = await repos.mergeRuns.listRows(org.orgId, first.id, { afterRow: after, status: 'pending', limit: PAGE });
    if (rows.length === 0) break;
    if (lean) {
      if (!(await executeLeanPage(ctx, services, lean, first.id, rows, progress, MAX_ROW_ATTEMPTS, signal))) return;
      after = rows[rows.length - 1]?.row_number ?? after;
      continue;
    }
    for (const row of rows) {
      if (signal?.aborted) return; // handed back: the next attempt resumes here
      const run = await repos.mergeRuns.findRun(org.orgId, first.id);
      if (!run || run.status !== 'running') return; // cancelled (or ended elsewhere)
      await processRow(ctx, services, org, run, row, progress, signal);
      after = row.row_number;
    }
  }
  if (signal?.aborted) return;
  await endMergeRun(ctx, services.jobs, first.id, { status: 'finished' });
}

/** Renders one row and records its outcome and its event together. An abort (the job handed back) records nothing. */
async function processRow(
  ctx: CommandContext,
  services: MergeServices,
  org: MergeOrg,
  run: MergeRunRecord,
  row: MergeRowRecord,
  progress: Progress,
  signal?: AbortSignal,
): Promise<void> {
  const orgId = org.orgId;
  const attempts = row.attempts + 1;
  await ctx.repos.mergeRuns.updateRow(orgId, run.id, row.row_number, { attempts, updated_at: ctx.clock.now().toISOString() });
  let outcome: { status: 'done'; blobKey: string; sizeBytes: number; phaseMs: MergePhaseMs } | { status: 'failed'; message: string };
  if (attempts > MAX_ROW_ATTEMPTS) {
    outcome = { status: 'failed', message: `the row stopped its worker on ${MAX_ROW_ATTEMPTS} attempts` };
  } else {
    try {
      outcome = { status: 'done', ...(await renderMergeRow(ctx, services, org, run, row)) };
    } catch (error) {
      if (signal?.aborted) return;
      outcome = { status: 'failed', message: excerpt(error instanceof Error ? error.message : String(error), 1000) };
    }
  }
  countRow(progress, outcome.status);
  await ctx.transaction(async (tx) => {
    // A cancel that ended the run while the row rendered has written its end: nothing after it (ADR 0788).
    if ((await tx.repos.mergeRuns.lockRun(orgId, run.id)) !== 'running') return;
    const now = tx.clock.now().toISOString();
    const patch =
      outcome.status === 'done'
        ? { status: 'done' as const, blob_key: outcome.blobKey, size_bytes: outcome.sizeBytes, error: null, updated_at: now }
        : { status: 'failed' as const, error: outcome.message, updated_at: now };
    await tx.repos.mergeRuns.updateRow(orgId, run.id, row.row_number, patch);
    await tx.repos.mergeRuns.updateRun(orgId, run.id, { done_rows: progress.counts.done, failed_rows: progress.counts.failed });
    const event =
      outcome.status === 'done'
        ? { event: 'row_done', row: row.row_number, fileName: row.file_name, phaseMs: outcome.phaseMs }
        : { event: 'row_failed', row: row.row_number, message: outcome.message };
    await tx.repos.mergeRuns.appendEvent(orgId, run.id, { ...event, ...countsOf(progress), etaSeconds: etaSeconds(progress, Date.now()) }, now);
  });
}

/** A run whose process stopped: put back to `queued` for the retried job, which resumes it where it stopped. */
export async function requeueOrphanedMergeRun(services: MergeServices, payload: MergeRunPayload): Promise<void> {
  const ctx = services.contextFor(systemActor({ orgId: payload.orgId, slug: payload.orgSlug, displayName: payload.orgName, isDefault: false }));
  // Only a run still running: one a cancel ended meanwhile stays ended.
  await ctx.repos.mergeRuns.requeueRun(payload.orgId, payload.mergeRunId);
}

/** A run whose process died on its last allowed attempt: it ends `failed` (rows done keep their files) rather than wait forever. */
export async function failOrphanedMergeRun(services: MergeServices, payload: MergeRunPayload, reason: string): Promise<void> {
  const ctx = services.contextFor(systemActor({ orgId: payload.orgId, slug: payload.orgSlug, displayName: payload.orgName, isDefault: false }));
  await endMergeRun(ctx, services.jobs, payload.mergeRunId, { status: 'failed', error: reason });
}
