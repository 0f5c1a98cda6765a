import type { CommandContext } from '../../../context.js';
import { peopleDirectory } from '../../people.js';
import { type ThreadView, presentThread } from '../comment.presenter.js';
import { requireThread } from '../require-thread.js';
import { announceComment } from '../announce-comment.js';

/**
 * `POST …/threads/{id}/resolve` (editors and above, ADR 0611): marks the discussion settled.
 * Resolving a resolved thread answers it unchanged. One mutation, one file (live stream hook).
 *
 * @throws NotFoundError when the document or thread is absent or foreign.
 */
export async function resolveThread(ctx: CommandContext, documentId: string, threadId: string): Promise<ThreadView> {
  return ctx.transaction(async (tx) => {
    const thread = await requireThread(tx, documentId, threadId);
    const orgId = tx.actor.org.orgId;
    const resolved =
      thread.status === 'resolved' ? thread : { ...thread, status: 'resolved' as const, resolvedBy: tx.actor.userId, resolvedAt: tx.clock.now().toISOString() };
    if (resolved !== thread) {
      await tx.repos.comments.setThreadStatus(orgId, thread.id, 'resolved', resolved.resolvedBy, resolved.resolvedAt);
      await announceComment(tx, documentId, { sectionId: thread.sectionId, commentId: thread.id, action: 'resolved' });
    }
    return presentThread(resolved, await tx.repos.comments.listComments(orgId, [thread.id]), await peopleDirectory(tx));
  });
}
