/**
 * A section's comment threads: every member reads, comments and replies; editors and above
 * resolve and reopen (docs/adr/0611-comments-on-sections.md); an author deletes their own comment.
 */
import { type CommentThread, type Person, type QuireClient, deleteComment, openCommentThread, replyToThread, setThreadResolved } from '@quire/client';
import { useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { formatDate } from '../../shell/format-date';
import { CommentComposer } from './comment-composer';

interface Props {
  client: QuireClient;
  documentId: string;
  sectionId: string;
  sectionTitle: string;
  threads: CommentThread[];
  people: Person[];
  myEmail: string | null;
  canResolve: boolean;
  onChanged(): void;
}

export function SectionComments({ client, documentId, sectionId, sectionTitle, threads, people, myEmail, canResolve, onChanged }: Props) {
  const [error, setError] = useState<unknown>(undefined);
  const act = async (call: () => Promise<unknown>): Promise<boolean> => {
    setError(undefined);
    try {
      await call();
      onChanged();
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    }
  };
  return (
    <section className="comments" aria-label={`Comments on ${sectionTitle}`} data-testid="section-comments">
      <h4>Comments</h4>
      <ErrorNotice error={error} title="Comments" />
      {threads.length === 0 ? <p className="empty">No comments yet.</p> : null}
      {threads.map((thread) => (
        <article
          key={thread.id}
          className={`thread thread-${thread.status}`}
          data-testid="comment-thread"
          aria-label={`Thread started by ${thread.comments[0]?.author.name ?? 'someone'}`}
        >
          <ol className="thread-comments">
            {thread.comments.map((comment) => (
              <li key={comment.id} data-testid="comment">
                <p className="comment-meta">
                  <strong>{comment.author.name}</strong> · {formatDate(comment.createdAt)}
                  {comment.edited ? ' · edited' : ''}
                </p>
                <p className="comment-body">{comment.body}</p>
                {myEmail !== null && myEmail === comment.author.email ? (
                  <button type="button" className="button-quiet" onClick={() => void act(() => deleteComment(client, documentId, comment.id))}>
                    Delete my comment
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
          <p className="thread-status">
            {thread.status === 'resolved' ? (
              <span className="badge">Resolved{thread.resolvedBy ? ` by ${thread.resolvedBy.name}` : ''}</span>
            ) : (
              <span className="badge">Open</span>
            )}{' '}
            {canResolve ? (
              <button
                type="button"
                className="button-quiet"
                onClick={() => void act(() => setThreadResolved(client, documentId, thread.id, thread.status === 'open'))}
              >
                {thread.status === 'open' ? 'Resolve' : 'Reopen'}
              </button>
            ) : null}
          </p>
          <CommentComposer
            people={people}
            label="Reply"
            submitLabel="Send reply"
            onSubmit={(body, mentions) => act(() => replyToThread(client, documentId, thread.id, body, mentions))}
          />
        </article>
      ))}
      <CommentComposer
        people={people}
        label="New comment"
        submitLabel="Comment"
        onSubmit={(body, mentions) => act(() => openCommentThread(client, documentId, sectionId, body, mentions))}
      />
    </section>
  );
}
