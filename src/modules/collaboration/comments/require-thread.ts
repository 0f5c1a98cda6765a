/**
 * ⚠ TENANCY GATE for comment threads ⚠ A thread is found only through its document, which is
 * found only in the caller's organization: another organization's thread or comment is 404.
 */
import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import { requireDocument } from '../../documents/require-document.js';
import type { CommentRecord, CommentThreadRecord } from './comment.repository.js';

/** @throws NotFoundError when the document or the thread is absent or foreign. */
export async function requireThread(ctx: CommandContext, documentId: string, threadId: string): Promise<CommentThreadRecord> {
  const document = await requireDocument(ctx, documentId);
  const thread = await ctx.repos.comments.findThread(ctx.actor.org.orgId, document.id, threadId);
  if (!thread) throw new NotFoundError(`comment thread ${threadId} not found`);
  return thread;
}

/** @throws NotFoundError when the document or the comment is absent or foreign. */
export async function requireComment(ctx: CommandContext, documentId: string, commentId: string): Promise<CommentRecord> {
  const document = await requireDocument(ctx, documentId);
  const comment = await ctx.repos.comments.findComment(ctx.actor.org.orgId, document.id, commentId);
  if (!comment) throw new NotFoundError(`comment ${commentId} not found`);
  return comment;
}
