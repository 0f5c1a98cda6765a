/** The active organization's documents, newest first as the API lists them, page by page. */
import { type DocumentSummary, listDocuments } from '@quire/client';
import { useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { can } from '../../shell/can';
import { usePageTitle } from '../../shell/page-title';
import { Link } from '../../shell/router';
import { useReadySession } from '../../shell/session';
import { formatDate } from '../../shell/format-date';
import { useLoad } from '../../shell/use-load';

export function DocumentListPage() {
  usePageTitle('Documents');
  const session = useReadySession();
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [earlier, setEarlier] = useState<(string | undefined)[]>([]);
  const page = useLoad(() => listDocuments(session.client, { cursor }), [session.client, cursor]);
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
      <ErrorNotice error={page.error} title="Could not list the documents" />
      {page.state === 'loading' ? <p role="status">Loading documents…</p> : null}
      {page.data ? <DocumentTable documents={page.data.documents} /> : null}
      {page.data && (earlier.length > 0 || page.data.nextCursor) ? (
        <div className="pager">
          <button type="button" disabled={earlier.length === 0} onClick={() => { setCursor(earlier[earlier.length - 1]); setEarlier(earlier.slice(0, -1)); }}>
            Previous page
          </button>
          <button type="button" disabled={!page.data.nextCursor} onClick={() => { setEarlier([...earlier, cursor]); setCursor(page.data?.nextCursor); }}>
            Next page
          </button>
        </div>
      ) : null}
    </section>
  );
}

function DocumentTable({ documents }: { documents: DocumentSummary[] }) {
  if (documents.length === 0) return <p className="empty" data-testid="documents-empty">No documents yet. Start one from a template.</p>;
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
              <span className={`badge badge-${document.state}`}>{document.state}</span>
            </td>
            <td>{formatDate(document.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
