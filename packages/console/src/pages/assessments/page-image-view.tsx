/**
 * A page of a source document as an image with every item's box drawn over it; the selected
 * item's boxes stand out. The image comes through the typed client as bytes (an `<img src>` at
 * the API could not carry the bearer token) and is shown from an object URL, kept per page while
 * the screen is open so moving between items on the same page never fetches again.
 */
import { type ExtractedItem, type PageWords, type QuireClient, getPageImage, getPageWords } from '@quire/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { pageRegions, percent } from './item-anchors';
import type { PickedValue } from './pick-from-page';
import { PageWordPicker } from './page-word-picker';
import type { Zoom } from './zoom-levels';

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

/** The words of each page, read once per page while the screen is open (a failed read is tried again). */
export function usePageWords(client: QuireClient, documentId: string) {
  const cache = useRef(new Map<number, Promise<PageWords>>());
  return useCallback(
    (page: number): Promise<PageWords> => {
      let words = cache.current.get(page);
      if (!words) {
        words = getPageWords(client, documentId, page);
        words.catch(() => cache.current.delete(page));
        cache.current.set(page, words);
      }
      return words;
    },
    [client, documentId],
  );
}

/** The words of the page while picking is on; nothing is read until it is first turned on. */
function useWordsWhilePicking(picking: boolean, page: number, loadWords: (page: number) => Promise<PageWords>) {
  const [words, setWords] = useState<PageWords | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    if (!picking) return;
    let live = true;
    setError(undefined);
    loadWords(page).then(
      (w) => live && setWords(w),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [picking, page, loadWords]);
  return { words: words && words.page_number === page ? words : null, error };
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
  zoom: Zoom;
  /** Picking a value from the page: word buttons and box drawing over the image. */
  picking: boolean;
  loadWords: (page: number) => Promise<PageWords>;
  onPick: (picked: PickedValue) => void;
}) {
  const { page, load, zoom } = props;
  const [nothing, setNothing] = useState(false);
  const picker = useWordsWhilePicking(props.picking, page, props.loadWords);
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

  // A zoomed page scrolls in its frame: bring the selected item's box into view there.
  const stage = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    stage.current?.querySelector('[data-testid="selected-item-box"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [props.selectedId, zoom.zoom, image]);

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
      <div className="page-nav" role="group" aria-label="Zoom">
        <button type="button" className="button-quiet" disabled={!zoom.canZoomOut} onClick={zoom.zoomOut}>
          Zoom out
        </button>
        <output data-testid="zoom-level" aria-live="polite">
          {Math.round(zoom.zoom * 100)}%
        </output>
        <button type="button" className="button-quiet" disabled={!zoom.canZoomIn} onClick={zoom.zoomIn}>
          Zoom in
        </button>
        <button type="button" className="button-quiet" disabled={zoom.zoom === 1} onClick={zoom.reset}>
          Fit width
        </button>
      </div>
      <ErrorNotice error={error} title="Could not draw the page" />
      <ErrorNotice error={picker.error} title="Could not read the words of the page" />
      {props.picking ? (
        // One line of the same length whether the words are in or not: the page must not move under the pointer.
        <p className="hint" role="status" data-testid="picking-hint">
          {nothing ? 'No word inside that box: draw it around the words of the value.' : 'Click a word or draw a box around the value (Tab reaches each word).'}
        </p>
      ) : null}
      {/* Scrolls when zoomed; focusable so the keyboard can scroll it too. */}
      <div className="page-scroll" tabIndex={0} role="region" aria-label={`Page ${page} at ${Math.round(zoom.zoom * 100)}%`}>
        <div
          className={props.picking ? 'page-stage page-stage-picking' : 'page-stage'}
          data-testid="page-stage"
          ref={stage}
          style={{ width: `${zoom.zoom * 100}%` }}
        >
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
          {image && image.page === page && props.picking ? (
            <PageWordPicker
              words={picker.words}
              onPick={(picked) => {
                setNothing(false);
                props.onPick(picked);
              }}
              onNothing={() => setNothing(true)}
            />
          ) : null}
        </div>
      </div>
    </figure>
  );
}
