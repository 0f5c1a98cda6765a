/**
 * The review screen (issue #16): the page drawn as an image with each item's box on it (cells
 * for a spreadsheet, paragraphs for a .docx), the items in reading order, and the selected
 * item's value, confidence and state with validate / correct / reject — all from the keyboard.
 * Moving to the next item only changes which item is selected: the page image is already drawn
 * (and kept per page), so the move costs one render (see BENCHMARKS.md "Console").
 *
 * Issue #32 item 7: table cells and line items as grids under their header names; zoom; a value
 * picked from the page (a clicked word or a drawn box) becomes the correction, its box the
 * provenance; after a decision the selection moves to the next undecided item.
 */
import { type CorrectionReason, type ExtractedItem, correctItem, listExtractedItems, validateItem } from '@quire/client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { can } from '../../shell/can';
import type { PageProps } from '../page-entry';
import { usePageTitle } from '../../shell/page-title';
import { Link } from '../../shell/router';
import { useReadySession } from '../../shell/session';
import { useLoad } from '../../shell/use-load';
import { getSourceDocument } from './assessment-api';
import { CorrectionHistory } from './correction-history';
import { pageOf, parseCorrectedValue, readingOrder, valueText } from './item-anchors';
import { ItemPanel, confidenceText } from './item-panel';
import { ItemTablesView } from './item-tables-view';
import { isUndecided, nextUndecided } from './next-undecided';
import { PageImageView, usePageImages, usePageWords } from './page-image-view';
import { type PickedValue, provenanceOf } from './pick-from-page';
import { KEY_HELP, commandOf } from './review-keys';
import { DocxView, SheetView } from './structured-view';
import { useZoom } from './zoom-levels';
import { StateBadge } from '../../shell/state-labels';

export function ReviewPage({ params }: PageProps) {
  const { assessmentId, documentId } = params;
  const session = useReadySession();
  const client = session.client;
  const doc = useLoad(() => getSourceDocument(client, documentId), [client, documentId]);
  usePageTitle(doc.data ? `Review ${doc.data.filename}` : 'Review');
  const [items, setItems] = useState<ExtractedItem[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(undefined);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [correcting, setCorrecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [decisionError, setDecisionError] = useState<unknown>(undefined);
  const [historyVersion, setHistoryVersion] = useState(0);
  const valueRef = useRef<HTMLInputElement | null>(null);
  const listRef = useRef<HTMLOListElement | null>(null);
  const loadPage = usePageImages(client, documentId);
  const load = useCallback((p: number) => loadPage(p), [loadPage]);
  const loadWords = usePageWords(client, documentId);
  const canReview = can(session.role, 'item.review');
  const zoom = useZoom();
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<PickedValue | null>(null);

  useEffect(() => {
    let live = true;
    listExtractedItems(client, documentId).then(
      (list) => {
        if (!live) return;
        const ordered = readingOrder(list);
        setItems(ordered);
        const first = ordered.find(isUndecided) ?? ordered[0];
        if (first) {
          setSelectedId(first.id);
          setPage(pageOf(first) ?? 1);
        }
      },
      (e: unknown) => live && setLoadError(e),
    );
    return () => {
      live = false;
    };
  }, [client, documentId]);

  const index = useMemo(() => (items ?? []).findIndex((i) => i.id === selectedId), [items, selectedId]);
  const selected = index >= 0 && items ? items[index] : null;

  const select = useCallback(
    (id: string) => {
      const item = items?.find((i) => i.id === id);
      if (!item) return;
      setSelectedId(id);
      setCorrecting(false);
      setPicking(false);
      setPicked(null);
      setDecisionError(undefined);
      const p = pageOf(item);
      if (p !== null) setPage(p);
    },
    [items],
  );
  const move = useCallback(
    (delta: number) => {
      if (!items || items.length === 0) return;
      const next = items[Math.min(items.length - 1, Math.max(0, index + delta))];
      select(next.id);
    },
    [items, index, select],
  );
  /**
   * Runs a decision; the answer is the list as it now stands (the decided item updated, or all
   * of them read again), and the selection moves to the next item still undecided in it.
   */
  const decide = useCallback(
    async (decidedId: string, action: (list: ExtractedItem[]) => Promise<ExtractedItem[]>) => {
      setBusy(true);
      setDecisionError(undefined);
      try {
        const list = readingOrder(await action(items ?? []));
        setItems(list);
        setCorrecting(false);
        setPicking(false);
        setPicked(null);
        const next = nextUndecided(list, decidedId);
        if (next) {
          setSelectedId(next.id);
          const p = pageOf(next);
          if (p !== null) setPage(p);
        }
      } catch (e) {
        setDecisionError(e);
      } finally {
        setBusy(false);
      }
    },
    [items],
  );
  const replacing = (updated: ExtractedItem) => (list: ExtractedItem[]) => list.map((i) => (i.id === updated.id ? updated : i));
  const accept = useCallback(
    () =>
      selected &&
      canReview &&
      void decide(selected.id, async (list) =>
        replacing(await validateItem(client, documentId, selected.id, { decision: 'confirm', expected_version: selected.version, override_warnings: true }))(
          list,
        ),
      ),
    [selected, canReview, decide, client, documentId],
  );
  const reject = useCallback(
    () =>
      selected &&
      canReview &&
      void decide(selected.id, async (list) =>
        replacing(await validateItem(client, documentId, selected.id, { decision: 'reject', expected_version: selected.version }))(list),
      ),
    [selected, canReview, decide, client, documentId],
  );
  const correct = (text: string, reason: CorrectionReason, note: string) => {
    if (!selected) return;
    const source = picked;
    void decide(selected.id, async () => {
      await correctItem(client, selected.id, {
        value: parseCorrectedValue(selected, text),
        reason,
        ...(note ? { note } : {}),
        // A value picked on the page keeps where it was picked as its provenance.
        ...(source ? { provenance: provenanceOf(source) } : {}),
        expected_version: selected.version,
      });
      setHistoryVersion((v) => v + 1);
      // Read again: other items may have been decided meanwhile (another reviewer, validate-all).
      return await listExtractedItems(client, documentId);
    });
  };
  const startCorrect = useCallback(() => {
    if (!canReview) return;
    setCorrecting(true);
    requestAnimationFrame(() => valueRef.current?.select());
  }, [canReview]);
  const pageable = doc.data?.kind === 'pdf' || doc.data?.kind === 'image';
  const togglePicking = useCallback(() => {
    if (!canReview || !pageable) return;
    setPicking((on) => !on);
  }, [canReview, pageable]);
  /** A picked value opens the correction form with it, to be checked and saved (Enter). */
  const onPick = useCallback((value: PickedValue) => {
    setPicked(value);
    setPicking(false);
    setCorrecting(true);
    requestAnimationFrame(() => valueRef.current?.select());
  }, []);
  const cancel = useCallback(() => {
    setCorrecting(false);
    setPicking(false);
    setPicked(null);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = commandOf(event);
      if (!command) return;
      event.preventDefault();
      if (command === 'next') move(1);
      else if (command === 'previous') move(-1);
      else if (command === 'accept') accept();
      else if (command === 'reject') reject();
      else if (command === 'correct') startCorrect();
      else if (command === 'pick') togglePicking();
      else if (command === 'zoom_in') zoom.zoomIn();
      else if (command === 'zoom_out') zoom.zoomOut();
      else if (command === 'zoom_reset') zoom.reset();
      else if (command === 'cancel') cancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move, accept, reject, startCorrect, togglePicking, cancel, zoom]);

  // Keep the selected row in view in the item list.
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  const kind = doc.data?.kind;
  const done = (items ?? []).filter((i) => !isUndecided(i)).length;
  return (
    <section aria-labelledby="review-title" className="review">
      <div className="page-head">
        <h1 id="review-title">Review {doc.data?.filename ?? ''}</h1>
        <Link to={`/assessments/${encodeURIComponent(assessmentId)}`}>Back to the assessment</Link>
      </div>
      <ErrorNotice error={doc.error ?? loadError} title="Could not load the document" />
      {items ? (
        <p className="hint" data-testid="review-progress">
          {done} of {items.length} items decided. Keys: {KEY_HELP.map(([k, v]) => `${k} ${v}`).join(' · ')}
        </p>
      ) : doc.error || loadError ? null : (
        <p role="status">Loading items…</p>
      )}
      <div className="review-grid">
        <div className="review-source">
          {kind === 'pdf' || kind === 'image' ? (
            <PageImageView
              page={page}
              pageCount={doc.data?.page_count ?? null}
              filename={doc.data?.filename ?? ''}
              items={items ?? []}
              selectedId={selectedId}
              load={load}
              onSelect={select}
              onPage={setPage}
              zoom={zoom}
              picking={picking}
              loadWords={loadWords}
              onPick={onPick}
            />
          ) : kind === 'xlsx' || kind === 'csv' ? (
            <SheetView items={items ?? []} selectedId={selectedId} onSelect={select} />
          ) : kind === 'docx' ? (
            <DocxView items={items ?? []} selectedId={selectedId} onSelect={select} />
          ) : kind ? (
            <p className="hint">A {kind} file has no pages or cells to show; its items quote the text they came from.</p>
          ) : null}
          <ItemTablesView items={items ?? []} selectedId={selectedId} onSelect={select} />
        </div>
        <div className="review-side">
          {selected ? (
            <ItemPanel
              key={selected.id}
              item={selected}
              canReview={canReview}
              correcting={correcting}
              busy={busy}
              error={decisionError}
              valueRef={valueRef}
              onAccept={accept}
              onReject={reject}
              onStartCorrect={startCorrect}
              onCancel={cancel}
              onCorrect={correct}
              canPick={pageable}
              picking={picking}
              picked={picked}
              onTogglePicking={togglePicking}
            />
          ) : null}
          <h2 id="items-title">Items</h2>
          <ol
            className="item-list"
            role="listbox"
            aria-labelledby="items-title"
            ref={listRef}
            data-testid="item-list"
            tabIndex={0}
            aria-activedescendant={selectedId ? `item-${selectedId}` : undefined}
          >
            {(items ?? []).map((item) => (
              <li
                key={item.id}
                id={`item-${item.id}`}
                role="option"
                aria-selected={item.id === selectedId}
                className={item.id === selectedId ? 'item-row item-row-selected' : 'item-row'}
                onClick={() => select(item.id)}
              >
                <span className="item-key">{item.label || item.key}</span>
                <span className="item-val">{valueText(item)}</span>
                <StateBadge value={item.validation.status} />
                <span className="hint">{confidenceText(item)}</span>
              </li>
            ))}
          </ol>
          {items && items.length === 0 ? <p className="empty">No items were extracted from this file.</p> : null}
          <CorrectionHistory documentId={documentId} version={historyVersion} />
        </div>
      </div>
    </section>
  );
}
