/**
 * A page of a source document as an image with every item's box drawn over it; the selected
 * item's boxes stand out. The image comes through the typed client as bytes (an `<img src>` at
 * the API could not carry the bearer token) and is shown from an object URL, kept per page while
 * the screen is open so moving between items on the same page never fetches again.
 */
import { type ExtractedItem, type QuireClient, getPageImage } from '@quire/client';
import { useEffect, useRef, useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { pageRegions, percent } from './item-anchors';

/** Object URLs of drawn pages, by "document:page"; revoked when the review screen closes. */
export function usePageImages(client: QuireClient, documentId: string) {
  const cache = useRef(new Map<string, Promise<string>>());
  useEffect(() => {
    const urls = cache.current;
    return () => {
      for (const url of urls.values())
        void url.then(
          (u) => URL.revokeObjectURL(u),
          () => undefined,
        );
      urls.clear();
    };
  }, []);
  return (page: number): Promise<string> => {
    const key = `${documentId}:${page}`;
    let url = cache.current.get(key);
    if (!url) {
      url = getPageImage(client, documentId, page).then((image) => URL.createObjectURL(new Blob([image.bytes.slice().buffer], { type: image.content_type })));
      // A failed fetch is not kept: the next visit tries again.
      url.catch(() => cache.current.delete(key));
      cache.current.set(key, url);
    }
    return url;
  };
}

export function PageImageView(props: {
  page: number;
  pageCount: number | null;
  filename: string;
  items: readonly ExtractedItem[];
  selectedId: string | null;
  load: (page: number) => Promise<string>;
  onSelect: (id: string) => void;
  onPage: (page: number) => void;
}) {
  const { page, load } = props;
  const [image, setImage] = useState<{ page: number; url: string } | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    let live = true;
    setError(undefined);
    load(page).then(
      (url) => live && setImage({ page, url }),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [page, load]);

  const boxes = props.items.flatMap((item) =>
    pageRegions(item)
      .filter((region) => region.page_number === page)
      .flatMap((region) => (region.boxes ?? []).map((box, i) => ({ item, box, key: `${item.id}:${i}` }))),
  );
  return (
    <figure className="page-view" aria-label={`Page ${page} of ${props.filename}`}>
      <div className="page-nav">
        <button type="button" className="button-quiet" disabled={page <= 1} onClick={() => props.onPage(page - 1)}>
          Previous page
        </button>
        <span>
          Page {page}
          {props.pageCount ? ` of ${props.pageCount}` : ''}
        </span>
        <button type="button" className="button-quiet" disabled={props.pageCount !== null && page >= props.pageCount} onClick={() => props.onPage(page + 1)}>
          Next page
        </button>
      </div>
      <ErrorNotice error={error} title="Could not draw the page" />
      <div className="page-stage" data-testid="page-stage">
        {image ? (
          <img src={image.url} alt={`Page ${image.page} of ${props.filename}`} data-testid="page-image" data-page={image.page} />
        ) : (
          <p role="status">Drawing page {page}…</p>
        )}
        {image && image.page === page
          ? boxes.map(({ item, box, key }) => (
              <button
                type="button"
                key={key}
                className={item.id === props.selectedId ? 'item-box item-box-selected' : 'item-box'}
                data-testid={item.id === props.selectedId ? 'selected-item-box' : 'item-box'}
                aria-label={`${item.label ?? item.key}: ${item.value_text ?? ''}`}
                tabIndex={-1}
                style={{ left: percent(box.x), top: percent(box.y), width: percent(box.w), height: percent(box.h) }}
                onClick={() => props.onSelect(item.id)}
              />
            ))
          : null}
      </div>
    </figure>
  );
}
