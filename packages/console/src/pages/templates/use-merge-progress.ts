/**
 * A merge run, live: its counts, status and ETA from the progress stream (`row_done`,
 * `row_failed`, `merge_ended`), resumed with the last seq seen when the connection drops (the
 * server replays what came after it), and its failed rows with their reasons. When the run has
 * ended, the run and its failed rows are read once more, so the page ends on the server's word.
 */
import { type QuireClient, QuireApiError } from '@quire/client';
import { useEffect, useState } from 'react';
import { type MergeRun, getMergeRun, listFailedRows, openMergeProgress } from './merge-api';

export interface MergeFailure {
  row: number;
  reason: string;
}

export interface MergeProgress {
  run: MergeRun | null;
  etaSeconds: number | null;
  failures: MergeFailure[];
  /** Why the live view stopped before the run's end (the server could not be reached). */
  lost: string | null;
}

const ENDED = new Set(['finished', 'failed', 'cancelled']);
const RECONNECTS = 10;

export function isEnded(run: MergeRun | null): boolean {
  return run !== null && ENDED.has(run.status);
}

/** The `data:` of each event of a text/event-stream body (ids come inside the data as `seq`). */
async function* eventData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''));
      if (data.length > 0) yield data.join('\n');
    }
  }
}

interface MergeEvent {
  seq: number;
  event: string;
  row?: number;
  message?: string;
  done?: number;
  failed?: number;
  pending?: number;
  total?: number;
  status?: MergeRun['status'];
  etaSeconds?: number | null;
}

function applyEvent(progress: MergeProgress, event: MergeEvent): MergeProgress {
  const run = progress.run
    ? {
        ...progress.run,
        done: event.done ?? progress.run.done,
        failed: event.failed ?? progress.run.failed,
        pending: event.pending ?? progress.run.pending,
        total: event.total ?? progress.run.total,
        status: event.status ?? (event.event === 'merge_started' ? 'running' : progress.run.status),
      }
    : null;
  const failures =
    event.event === 'row_failed' && event.row !== undefined && !progress.failures.some((f) => f.row === event.row)
      ? [...progress.failures, { row: event.row, reason: event.message ?? '' }]
      : progress.failures;
  return { ...progress, run, failures, etaSeconds: event.etaSeconds === undefined ? progress.etaSeconds : event.etaSeconds };
}

/** Follows the stream until `merge_ended`; resolves false when it ended without it (reconnect). */
async function followOnce(
  client: QuireClient,
  runId: string,
  cursor: { seq: number },
  signal: AbortSignal,
  update: (change: (p: MergeProgress) => MergeProgress) => void,
): Promise<boolean> {
  const body = await openMergeProgress(client, runId, cursor.seq, signal);
  for await (const data of eventData(body)) {
    const event = JSON.parse(data) as MergeEvent;
    if (event.seq <= cursor.seq) continue;
    cursor.seq = event.seq;
    update((p) => applyEvent(p, event));
    if (event.event === 'merge_ended') return true;
  }
  return false;
}

async function settle(client: QuireClient, runId: string, update: (change: (p: MergeProgress) => MergeProgress) => void): Promise<void> {
  const [run, rows] = await Promise.all([getMergeRun(client, runId), listFailedRows(client, runId)]);
  update((p) => ({ ...p, run, etaSeconds: null, failures: rows.map((r) => ({ row: r.row, reason: r.error ?? 'failed' })) }));
}

export function useMergeProgress(client: QuireClient, runId: string): MergeProgress & { error: unknown } {
  const [progress, setProgress] = useState<MergeProgress>({ run: null, etaSeconds: null, failures: [], lost: null });
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    const stop = new AbortController();
    const update = (change: (p: MergeProgress) => MergeProgress) => !stop.signal.aborted && setProgress(change);
    const follow = async () => {
      const run = await getMergeRun(client, runId);
      update((p) => ({ ...p, run }));
      const cursor = { seq: 0 };
      for (let attempt = 0; !isEnded(run) && attempt <= RECONNECTS; attempt += 1) {
        try {
          if (await followOnce(client, runId, cursor, stop.signal, update)) break;
        } catch (failure) {
          if (stop.signal.aborted || failure instanceof QuireApiError) throw failure;
        }
        if (attempt === RECONNECTS) return update((p) => ({ ...p, lost: 'The live progress was lost: reload the page to see where the run is.' }));
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      await settle(client, runId, update);
    };
    follow().catch((failure: unknown) => !stop.signal.aborted && setError(failure));
    return () => stop.abort();
  }, [client, runId]);
  return { ...progress, error };
}

export function etaText(seconds: number | null): string {
  if (seconds === null) return 'estimating…';
  if (seconds < 60) return `about ${Math.max(1, seconds)} second${seconds === 1 ? '' : 's'} left`;
  const minutes = Math.round(seconds / 60);
  return `about ${minutes} minute${minutes === 1 ? '' : 's'} left`;
}
