/**
 * The active organization's documents, newest first (the one a person just made or was sent is
 * the one they look for; a title search lists best match first), page by page, narrowed
 * by a title search and a lifecycle state. The filters live in the URL (?q=&state=), so a
 * filtered list can be reloaded, linked and left with Back; the server does the filtering.
 */
import { type DocumentListQuery, type DocumentSummary, listDocuments } from '@quire/client';
import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { can } from '../../shell/can';
import { formatDate } from '../../shell/format-date';
import { usePageTitle } from '../../shell/page-title';
import { Link, navigate, useSearchParams } from '../../shell/router';
import { useReadySession } from '../../shell/session';
import { useLoad } from '../../shell/use-load';
import { StateBadge, stateLabel } from '../../shell/state-labels';

type State = NonNullable<DocumentListQuery['state']>;
const STATES: readonly State[] = ['draft', 'under-review', 'finalized'];

export function DocumentListPage() {
  usePageTitle('Documents');
  const session = useReadySession();
  const params = useSearchParams();
  const q = params.get('q') ?? '';
  const state = STATES.find((s) => s === params.get('state'));
  return (
    <section aria-labelledby="documents-title">
      <div className="page-head">
        <h1 id="documents-title">Documents</h1>
        {can(session.role, 'document.create') ? (
          <Link to="/templates" className="button">
            New document
          </Link>
        ) : null}
      </div>
      <DocumentFilters key={`filters:${q}|${state ?? ''}`} q={q} state={state} />
      {/* A new filter starts again at the first page. */}
      <DocumentPages key={`pages:${q}|${state ?? ''}`} q={q} state={state} />
    </section>
  );
}

function DocumentFilters({ q, state }: { q: string; state: State | undefined }) {
  const [text, setText] = useState(q);
  const [chosen, setChosen] = useState<string>(state ?? '');
  const apply = (nextText: string, nextState: string) => {
    const query = new URLSearchParams();
    if (nextText.trim() !== '') query.set('q', nextText.trim());
    if (nextState !== '') query.set('state', nextState);
    const search = query.toString();
    navigate(search ? `/documents?${search}` : '/documents');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(text, chosen);
  };
  return (
    <form role="search" aria-label="Filter documents" className="form-actions filters" onSubmit={submit}>
      <label htmlFor="documents-q">Title contains</label>
      <input id="documents-q" type="search" value={text} onChange={(event) => setText(event.target.value)} />
      <label htmlFor="documents-state">State</label>
      <select
        id="documents-state"
        value={chosen}
        onChange={(event) => {
          setChosen(event.target.value);
          apply(text, event.target.value);
        }}
      >
        <option value="">All states</option>
        {STATES.map((s) => (
          <option key={s} value={s}>
            {stateLabel(s)}
          </option>
        ))}
      </select>
      <button type="submit">Search</button>
      {q || state ? (
        <Link to="/documents" className="button button-quiet">
          Clear filters
        </Link>
      ) : null}
    </form>
  );
}

function DocumentPages({ q, state }: { q: string; state: State | undefined }) {
  const session = useReadySession();
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [earlier, setEarlier] = useState<(string | undefined)[]>([]);
  const page = useLoad(() => listDocuments(session.client, { cursor, q: q || undefined, state, order: 'newest' }), [session.client, cursor, q, state]);
  const filtered = q !== '' || state !== undefined;
  return (
    <>
      <ErrorNotice error={page.error} title="Could not list the documents" />
      {page.state === 'loading' ? <p role="status">Loading documents…</p> : null}
      {page.data ? <DocumentTable documents={page.data.documents} filtered={filtered} /> : null}
      {page.data && (earlier.length > 0 || page.data.nextCursor) ? (
        <div className="pager">
          <button
            type="button"
            disabled={earlier.length === 0}
            onClick={() => {
              setCursor(earlier[earlier.length - 1]);
              setEarlier(earlier.slice(0, -1));
            }}
          >
            Previous page
          </button>
          <button
            type="button"
            disabled={!page.data.nextCursor}
            onClick={() => {
              setEarlier([...earlier, cursor]);
              setCursor(page.data?.nextCursor);
            }}
          >
            Next page
          </button>
        </div>
      ) : null}
    </>
  );
}

function DocumentTable({ documents, filtered }: { documents: DocumentSummary[]; filtered: boolean }) {
  if (documents.length === 0)
    return (
      <p className="empty" data-testid="documents-empty">
        {filtered ? 'No document matches these filters.' : 'No documents yet. Start one from a template.'}
      </p>
    );
  return (
    <table className="table" data-testid="documents-table">
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">State</th>
          <th scope="col">Updated</th>
        </tr>
      </thead>
      <tbody>
        {documents.map((document) => (
          <tr key={document.id}>
            <td>
              <Link to={`/documents/${encodeURIComponent(document.id)}`}>{document.title}</Link>
            </td>
            <td>
              <StateBadge value={document.state} />
            </td>
            <td>{formatDate(document.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
