/**
 * Comment threads of a document's sections, their comments and the members each mentions. Every
 * method takes the organization first; a thread is read by `(orgId, documentId, threadId)` so a
 * foreign id is simply not found.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../storage/schema.js';
import type { CommentTable, CommentThreadTable } from '../../../storage/tables/collaboration.js';

export interface CommentRecord {
  id: string;
  threadId: string;
  authorId: string;
  authorEmail: string | null;
  body: string;
  mentions: string[];
  createdAt: string;
  updatedAt: string;
}

export interface CommentThreadRecord {
  id: string;
  documentId: string;
  sectionId: string;
  status: 'open' | 'resolved';
  resolvedBy: string | null;
  resolvedAt: string | null;
  createdAt: string;
}

export interface ThreadFilter {
  sectionId?: string;
  documentId?: string;
  status?: 'open' | 'resolved';
  /** Only threads with a comment that mentions this user. */
  mentioning?: string;
}

function threadOf(row: Selectable<CommentThreadTable>): CommentThreadRecord {
  return {
    id: row.id,
    documentId: row.document_id,
    sectionId: row.section_id,
    status: row.status === 'resolved' ? 'resolved' : 'open',
    resolvedBy: row.resolved_by,
    resolvedAt: row.resolved_at,
    createdAt: row.created_at,
  };
}

function commentOf(row: Selectable<CommentTable>, mentions: string[]): CommentRecord {
  return {
    id: row.id,
    threadId: row.thread_id,
    authorId: row.author_id,
    authorEmail: row.author_email,
    body: row.body,
    mentions,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class CommentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertThread(orgId: string, thread: CommentThreadRecord): Promise<void> {
    await this.db
      .insertInto('comment_threads')
      .values({
        id: thread.id,
        org_id: orgId,
        document_id: thread.documentId,
        section_id: thread.sectionId,
        status: thread.status,
        resolved_by: thread.resolvedBy,
        resolved_at: thread.resolvedAt,
        created_at: thread.createdAt,
      })
      .execute();
  }

  async findThread(orgId: string, documentId: string, threadId: string): Promise<CommentThreadRecord | undefined> {
    const row = await this.db
      .selectFrom('comment_threads')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('id', '=', threadId)
      .executeTakeFirst();
    return row && threadOf(row);
  }

  /** Threads of the organization matching the filter, oldest first (a discussion reads in order). */
  async listThreads(orgId: string, filter: ThreadFilter): Promise<CommentThreadRecord[]> {
    let query = this.db.selectFrom('comment_threads').selectAll().where('org_id', '=', orgId);
    if (filter.documentId) query = query.where('document_id', '=', filter.documentId);
    if (filter.sectionId) query = query.where('section_id', '=', filter.sectionId);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.mentioning) {
      const userId = filter.mentioning;
      query = query.where('id', 'in', (eb) => eb.selectFrom('comment_mentions').select('thread_id').where('org_id', '=', orgId).where('user_id', '=', userId));
    }
    const rows = await query.orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
    return rows.map(threadOf);
  }

  async setThreadStatus(orgId: string, threadId: string, status: 'open' | 'resolved', by: string | null, at: string | null): Promise<void> {
    await this.db
      .updateTable('comment_threads')
      .set({ status, resolved_by: by, resolved_at: at })
      .where('org_id', '=', orgId)
      .where('id', '=', threadId)
      .execute();
  }

  async deleteThread(orgId: string, threadId: string): Promise<void> {
    await this.db.deleteFrom('comment_threads').where('org_id', '=', orgId).where('id', '=', threadId).execute();
  }

  async insertComment(orgId: string, comment: CommentRecord): Promise<void> {
    await this.db
      .insertInto('comments')
      .values({
        id: comment.id,
        org_id: orgId,
        thread_id: comment.threadId,
        author_id: comment.authorId,
        author_email: comment.authorEmail,
        body: comment.body,
        created_at: comment.createdAt,
        updated_at: comment.updatedAt,
      })
      .execute();
    await this.replaceMentions(orgId, comment.threadId, comment.id, comment.mentions);
  }

  async updateComment(orgId: string, comment: CommentRecord): Promise<void> {
    await this.db
      .updateTable('comments')
      .set({ body: comment.body, updated_at: comment.updatedAt })
      .where('org_id', '=', orgId)
      .where('id', '=', comment.id)
      .execute();
    await this.replaceMentions(orgId, comment.threadId, comment.id, comment.mentions);
  }

  async deleteComment(orgId: string, commentId: string): Promise<void> {
    await this.db.deleteFrom('comments').where('org_id', '=', orgId).where('id', '=', commentId).execute();
  }

  /** One comment of a document (through its thread), or undefined. */
  async findComment(orgId: string, documentId: string, commentId: string): Promise<CommentRecord | undefined> {
    const row = await this.db
      .selectFrom('comments as c')
      .innerJoin('comment_threads as t', (join) => join.onRef('t.id', '=', 'c.thread_id').on('t.org_id', '=', orgId))
      .selectAll('c')
      .where('c.org_id', '=', orgId)
      .where('t.document_id', '=', documentId)
      .where('c.id', '=', commentId)
      .executeTakeFirst();
    if (!row) return undefined;
    return (await this.withMentions(orgId, [row]))[0];
  }

  /** The comments of the given threads, oldest first. */
  async listComments(orgId: string, threadIds: string[]): Promise<CommentRecord[]> {
    if (threadIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('comments')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('thread_id', 'in', threadIds)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return this.withMentions(orgId, rows);
  }

  private async withMentions(orgId: string, rows: Selectable<CommentTable>[]): Promise<CommentRecord[]> {
    if (rows.length === 0) return [];
    const mentions = await this.db
      .selectFrom('comment_mentions')
      .select(['comment_id', 'user_id'])
      .where('org_id', '=', orgId)
      .where(
        'comment_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('user_id')
      .execute();
    const byComment = new Map<string, string[]>();
    for (const m of mentions) byComment.set(m.comment_id, [...(byComment.get(m.comment_id) ?? []), m.user_id]);
    return rows.map((row) => commentOf(row, byComment.get(row.id) ?? []));
  }

  private async replaceMentions(orgId: string, threadId: string, commentId: string, userIds: string[]): Promise<void> {
    await this.db.deleteFrom('comment_mentions').where('org_id', '=', orgId).where('comment_id', '=', commentId).execute();
    if (userIds.length === 0) return;
    await this.db
      .insertInto('comment_mentions')
      .values(userIds.map((userId) => ({ comment_id: commentId, user_id: userId, org_id: orgId, thread_id: threadId })))
      .execute();
  }
}
