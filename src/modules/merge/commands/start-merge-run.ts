/**
 * `POST /v1/templates/{slug}/merge-runs`: checks the whole request first — a required field no
 * column fills, or a value that can never fit its field, refuses it (422) with nothing created —
 * then writes the run with its rows and its job in one transaction. A required value left blank
 * in a row does not refuse the request: that row fails, saying why, and the others are made
 * (docs/adr/0371-merge-runs.md).
 */
import { DomainValidationError } from '../../../kernel/errors.js';
import { newId } from '../../../kernel/ids.js';
import type { JobQueue } from '../../../kernel/jobs.js';
import { type CommandContext, transactionHandleOf } from '../../context.js';
import { MERGE_RUN_JOB, mergeJobId } from '../merge-job-type.js';
import type { MergeRunRecord } from '../merge-run.repository.js';
import { type MergeRequest, prepareMerge, refusalOf } from '../prepare-merge.js';

/**
 * @throws NotFoundError when the template is absent or another organization's.
 * @throws DomainValidationError when the request is refused (see `refusalOf` and `prepareMerge`).
 */
export async function startMergeRun(ctx: CommandContext, jobs: JobQueue, templateSlug: string, request: MergeRequest): Promise<MergeRunRecord> {
  const prepared = await prepareMerge(ctx, templateSlug, request);
  const refusal = refusalOf(prepared);
  if (refusal) throw new DomainValidationError(refusal);
  const org = ctx.actor.org;
  const id = newId('mrg');
  const payload = { orgId: org.orgId, orgSlug: org.slug, orgName: org.displayName, mergeRunId: id };
  const run = await ctx.transaction(async (tx) => {
    const inserted = await tx.repos.mergeRuns.insertRun(
      org.orgId,
      {
        id,
        template_id: prepared.template.id,
        template_slug: prepared.template.slug ?? templateSlug,
        format: request.format,
        file_name_pattern: prepared.pattern,
        status: 'queued',
        total_rows: prepared.rows.length,
        done_rows: 0,
        failed_rows: 0,
        error: null,
        created_by: tx.actor.email,
        created_at: tx.clock.now().toISOString(),
        started_at: null,
        finished_at: null,
      },
      prepared.rows,
    );
    await jobs.enqueue(MERGE_RUN_JOB, payload, { id: mergeJobId(id), transaction: transactionHandleOf(tx) });
    return inserted;
  });
  jobs.wake(MERGE_RUN_JOB); // committed: this process claims it now (the others were notified at the commit)
  return run;
}
