/** Threads and comments on the wire: authors, mentions and resolvers named as people. */
import type { PersonView } from '../people.js';
import type { CommentRecord, CommentThreadRecord } from './comment.repository.js';

type Directory = (userId: string, fallbackEmail?: string | null) => PersonView;

export function presentComment(comment: CommentRecord, people: Directory) {
  return {
    id: comment.id,
    threadId: comment.threadId,
    author: people(comment.authorId, comment.authorEmail),
    body: comment.body,
    mentions: comment.mentions.map((id) => people(id)),
    edited: comment.updatedAt !== comment.createdAt,
    createdAt: comment.createdAt,
    updatedAt: comment.updatedAt,
  };
}

export function presentThread(thread: CommentThreadRecord, comments: CommentRecord[], people: Directory) {
  return {
    id: thread.id,
    documentId: thread.documentId,
    sectionId: thread.sectionId,
    status: thread.status,
    resolvedBy: thread.resolvedBy ? people(thread.resolvedBy) : null,
    resolvedAt: thread.resolvedAt,
    createdAt: thread.createdAt,
    comments: comments.filter((c) => c.threadId === thread.id).map((c) => presentComment(c, people)),
  };
}

export type ThreadView = ReturnType<typeof presentThread>;
export type CommentView = ReturnType<typeof presentComment>;
