/**
 * `followProgress(client, documentId)`: the progress stream as an AsyncIterable of typed events,
 * with the spec's client rules ("Events", rule 5):
 * - it stops after a terminal event (`pipeline_finished`, `pipeline_failed`, `pipeline_blocked`);
 * - a stream that ends (or breaks) without one is reconnected once, after a jittered backoff,
 *   with `Last-Event-ID` set to the last seq seen; a second end throws ProgressStreamInterrupted;
 * - events whose `seq` was already seen are dropped (a replay never repeats an event);
 * - when the caller's deadline passes, it throws ProgressDeadlineExceeded and does not retry.
 * Opening the stream goes through the client's retry policy like every other call.
 */
import type { QuireClient } from './client.js';
import { ProgressDeadlineExceeded, ProgressStreamInterrupted, QuireApiError, detailOf } from './errors.js';
import { type ProgressEvent, isTerminal, parseProgressEvent } from './progress-events.js';
import { backoffMs, sleep } from './retry.js';
import { sseFrames } from './sse-frames.js';

export interface FollowOptions {
  /** Resume after this seq (a cursor kept from an earlier follow); default: the latest run's start. */
  lastEventId?: number;
  /** Give up after this long (ms) without a terminal event; never retried. */
  deadlineMs?: number;
  /** The reconnect backoff ceiling (ms, jittered below it); default 1000. */
  reconnectDelayMs?: number;
  /** Reconnects allowed after a stream ends without a terminal event; the spec says one. */
  reconnects?: number;
  signal?: AbortSignal;
  random?: () => number;
}

export async function* followProgress(client: QuireClient, documentId: string, options: FollowOptions = {}): AsyncGenerator<ProgressEvent, void, void> {
  const seen = new Set<number>();
  let lastSeq = options.lastEventId;
  let reconnectsLeft = options.reconnects ?? 1;
  const deadline = options.deadlineMs === undefined ? undefined : AbortSignal.timeout(options.deadlineMs);
  // Aborted when the iteration ends for any reason, so the open connection is always released.
  const stop = new AbortController();
  const signal = AbortSignal.any([stop.signal, ...(deadline ? [deadline] : []), ...(options.signal ? [options.signal] : [])]);
  const deadlineMissed = () => new ProgressDeadlineExceeded(options.deadlineMs ?? 0, lastSeq);
  try {
    for (;;) {
      try {
        const body = await openStream(client, documentId, lastSeq, signal);
        for await (const frame of sseFrames(body)) {
          const event = parseProgressEvent(frame.data);
          if (event === undefined || seen.has(event.seq)) continue;
          seen.add(event.seq);
          lastSeq = event.seq;
          yield event;
          if (isTerminal(event)) return;
        }
      } catch (error) {
        if (deadline?.aborted) throw deadlineMissed();
        // An HTTP error (404, 401, …) or the caller's abort is final; a broken connection is
        // a stream that ended without a terminal event.
        if (error instanceof QuireApiError || options.signal?.aborted) throw error;
      }
      if (reconnectsLeft <= 0) throw new ProgressStreamInterrupted(lastSeq);
      reconnectsLeft -= 1;
      try {
        await sleep(
          backoffMs({ baseDelayMs: options.reconnectDelayMs ?? 1000, maxDelayMs: Number.POSITIVE_INFINITY, random: options.random ?? Math.random }, 0),
          signal,
        );
      } catch (error) {
        if (deadline?.aborted) throw deadlineMissed();
        throw error;
      }
    }
  } finally {
    stop.abort();
  }
}

async function openStream(client: QuireClient, documentId: string, lastSeq: number | undefined, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const { data, error, response } = await client.v1.GET('/v1/documents/{document_id}/progress', {
    params: { path: { document_id: documentId }, header: lastSeq === undefined ? {} : { 'last-event-id': String(lastSeq) } },
    headers: { accept: 'text/event-stream' },
    parseAs: 'stream',
    signal,
  });
  if (!response.ok || !data) throw new QuireApiError(response.status, detailOf(error));
  return data;
}
