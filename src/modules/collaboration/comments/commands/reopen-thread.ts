import type { CommandContext } from '../../../context.js';
import { peopleDirectory } from '../../people.js';
import { type ThreadView, presentThread } from '../comment.presenter.js';
import { requireThread } from '../require-thread.js';
import { announceComment } from '../announce-comment.js';

/**
 * `POST …/threads/{id}/reopen` (editors and above, ADR 0611): the discussion is not settled after
 * all. Reopening an open thread answers it unchanged. One mutation, one file (live stream hook).
 *
 * @throws NotFoundError when the document or thread is absent or foreign.
 */
export async function reopenThread(ctx: CommandContext, documentId: string, threadId: string): Promise<ThreadView> {
  return ctx.transaction(async (tx) => {
    const thread = await requireThread(tx, documentId, threadId);
    const orgId = tx.actor.org.orgId;
    if (thread.status === 'resolved') {
      await tx.repos.comments.setThreadStatus(orgId, thread.id, 'open', null, null);
      await announceComment(tx, documentId, { sectionId: thread.sectionId, commentId: thread.id, action: 'reopened' });
    }
    const reopened = { ...thread, status: 'open' as const, resolvedBy: null, resolvedAt: null };
    return presentThread(reopened, await tx.repos.comments.listComments(orgId, [thread.id]), await peopleDirectory(tx));
  });
}
