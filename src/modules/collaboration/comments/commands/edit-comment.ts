import { ForbiddenError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { listPeople, peopleDirectory } from '../../people.js';
import { type CommentView, presentComment } from '../comment.presenter.js';
import { commentText, findMentions } from '../find-mentions.js';
import { requireComment } from '../require-thread.js';
import { announceComment } from '../announce-comment.js';

/**
 * `PATCH …/comments/{id}`: the author changes their own text (mentions are read again). Nobody
 * else may, whatever their role: words are put in no one's mouth. One mutation, one file.
 *
 * @throws NotFoundError when absent or foreign; ForbiddenError when the caller is not the author.
 */
export async function editComment(
  ctx: CommandContext,
  documentId: string,
  commentId: string,
  input: { body: string; mentions?: string[] },
): Promise<CommentView> {
  return ctx.transaction(async (tx) => {
    const comment = await requireComment(tx, documentId, commentId);
    if (comment.authorId !== tx.actor.userId) throw new ForbiddenError('only the author of a comment may edit it');
    const body = commentText(input.body);
    const mentions = findMentions(body, input.mentions ?? [], await listPeople(tx));
    const edited = { ...comment, body, mentions, updatedAt: tx.clock.now().toISOString() };
    await tx.repos.comments.updateComment(tx.actor.org.orgId, edited);
    const thread = await tx.repos.comments.findThread(tx.actor.org.orgId, documentId, comment.threadId);
    await announceComment(tx, documentId, { sectionId: thread?.sectionId ?? null, commentId: comment.id, action: 'updated' });
    return presentComment(edited, await peopleDirectory(tx));
  });
}
