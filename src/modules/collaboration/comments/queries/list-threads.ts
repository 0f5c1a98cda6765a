import type { CommandContext } from '../../../context.js';
import { requireDocument } from '../../../documents/require-document.js';
import { peopleDirectory } from '../../people.js';
import { type ThreadView, presentThread } from '../comment.presenter.js';
import type { ThreadFilter } from '../comment.repository.js';

export interface ThreadQueryInput {
  section_id?: string;
  status?: 'open' | 'resolved';
  mentions?: 'me';
}

function filterOf(ctx: CommandContext, query: ThreadQueryInput): ThreadFilter {
  return { sectionId: query.section_id, status: query.status, mentioning: query.mentions === 'me' ? ctx.actor.userId : undefined };
}

async function withComments(ctx: CommandContext, filter: ThreadFilter): Promise<ThreadView[]> {
  const orgId = ctx.actor.org.orgId;
  const threads = await ctx.repos.comments.listThreads(orgId, filter);
  const comments = await ctx.repos.comments.listComments(
    orgId,
    threads.map((t) => t.id),
  );
  const people = await peopleDirectory(ctx);
  return threads.map((t) => presentThread(t, comments, people));
}

/**
 * `GET /v1/documents/{id}/threads`: a document's comment threads, oldest first.
 *
 * @throws NotFoundError when the document is absent or foreign.
 */
export async function listDocumentThreads(ctx: CommandContext, documentId: string, query: ThreadQueryInput): Promise<ThreadView[]> {
  const document = await requireDocument(ctx, documentId);
  return withComments(ctx, { ...filterOf(ctx, query), documentId: document.id });
}

/** `GET /v1/threads`: the organization's threads (`?mentions=me`: what mentions the caller), oldest first. */
export async function listThreads(ctx: CommandContext, query: ThreadQueryInput): Promise<ThreadView[]> {
  return withComments(ctx, filterOf(ctx, query));
}
