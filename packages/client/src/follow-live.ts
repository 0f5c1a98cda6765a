/**
 * `followLive(client, { documentId })`: a live stream (ADR 0591) as an AsyncIterable of typed
 * `LiveEvent`s — one document's changes, or the whole organization's without `documentId`.
 * A live stream never ends by itself, so unlike `followProgress` a broken connection is always
 * reopened (after a jittered backoff) with `Last-Event-ID` set to the last seq seen: the server
 * replays what came after it, and a seq already seen is dropped. It stops when the caller's
 * signal aborts or the server answers an HTTP error (404, 401…).
 */
import type { QuireClient } from './client.js';
import { QuireApiError, detailOf } from './errors.js';
import type { components } from './generated/v1.js';
import { backoffMs, sleep } from './retry.js';
import { sseFrames } from './sse-frames.js';

export type LiveEvent = components['schemas']['LiveEvent'];

export interface FollowLiveOptions {
  /** One document's stream; the organization's when absent. */
  documentId?: string;
  /** Resume after this seq; default: from the next change. */
  after?: number;
  /** The reconnect backoff ceiling (ms, jittered below it); default 1000. */
  reconnectDelayMs?: number;
  signal?: AbortSignal;
  random?: () => number;
}

export async function* followLive(client: QuireClient, options: FollowLiveOptions = {}): AsyncGenerator<LiveEvent, void, void> {
  let lastSeq = options.after;
  const stop = new AbortController();
  const signal = AbortSignal.any([stop.signal, ...(options.signal ? [options.signal] : [])]);
  let failures = 0;
  try {
    for (;;) {
      try {
        const body = await openLive(client, options.documentId, lastSeq, signal);
        failures = 0;
        for await (const frame of sseFrames(body)) {
          const event = parseLiveEvent(frame.data);
          if (event === undefined || (lastSeq !== undefined && event.seq <= lastSeq)) continue;
          lastSeq = event.seq;
          yield event;
        }
      } catch (error) {
        if (error instanceof QuireApiError || signal.aborted) throw error;
      }
      failures += 1;
      await sleep(
        backoffMs({ baseDelayMs: options.reconnectDelayMs ?? 1000, maxDelayMs: 30_000, random: options.random ?? Math.random }, Math.min(failures - 1, 5)),
        signal,
      );
    }
  } finally {
    stop.abort();
  }
}

function parseLiveEvent(data: string): LiveEvent | undefined {
  try {
    const event = JSON.parse(data) as unknown;
    if (typeof event === 'object' && event !== null && 'kind' in event && 'seq' in event && typeof event.seq === 'number') return event as LiveEvent;
  } catch {
    // Not JSON: not an event of this stream (a proxy's page, say); skipped like a heartbeat.
  }
  return undefined;
}

async function openLive(
  client: QuireClient,
  documentId: string | undefined,
  lastSeq: number | undefined,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const header = lastSeq === undefined ? {} : { 'last-event-id': String(lastSeq) };
  const common = { headers: { accept: 'text/event-stream' }, parseAs: 'stream' as const, signal };
  const { data, error, response } =
    documentId === undefined
      ? await client.v1.GET('/v1/live', { params: { header }, ...common })
      : await client.v1.GET('/v1/documents/{document_id}/live', { params: { path: { document_id: documentId }, header }, ...common });
  if (!response.ok || !data) throw new QuireApiError(response.status, detailOf(error));
  return data;
}
