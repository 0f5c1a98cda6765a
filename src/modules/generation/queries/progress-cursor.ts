import type { CommandContext } from '../../context.js';

/**
 * Where a progress stream without `Last-Event-ID`/`after` starts: after the last event of every
 * run before the latest one. So a client that connects right after `POST /generate` sees the
 * new run from its first event, whether or not that run has emitted anything yet.
 */
export async function defaultProgressCursor(ctx: CommandContext, documentId: string): Promise<number> {
  return ctx.repos.runEvents.seqBeforeLatestRun(ctx.actor.org.orgId, documentId);
}
