/**
 * Working together on a document: comment threads on sections (mentions, resolve), the people one
 * can mention, and suggested edits (propose, accept, reject). Thin typed wrappers over the
 * generated operations.
 */
import type { QuireClient } from './client.js';
import type { components } from './generated/v1.js';
import { unwrap } from './unwrap.js';

type Schemas = components['schemas'];
export type Person = Schemas['Person'];
export type Comment = Schemas['Comment'];
export type CommentThread = Schemas['CommentThread'];
export type Suggestion = Schemas['Suggestion'];
export interface ThreadFilter {
  section_id?: string;
  status?: 'open' | 'resolved';
  mentions?: 'me';
}

const doc = (documentId: string) => ({ document_id: documentId });

export async function listPeople(client: QuireClient): Promise<Person[]> {
  return unwrap(await client.v1.GET('/v1/people', {}));
}

export async function listDocumentThreads(client: QuireClient, documentId: string, query: ThreadFilter = {}): Promise<CommentThread[]> {
  return unwrap(await client.v1.GET('/v1/documents/{document_id}/threads', { params: { path: doc(documentId), query } }));
}

/** Threads of every document of the organization; `{mentions: 'me'}` finds what mentions the caller. */
export async function listThreads(client: QuireClient, query: ThreadFilter = {}): Promise<CommentThread[]> {
  return unwrap(await client.v1.GET('/v1/threads', { params: { query } }));
}

export async function openCommentThread(
  client: QuireClient,
  documentId: string,
  sectionId: string,
  body: string,
  mentions: string[] = [],
): Promise<CommentThread> {
  return unwrap(
    await client.v1.POST('/v1/documents/{document_id}/sections/{section_id}/threads', {
      params: { path: { ...doc(documentId), section_id: sectionId } },
      body: { body, mentions },
    }),
  );
}

export async function replyToThread(client: QuireClient, documentId: string, threadId: string, body: string, mentions: string[] = []): Promise<Comment> {
  return unwrap(
    await client.v1.POST('/v1/documents/{document_id}/threads/{thread_id}/comments', {
      params: { path: { ...doc(documentId), thread_id: threadId } },
      body: { body, mentions },
    }),
  );
}

export async function editComment(client: QuireClient, documentId: string, commentId: string, body: string, mentions: string[] = []): Promise<Comment> {
  return unwrap(
    await client.v1.PATCH('/v1/documents/{document_id}/comments/{comment_id}', {
      params: { path: { ...doc(documentId), comment_id: commentId } },
      body: { body, mentions },
    }),
  );
}

export async function deleteComment(client: QuireClient, documentId: string, commentId: string) {
  return unwrap(
    await client.v1.DELETE('/v1/documents/{document_id}/comments/{comment_id}', { params: { path: { ...doc(documentId), comment_id: commentId } } }),
  );
}

export async function setThreadResolved(client: QuireClient, documentId: string, threadId: string, resolved: boolean): Promise<CommentThread> {
  const params = { params: { path: { ...doc(documentId), thread_id: threadId } } };
  return unwrap(
    resolved
      ? await client.v1.POST('/v1/documents/{document_id}/threads/{thread_id}/resolve', params)
      : await client.v1.POST('/v1/documents/{document_id}/threads/{thread_id}/reopen', params),
  );
}

export async function listSuggestions(
  client: QuireClient,
  documentId: string,
  query: { section_id?: string; status?: Suggestion['status'] } = {},
): Promise<Suggestion[]> {
  return unwrap(await client.v1.GET('/v1/documents/{document_id}/suggestions', { params: { path: doc(documentId), query } }));
}

export async function proposeSuggestion(
  client: QuireClient,
  documentId: string,
  sectionId: string,
  proposal: { content: string; baseVersion?: number; note?: string },
): Promise<Suggestion> {
  return unwrap(
    await client.v1.POST('/v1/documents/{document_id}/sections/{section_id}/suggestions', {
      params: { path: { ...doc(documentId), section_id: sectionId } },
      body: proposal,
    }),
  );
}

export async function decideSuggestion(
  client: QuireClient,
  documentId: string,
  suggestionId: string,
  decision: 'accept' | 'reject',
  note?: string,
): Promise<Suggestion> {
  const params = { params: { path: { ...doc(documentId), suggestion_id: suggestionId } }, body: note ? { note } : {} };
  return unwrap(
    decision === 'accept'
      ? await client.v1.POST('/v1/documents/{document_id}/suggestions/{suggestion_id}/accept', params)
      : await client.v1.POST('/v1/documents/{document_id}/suggestions/{suggestion_id}/reject', params),
  );
}
