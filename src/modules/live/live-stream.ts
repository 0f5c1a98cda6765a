/**
 * A live stream on a hijacked reply: `id: <seq>` + `data: <LiveEvent JSON>` frames from the hub,
 * comment heartbeats, and a final comment when the process shuts down (EventSource clients then
 * reconnect, to any process, with Last-Event-ID and miss nothing). Unlike a run's progress it has
 * no terminal event: it stays open while the view does.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Ticker, intervalTicker } from '../../kernel/ticker.js';
import { openEventStream } from '../open-event-stream.js';
import type { LiveHub } from './live-hub.js';

const HEARTBEAT_MS = 15_000;

export function streamLive(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: LiveHub,
  target: { orgId: string; documentId?: string; afterSeq: number },
  options: { heartbeatMs?: number; ticker?: Ticker } = {},
): void {
  const raw = openEventStream(reply);
  let closed = false;
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
    { documentId: target.documentId, afterSeq: target.afterSeq },
    (change) => {
      if (!closed) raw.write(`id: ${change.seq}\ndata: ${JSON.stringify(change)}\n\n`);
    },
    () => close('shutting down, reconnect'),
  );
  const stopHeartbeat = (options.ticker ?? intervalTicker).every(options.heartbeatMs ?? HEARTBEAT_MS, () => {
    if (!closed) raw.write(': keep-alive\n\n');
  });
  request.raw.on('close', () => close());
}
