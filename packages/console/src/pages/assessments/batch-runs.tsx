/**
 * The assessment's batch runs: each batch's state and counts, and (for editors) a rerun of every
 * file as a batch that keeps the reviewers' corrections. While a batch is queued or running the
 * list follows it by itself (polling with backoff up to 2 s, as file uploads do), and when the
 * last one ends the page around it reloads — the files' items and completeness changed.
 */
import { useEffect, useRef, useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { useReadySession } from '../../shell/session';
import { useLoad } from '../../shell/use-load';
import { type Batch, listBatches, runBatch } from './assessment-api';

const ACTIVE: readonly Batch['status'][] = ['queued', 'running'];
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 2000;

export function BatchRuns({
  assessmentId,
  documentIds,
  canRun,
  onSettled,
}: {
  assessmentId: string;
  documentIds: string[];
  canRun: boolean;
  onSettled(): void;
}) {
  const { client } = useReadySession();
  const batches = useLoad(() => listBatches(client, assessmentId), [client, assessmentId]);
  const [error, setError] = useState<unknown>(undefined);
  const [starting, setStarting] = useState(false);
  const delay = useRef(FIRST_DELAY_MS);
  const wasActive = useRef(false);
  const settled = useRef(onSettled);
  settled.current = onSettled;
  const active = (batches.data ?? []).some((b) => ACTIVE.includes(b.status));
  const { reload } = batches;

  useEffect(() => {
    if (!active) {
      if (wasActive.current) settled.current();
      wasActive.current = false;
      delay.current = FIRST_DELAY_MS;
      return;
    }
    wasActive.current = true;
    const timer = setTimeout(reload, delay.current);
    delay.current = Math.min(delay.current * 2, MAX_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active, batches.data, reload]);

  const start = async () => {
    setError(undefined);
    setStarting(true);
    try {
      await runBatch(client, assessmentId, `Rerun ${new Date().toLocaleString()}`, documentIds);
      delay.current = FIRST_DELAY_MS;
      reload();
    } catch (e) {
      setError(e);
    } finally {
      setStarting(false);
    }
  };
  return (
    <section className="card" aria-labelledby="batches-title">
      <h2 id="batches-title">Batch runs</h2>
      <ErrorNotice error={error ?? batches.error} />
      {(batches.data ?? []).length === 0 ? <p className="empty">No batch runs.</p> : null}
      <ul data-testid="batches">
        {(batches.data ?? []).map((b) => (
          <li key={b.id}>
            {b.name}: <span className="badge">{b.status.replace(/_/g, ' ')}</span> — {b.counts.succeeded} succeeded, {b.counts.failed} failed,{' '}
            {b.counts.skipped} skipped of {b.counts.total}
          </li>
        ))}
      </ul>
      {canRun && documentIds.length > 0 ? (
        <button type="button" className="button-quiet" disabled={starting || active} onClick={() => void start()}>
          Rerun every file as a batch (keeps corrections)
        </button>
      ) : null}
      <button type="button" className="button-quiet" onClick={reload}>
        Refresh
      </button>
    </section>
  );
}
