/**
 * Fans persisted progress events out to SSE subscribers: one poll per watched document per
 * process (every 250 ms), whatever the number of subscribers (kernel/polled-fan-out.ts).
 */
import type { Kysely } from 'kysely';
import { PolledFanOut, type PolledSubscriber } from '../../kernel/polled-fan-out.js';
import { type Ticker, intervalTicker } from '../../kernel/ticker.js';
import type { Database } from '../../storage/schema.js';
import { createRepos } from '../repos.js';
import type { StoredEvent } from './run-event.repository.js';

interface Subscriber extends PolledSubscriber<StoredEvent> {
  orgId: string;
}

export class ProgressHub {
  private readonly fanOut: PolledFanOut<StoredEvent, Subscriber>;

  constructor(db: Kysely<Database>, pollMs = 250, ticker: Ticker = intervalTicker) {
    const events = createRepos(db).runEvents;
    this.fanOut = new PolledFanOut<StoredEvent, Subscriber>({
      pollMs,
      ticker,
      // Every subscriber of a document is in the document's organization.
      read: (documentId, from, subscribers) => events.listSince(subscribers[0].orgId, documentId, from),
    });
  }

  /** Reads made so far (the test that proves polls are shared). */
  get pollCount(): number {
    return this.fanOut.pollCount;
  }

  /**
   * Delivers every event of the document after `afterSeq`, then new ones; returns the
   * unsubscribe. `end` is called when the process shuts down (`shutdown()`).
   */
  subscribe(orgId: string, documentId: string, afterSeq: number, deliver: (event: StoredEvent) => void, end?: () => void): () => void {
    return this.fanOut.subscribe(documentId, { orgId, lastSeq: afterSeq, deliver, end });
  }

  /** Ends every stream and refuses new ones: the process is going away. */
  shutdown(): void {
    this.fanOut.shutdown();
  }

  close(): void {
    this.fanOut.close();
  }
}
