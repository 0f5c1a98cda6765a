/**
 * `GET /v1/merge-runs/{id}/progress`: the run's persisted events as server-sent events (`id:
 * <seq>`, `data: <json>`), replayed from `Last-Event-ID` or `?after=`, then followed by polling
 * the events table (so any API process can serve any run), closed after `merge_ended`. A
 * shutting-down process ends its streams with a comment; clients reconnect with Last-Event-ID.
 */
import { openEventStream } from '../open-event-stream.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Ticker, intervalTicker } from '../../kernel/ticker.js';
import type { CommandContext } from '../context.js';
import { isTerminalMergeStatus } from './merge-run.repository.js';

const POLL_MS = 250;
const HEARTBEAT_EVERY_POLLS = 60;
const ENDED_CHECK_EVERY_POLLS = 20;

async function runHasEnded(ctx: CommandContext, runId: string): Promise<boolean> {
  const run = await ctx.repos.mergeRuns.findRun(ctx.actor.org.orgId, runId);
  return !run || isTerminalMergeStatus(run.status);
}

/** The open streams of one application, ended when it closes. */
export class MergeStreams {
  private readonly closers = new Set<(comment?: string) => void>();

  add(close: (comment?: string) => void): () => void {
    this.closers.add(close);
    return () => this.closers.delete(close);
  }

  shutdown(): void {
    for (const close of [...this.closers]) close('shutting down, reconnect');
  }
}

export function streamMergeProgress(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: CommandContext,
  target: { runId: string; afterSeq: number; streams: MergeStreams; ticker?: Ticker },
): void {
  const raw = openEventStream(reply);
  let after = target.afterSeq;
  let closed = false;
  let polling = false;
  let polls = 0;
  const close = (comment?: string) => {
    if (closed) return;
    closed = true;
    stop();
    forget();
    if (comment) raw.write(`: ${comment}\n\n`);
    raw.end();
  };
  const poll = async () => {
    if (closed || polling) return;
    polling = true;
    try {
      const events = await ctx.repos.mergeRuns.listEventsSince(ctx.actor.org.orgId, target.runId, after);
      for (const event of events) {
        after = event.seq;
        raw.write(`id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`);
        if (event.event === 'merge_ended') return close();
      }
      // A client already past the end (or a run deleted meanwhile) is not kept waiting.
      if (events.length === 0 && polls % ENDED_CHECK_EVERY_POLLS === 0 && (await runHasEnded(ctx, target.runId))) return close();
      polls += 1;
      if (polls % HEARTBEAT_EVERY_POLLS === 0) raw.write(': keep-alive\n\n');
    } catch {
      close('the progress could not be read, reconnect');
    } finally {
      polling = false;
    }
  };
  const stop = (target.ticker ?? intervalTicker).every(POLL_MS, poll);
  const forget = target.streams.add(close);
  request.raw.on('close', () => close());
  void poll();
}
