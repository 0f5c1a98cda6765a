/**
 * `POST /batches/{id}/runs` and `POST /batches/process`: one active run per batch (a unique
 * index on the active run enforces it even between processes); the rows in scope are queued
 * and the run is handed to the background job queue.
 */
import { newId } from '../../../../kernel/ids.js';
import { isUniqueViolation } from '../../../../storage/dialect.js';
import type { CommandContext } from '../../../context.js';
import { BATCH_RUN_JOB } from '../../assessment-job-types.js';
import type { AssessmentServices } from '../../assessment-services.js';
import { assertKnownProcessor, catalogOptionsOf } from '../../processors/choose-processor.js';
import type { BatchDocumentRecord, BatchRunRecord } from '../batch.repository.js';
import { requireBatch } from '../require-batch.js';

export interface StartBatchRunInput {
  scope?: 'all' | 'pending' | 'failed';
  processor_id?: string;
  preserve_corrections?: boolean;
  force?: boolean;
}

export type StartBatchRunResult =
  { started: true; run: BatchRunRecord } | { started: false; already_running: boolean; nothing_to_do: boolean; run_id: string | null };

function inScope(row: BatchDocumentRecord, scope: NonNullable<StartBatchRunInput['scope']>): boolean {
  if (!row.included || row.status === 'excluded') return false;
  if (scope === 'all') return true;
  return row.status === scope;
}

/**
 * @throws NotFoundError when the batch is absent or foreign.
 * @throws DomainValidationError for an unknown or disabled processor.
 */
export async function startBatchRun(
  ctx: CommandContext,
  services: Pick<AssessmentServices, 'jobs' | 'model'>,
  batchId: string,
  input: StartBatchRunInput,
  options: { allowEmpty: boolean; trigger: string },
): Promise<StartBatchRunResult> {
  assertKnownProcessor(input.processor_id, catalogOptionsOf(services.model));
  const orgId = ctx.actor.org.orgId;
  const scope = input.scope ?? 'all';
  const result = await ctx
    .transaction(async (tx): Promise<StartBatchRunResult> => {
      const batch = await requireBatch(tx, batchId);
      const repos = tx.repos;
      const active = await repos.batches.findActiveRun(orgId, batch.id);
      if (active) return { started: false, already_running: true, nothing_to_do: false, run_id: active.id };
      const targets = (await repos.batches.listDocuments(orgId, { batch_id: batch.id })).filter((r) => inScope(r, scope));
      if (targets.length === 0 && !options.allowEmpty) return { started: false, already_running: false, nothing_to_do: true, run_id: null };
      const now = tx.clock.now().toISOString();
      const run = await repos.batches.insertRun(orgId, {
        id: newId('brun'),
        batch_id: batch.id,
        run_number: (await repos.batches.maxRunNumber(orgId, batch.id)) + 1,
        scope,
        trigger: options.trigger,
        status: 'queued',
        options: {
          processor_id: input.processor_id ?? batch.processor_id,
          preserve_corrections: input.preserve_corrections ?? batch.options.preserve_corrections ?? true,
          force: input.force ?? batch.options.force ?? false,
          document_ids: targets.map((t) => t.id),
        },
        counts: { targeted: targets.length, succeeded: 0, failed: 0, skipped: 0 },
        error: null,
        started_at: null,
        finished_at: null,
        created_at: now,
      });
      for (const t of targets) await repos.batches.updateDocument(orgId, t.id, { status: 'queued', skip_reason: null, updated_at: now });
      await repos.batches.setLatestRun(orgId, batch.id, run.id, now);
      return { started: true, run };
    })
    .catch(async (error: unknown): Promise<StartBatchRunResult> => {
      // Another request started a run between our check and our insert.
      if (!isUniqueViolation(error)) throw error;
      const active = await ctx.repos.batches.findActiveRun(orgId, batchId);
      return { started: false, already_running: true, nothing_to_do: false, run_id: active?.id ?? null };
    });
  if (result.started) await services.jobs.enqueue(BATCH_RUN_JOB, { orgId, batchRunId: result.run.id }, { id: `${BATCH_RUN_JOB.name}:${result.run.id}` });
  return result;
}
