/**
 * A document's page as it prints (`preview.png`: its Word template or built-in layout, filled,
 * through LibreOffice), page by page. The image is fetched through the typed client (an `<img
 * src>` at the API could not carry the bearer token) and shown from an object URL, revoked when
 * it is replaced. Drawn again when the document changes (`refreshKey`).
 */
import { type QuireClient, QuireApiError } from '@quire/client';
import { useEffect, useState } from 'react';
import { errorText } from '../../shell/api-errors';
import { previewPage } from '../templates/word-template-api';

/** About 660 px for an A4 page: sharp in the workspace's column, quick to draw. */
const DPI = 80;

/** What a failed drawing means to the reader. */
function failureText(error: unknown, page: number): string {
  if (error instanceof QuireApiError && error.status === 503)
    return 'The preview cannot be drawn: the server has no LibreOffice (or it is busy). PDF export needs it too; ask your administrator, or try again shortly.';
  if (error instanceof QuireApiError && error.status === 404 && page > 1) return `The document has no page ${page}.`;
  return `The page could not be drawn: ${errorText(error)}`;
}

type Drawn = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed'; message: string; pastEnd: boolean };

/**
 * Drawn at once when `auto` (the document has a Word template, the reason to look); otherwise on
 * request, since each drawing is a LibreOffice conversion.
 */
export function PagePreview(props: { client: QuireClient; documentId: string; refreshKey: number; auto: boolean }) {
  const [requested, setRequested] = useState(false);
  if (!props.auto && !requested)
    return (
      <section className="card page-preview" aria-labelledby="page-preview-title" data-testid="page-preview">
        <h2 id="page-preview-title">Page preview</h2>
        <p className="hint">The page as it prints, filled from this document.</p>
        <button type="button" className="button-quiet" onClick={() => setRequested(true)}>
          Show the page preview
        </button>
      </section>
    );
  return <DrawnPages {...props} />;
}

function DrawnPages({ client, documentId, refreshKey }: { client: QuireClient; documentId: string; refreshKey: number }) {
  const [page, setPage] = useState(1);
  const [lastPage, setLastPage] = useState<number | null>(null);
  const [drawn, setDrawn] = useState<Drawn>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    let url: string | undefined;
    setDrawn({ state: 'loading' });
    previewPage(client, documentId, page, DPI).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        if (live) setDrawn({ state: 'ready', url });
      },
      (error: unknown) => {
        if (!live) return;
        const pastEnd = error instanceof QuireApiError && error.status === 404 && page > 1;
        if (pastEnd) setLastPage(page - 1);
        setDrawn({ state: 'failed', message: failureText(error, page), pastEnd });
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [client, documentId, page, refreshKey]);

  return (
    <section className="card page-preview" aria-labelledby="page-preview-title" data-testid="page-preview">
      <h2 id="page-preview-title">Page preview</h2>
      <p className="hint">The page as it prints, filled from this document.</p>
      <div className="page-nav">
        <button type="button" className="button-quiet" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          Previous page
        </button>
        <span aria-live="polite">Page {page}</span>
        <button type="button" className="button-quiet" disabled={lastPage !== null && page >= lastPage} onClick={() => setPage((p) => p + 1)}>
          Next page
        </button>
      </div>
      {drawn.state === 'loading' ? <p role="status">Drawing page {page}… (this can take a few seconds)</p> : null}
      {drawn.state === 'failed' ? (
        <p className={drawn.pastEnd ? 'notice' : 'notice notice-error'} role="alert" data-testid="page-preview-error">
          {drawn.message}
        </p>
      ) : null}
      {drawn.state === 'ready' ? (
        <img className="page-preview-image" src={drawn.url} alt={`Page ${page} of the document as it prints`} data-testid="page-preview-image" />
      ) : null}
    </section>
  );
}
