/**
 * `GET /progress`: a `text/event-stream` of the document's persisted events. Frames are
 * `id: <seq>` + `data: <json>`; the stream replays from `Last-Event-ID` or `?after=<seq>`
 * (default: the start of the latest run), follows live events, sends comment heartbeats, and
 * closes after a terminal event or after an hour of silence. When the process shuts down the
 * stream ends with a `: shutting down` comment; EventSource clients reconnect (to another
 * process, or this one after its restart) with `Last-Event-ID` and miss nothing.
 */
import { openEventStream } from '../open-event-stream.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Ticker, intervalTicker } from '../../kernel/ticker.js';
import { TERMINAL_EVENTS, type PipelineEventName } from '../../pipeline/events.js';
import type { ProgressHub } from './progress-hub.js';
import type { StoredEvent } from './run-event.repository.js';

export const SILENCE_LIMIT_MS = 60 * 60 * 1000;
const HEARTBEAT_MS = 15_000;

export function streamProgress(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: ProgressHub,
  target: { orgId: string; documentId: string; afterSeq: number },
  limits: { silenceMs?: number; heartbeatMs?: number; ticker?: Ticker; now?: () => number } = {},
): void {
  const raw = openEventStream(reply);
  const now = limits.now ?? Date.now;
  let lastActivity = now();
  let closed = false;
  const silenceMs = limits.silenceMs ?? SILENCE_LIMIT_MS;

  const close = (finalComment?: string) => {
    if (closed) return;
    closed = true;
    unsubscribe();
    stopHeartbeat();
    if (finalComment) raw.write(`: ${finalComment}\n\n`);
    raw.end();
  };
  const unsubscribe = hub.subscribe(
    target.orgId,
    target.documentId,
    target.afterSeq,
    (event: StoredEvent) => {
      if (closed) return;
      lastActivity = now();
      raw.write(`id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`);
      if (TERMINAL_EVENTS.has(event.event as PipelineEventName)) close();
    },
    () => close('shutting down, reconnect'),
  );
  const stopHeartbeat = (limits.ticker ?? intervalTicker).every(Math.min(limits.heartbeatMs ?? HEARTBEAT_MS, silenceMs), () => {
    if (now() - lastActivity >= silenceMs) close();
    else raw.write(': keep-alive\n\n');
  });
  request.raw.on('close', () => close());
}
