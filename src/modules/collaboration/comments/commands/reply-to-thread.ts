import { newId } from '../../../../kernel/ids.js';
import type { CommandContext } from '../../../context.js';
import { listPeople, peopleDirectory } from '../../people.js';
import type { CommentRecord } from '../comment.repository.js';
import { type CommentView, presentComment } from '../comment.presenter.js';
import { commentText, findMentions } from '../find-mentions.js';
import { requireThread } from '../require-thread.js';
import { announceComment } from '../announce-comment.js';

/**
 * `POST …/threads/{id}/comments`: a reply, by any member. A resolved thread takes replies too and
 * stays resolved (reopening is an editor's decision). One mutation, one file (live stream hook).
 *
 * @throws NotFoundError when the document or thread is absent or foreign; DomainValidationError for a picked id that is not a member.
 */
export async function replyToThread(
  ctx: CommandContext,
  documentId: string,
  threadId: string,
  input: { body: string; mentions?: string[] },
): Promise<CommentView> {
  return ctx.transaction(async (tx) => {
    const thread = await requireThread(tx, documentId, threadId);
    const body = commentText(input.body);
    const mentions = findMentions(body, input.mentions ?? [], await listPeople(tx));
    const now = tx.clock.now().toISOString();
    const comment: CommentRecord = {
      id: newId('cmt'),
      threadId: thread.id,
      authorId: tx.actor.userId,
      authorEmail: tx.actor.email,
      body,
      mentions,
      createdAt: now,
      updatedAt: now,
    };
    await tx.repos.comments.insertComment(tx.actor.org.orgId, comment);
    await announceComment(tx, documentId, { sectionId: thread.sectionId, commentId: comment.id, action: 'created' });
    return presentComment(comment, await peopleDirectory(tx));
  });
}
