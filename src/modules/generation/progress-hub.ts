/**
 * Fans persisted progress events out to SSE subscribers. One poll per watched document per
 * process (every 250 ms), whatever the number of subscribers: database load grows with the
 * documents being watched, not with the people watching them. Each subscriber keeps its own
 * cursor; the poll reads from the smallest one, so replay and live delivery are one path.
 */
import type { Kysely } from 'kysely';
import { type Ticker, intervalTicker } from '../../kernel/ticker.js';
import type { Database } from '../../storage/schema.js';
import { createRepos } from '../repos.js';
import type { RunEventRepository, StoredEvent } from './run-event.repository.js';

interface Subscriber {
  lastSeq: number;
  deliver(event: StoredEvent): void;
  /** Called once when the process shuts down: the stream ends so its client reconnects elsewhere. */
  end?(): void;
}

interface Watch {
  orgId: string;
  subscribers: Set<Subscriber>;
  stop: () => void;
  /** The poll under way, which a tick or subscriber arriving meanwhile waits for instead of starting another. */
  polling: Promise<void> | null;
}

export class ProgressHub {
  private readonly watches = new Map<string, Watch>();
  private readonly events: RunEventRepository;
  private shuttingDown = false;
  /** Queries made so far (observability, and the test that proves polls are shared). */
  pollCount = 0;

  constructor(
    db: Kysely<Database>,
    private readonly pollMs = 250,
    private readonly ticker: Ticker = intervalTicker,
  ) {
    this.events = createRepos(db).runEvents;
  }

  /**
   * Delivers every event of the document after `afterSeq`, then new ones; returns the
   * unsubscribe. `end` is called when the process shuts down (`shutdown()`).
   */
  subscribe(orgId: string, documentId: string, afterSeq: number, deliver: (event: StoredEvent) => void, end?: () => void): () => void {
    if (this.shuttingDown) {
      // After the caller holds its unsubscribe: ending calls it.
      if (end) queueMicrotask(end);
      return () => undefined;
    }
    let watch = this.watches.get(documentId);
    if (!watch) {
      const created: Watch = {
        orgId,
        subscribers: new Set(),
        stop: this.ticker.every(this.pollMs, () => this.poll(documentId), { background: true }),
        polling: null,
      };
      this.watches.set(documentId, created);
      watch = created;
    }
    const subscriber: Subscriber = { lastSeq: afterSeq, deliver, end };
    watch.subscribers.add(subscriber);
    void this.poll(documentId);
    return () => {
      const current = this.watches.get(documentId);
      if (!current) return;
      current.subscribers.delete(subscriber);
      if (current.subscribers.size === 0) {
        current.stop();
        this.watches.delete(documentId);
      }
    };
  }

  private poll(documentId: string): Promise<void> {
    const watch = this.watches.get(documentId);
    if (!watch || watch.subscribers.size === 0) return Promise.resolve();
    if (watch.polling) return watch.polling;
    watch.polling = this.readAndDeliver(documentId, watch).finally(() => {
      watch.polling = null;
    });
    return watch.polling;
  }

  private async readAndDeliver(documentId: string, watch: Watch): Promise<void> {
    try {
      const from = Math.min(...[...watch.subscribers].map((s) => s.lastSeq));
      this.pollCount += 1;
      const events = await this.events.listSince(watch.orgId, documentId, from);
      for (const event of events) {
        for (const subscriber of watch.subscribers) {
          if (event.seq <= subscriber.lastSeq) continue;
          subscriber.lastSeq = event.seq;
          subscriber.deliver(event);
        }
      }
    } catch {
      // A failed poll is retried on the next tick; the stream stays open.
    }
  }

  /**
   * Ends every stream (each writes its final comment and closes) and refuses new ones: the
   * process is going away, and an open stream must not keep it alive.
   */
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
