import { sql } from 'kysely';
import type { CommandContext } from '../../context.js';

/**
 * Where a progress stream without `Last-Event-ID`/`after` starts: after the last event of every
 * run before the latest one. So a client that connects right after `POST /generate` sees the
 * new run from its first event, whether or not that run has emitted anything yet (one query:
 * no window in which the run's first event could slip between two reads).
 */
export async function defaultProgressCursor(ctx: CommandContext, documentId: string): Promise<number> {
  const orgId = ctx.actor.org.orgId;
  const latestRun = await ctx.db
    .selectFrom('generation_runs')
    .select(['id'])
    .where('org_id', '=', orgId)
    .where('document_id', '=', documentId)
    .orderBy('run_number', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latestRun) return 0;
  const before = await ctx.db
    .selectFrom('run_events')
    .select(sql<number>`coalesce(max(seq), 0)`.as('seq'))
    .where('org_id', '=', orgId)
    .where('document_id', '=', documentId)
    .where('run_id', '!=', latestRun.id)
    .executeTakeFirst();
  return Number(before?.seq ?? 0);
}
