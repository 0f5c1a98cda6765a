/**
 * Fans persisted live changes out to SSE subscribers. One poll per watched organization per
 * process (every 250 ms, kernel/polled-fan-out.ts), whatever the number of views open on it: the
 * organization's stream and every document stream of that organization share it, so database load
 * grows with the organizations being watched, not with the tabs. A document stream's cursor passes
 * the other documents' changes too. Changes come only from the table: a change committed through
 * any process reaches every process's streams (ADR 0591).
 */
import type { Kysely } from 'kysely';
import { PolledFanOut, type PolledSubscriber } from '../../kernel/polled-fan-out.js';
import { type Ticker, intervalTicker } from '../../kernel/ticker.js';
import type { Database } from '../../storage/schema.js';
import { LiveChangeRepository, type StoredLiveChange } from './live-change.repository.js';

export const LIVE_POLL_MS = 250;

interface Subscriber extends PolledSubscriber<StoredLiveChange> {
  /** Only this document's changes; undefined: every change of the organization. */
  documentId?: string;
}

export class LiveHub {
  private readonly fanOut: PolledFanOut<StoredLiveChange, Subscriber>;

  constructor(db: Kysely<Database>, pollMs = LIVE_POLL_MS, ticker: Ticker = intervalTicker) {
    const changes = new LiveChangeRepository(db);
    this.fanOut = new PolledFanOut<StoredLiveChange, Subscriber>({
      pollMs,
      ticker,
      read: (orgId, from, subscribers) => {
        // Only streams of one document watching: read only its rows.
        const documents = new Set(subscribers.map((s) => s.documentId));
        const only = documents.size === 1 && !documents.has(undefined) ? [...documents][0] : undefined;
        return changes.listSince(orgId, from, only);
      },
      wants: (subscriber, change) => subscriber.documentId === undefined || change.documentId === subscriber.documentId,
    });
  }

  /** Reads made so far (observability, and the test that proves polls are shared). */
  get pollCount(): number {
    return this.fanOut.pollCount;
  }

  /** Delivers every matching change after `afterSeq`, then new ones; returns the unsubscribe. */
  subscribe(orgId: string, filter: { documentId?: string; afterSeq: number }, deliver: (change: StoredLiveChange) => void, end?: () => void): () => void {
    return this.fanOut.subscribe(orgId, { lastSeq: filter.afterSeq, documentId: filter.documentId, deliver, end });
  }

  /** Ends every stream (each writes its final comment) and refuses new ones: the process is going away. */
  shutdown(): void {
    this.fanOut.shutdown();
  }

  close(): void {
    this.fanOut.close();
  }
}
