/**
 * Fans persisted live changes out to SSE subscribers. One poll per watched organization per
 * process (every 250 ms), whatever the number of views open on it: the organization's stream and
 * every document stream of that organization share it, so database load grows with the
 * organizations being watched, not with the tabs. Each subscriber keeps its own cursor (and, on a
 * document stream, its document); the poll reads from the smallest cursor, so replay and live
 * delivery are one path. Changes come only from the table: a change committed through any
 * process reaches every process's streams (ADR 0591).
 */
import type { Kysely } from 'kysely';
import { type Ticker, intervalTicker } from '../../kernel/ticker.js';
import type { Database } from '../../storage/schema.js';
import { LiveChangeRepository, type StoredLiveChange } from './live-change.repository.js';

export const LIVE_POLL_MS = 250;

interface Subscriber {
  lastSeq: number;
  /** Only this document's changes; undefined: every change of the organization. */
  documentId?: string;
  deliver(change: StoredLiveChange): void;
  end?(): void;
}

interface Watch {
  subscribers: Set<Subscriber>;
  stop: () => void;
  polling: Promise<void> | null;
}

export class LiveHub {
  private readonly watches = new Map<string, Watch>();
  private readonly changes: LiveChangeRepository;
  private shuttingDown = false;
  /** Queries made so far (observability, and the test that proves polls are shared). */
  pollCount = 0;

  constructor(
    db: Kysely<Database>,
    private readonly pollMs = LIVE_POLL_MS,
    private readonly ticker: Ticker = intervalTicker,
  ) {
    this.changes = new LiveChangeRepository(db);
  }

  /** Delivers every matching change after `afterSeq`, then new ones; returns the unsubscribe. */
  subscribe(orgId: string, filter: { documentId?: string; afterSeq: number }, deliver: (change: StoredLiveChange) => void, end?: () => void): () => void {
    if (this.shuttingDown) {
      if (end) queueMicrotask(end);
      return () => undefined;
    }
    let watch = this.watches.get(orgId);
    if (!watch) {
      watch = { subscribers: new Set(), stop: this.ticker.every(this.pollMs, () => this.poll(orgId), { background: true }), polling: null };
      this.watches.set(orgId, watch);
    }
    const subscriber: Subscriber = { lastSeq: filter.afterSeq, documentId: filter.documentId, deliver, end };
    watch.subscribers.add(subscriber);
    void this.poll(orgId);
    return () => {
      const current = this.watches.get(orgId);
      if (!current) return;
      current.subscribers.delete(subscriber);
      if (current.subscribers.size === 0) {
        current.stop();
        this.watches.delete(orgId);
      }
    };
  }

  private poll(orgId: string): Promise<void> {
    const watch = this.watches.get(orgId);
    if (!watch || watch.subscribers.size === 0) return Promise.resolve();
    if (watch.polling) return watch.polling;
    watch.polling = this.readAndDeliver(orgId, watch).finally(() => {
      watch.polling = null;
    });
    return watch.polling;
  }

  private async readAndDeliver(orgId: string, watch: Watch): Promise<void> {
    try {
      const subscribers = [...watch.subscribers];
      const from = Math.min(...subscribers.map((s) => s.lastSeq));
      // Only document streams watching: read only their documents' rows.
      const documents = new Set(subscribers.map((s) => s.documentId));
      const only = documents.size === 1 && !documents.has(undefined) ? [...documents][0] : undefined;
      this.pollCount += 1;
      const changes = await this.changes.listSince(orgId, from, only);
      for (const change of changes) {
        for (const subscriber of watch.subscribers) {
          if (change.seq <= subscriber.lastSeq) continue;
          // The cursor passes other documents' changes too: every change up to it was read.
          subscriber.lastSeq = change.seq;
          if (subscriber.documentId === undefined || change.documentId === subscriber.documentId) subscriber.deliver(change);
        }
      }
    } catch {
      // A failed poll is retried on the next tick; the stream stays open.
    }
  }

  /** Ends every stream (each writes its final comment) and refuses new ones: the process is going away. */
  shutdown(): void {
    this.shuttingDown = true;
    for (const watch of [...this.watches.values()]) {
      for (const subscriber of [...watch.subscribers]) subscriber.end?.();
    }
    this.close();
  }

  close(): void {
    for (const watch of this.watches.values()) watch.stop();
    this.watches.clear();
  }
}
