import { ForbiddenError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { requireComment } from '../require-thread.js';
import { announceComment } from '../announce-comment.js';

/**
 * `DELETE …/comments/{id}`: the author takes their comment back; the thread goes with its last
 * comment (a thread with no words is nothing to read). One mutation, one file.
 *
 * @throws NotFoundError when absent or foreign; ForbiddenError when the caller is not the author.
 */
export async function deleteComment(ctx: CommandContext, documentId: string, commentId: string): Promise<{ ok: true; threadDeleted: boolean }> {
  return ctx.transaction(async (tx) => {
    const comment = await requireComment(tx, documentId, commentId);
    if (comment.authorId !== tx.actor.userId) throw new ForbiddenError('only the author of a comment may delete it');
    const orgId = tx.actor.org.orgId;
    const thread = await tx.repos.comments.findThread(orgId, documentId, comment.threadId);
    await tx.repos.comments.deleteComment(orgId, comment.id);
    const left = await tx.repos.comments.listComments(orgId, [comment.threadId]);
    if (left.length === 0) await tx.repos.comments.deleteThread(orgId, comment.threadId);
    await announceComment(tx, documentId, { sectionId: thread?.sectionId ?? null, commentId: comment.id, action: 'deleted' });
    return { ok: true, threadDeleted: left.length === 0 };
  });
}
