import { newId } from '../../../../kernel/ids.js';
import type { CommandContext } from '../../../context.js';
import { requireDocument, requireSection } from '../../../documents/require-document.js';
import { listPeople, peopleDirectory } from '../../people.js';
import type { CommentRecord, CommentThreadRecord } from '../comment.repository.js';
import { type ThreadView, presentThread } from '../comment.presenter.js';
import { commentText, findMentions } from '../find-mentions.js';
import { announceComment } from '../announce-comment.js';

/**
 * `POST …/sections/{id}/threads`: opens a thread on a section with its first comment. Any member
 * may (viewers included: commenting changes no content), on a finalized document too.
 * One mutation, one file: the live change stream announces it here.
 *
 * @throws NotFoundError when the document or section is absent or foreign; DomainValidationError for a picked id that is not a member.
 */
export async function openThread(
  ctx: CommandContext,
  documentId: string,
  sectionId: string,
  input: { body: string; mentions?: string[] },
): Promise<ThreadView> {
  return ctx.transaction(async (tx) => {
    const document = await requireDocument(tx, documentId);
    const section = await requireSection(tx, document.id, sectionId);
    const body = commentText(input.body);
    const mentions = findMentions(body, input.mentions ?? [], await listPeople(tx));
    const now = tx.clock.now().toISOString();
    const orgId = tx.actor.org.orgId;
    const thread: CommentThreadRecord = {
      id: newId('cth'),
      documentId: document.id,
      sectionId: section.id,
      status: 'open',
      resolvedBy: null,
      resolvedAt: null,
      createdAt: now,
    };
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
    await tx.repos.comments.insertThread(orgId, thread);
    await tx.repos.comments.insertComment(orgId, comment);
    await announceComment(tx, document.id, { sectionId: section.id, commentId: comment.id, action: 'created' });
    return presentThread(thread, [comment], await peopleDirectory(tx));
  });
}
