/**
 * Rows that other processes may write, fanned out to subscribers by polling: one poll per watched
 * key per process (every `pollMs`), whatever the number of subscribers, so database load grows with
 * what is watched, not with who watches. Each subscriber keeps its own cursor; a poll reads from
 * the smallest one, so replay and live delivery are one path. The progress stream (one key per
 * document) and the live streams (one key per organization) are the two users.
 */
import type { Ticker } from './ticker.js';

export interface PolledSubscriber<T> {
  /** The last row this subscriber has passed (delivered, or skipped as not wanted). */
  lastSeq: number;
  deliver(row: T): void;
  /** Called once when the process shuts down: the stream ends so its client reconnects elsewhere. */
  end?(): void;
}

export interface PolledFanOutOptions<T extends { seq: number }, S extends PolledSubscriber<T>> {
  pollMs: number;
  ticker: Ticker;
  /** The rows after `from` that a key's subscribers may want, in `seq` order. */
  read(key: string, from: number, subscribers: readonly S[]): Promise<readonly T[]>;
  /** Whether a subscriber gets a row; its cursor passes the row either way. Every row when absent. */
  wants?(subscriber: S, row: T): boolean;
}

interface Watch<S> {
  subscribers: Set<S>;
  stop: () => void;
  /** The poll under way, which a tick or subscriber arriving meanwhile waits for instead of starting another. */
  polling: Promise<void> | null;
}

export class PolledFanOut<T extends { seq: number }, S extends PolledSubscriber<T>> {
  private readonly watches = new Map<string, Watch<S>>();
  private shuttingDown = false;
  /** Reads made so far (observability, and the tests that prove polls are shared). */
  pollCount = 0;

  constructor(private readonly options: PolledFanOutOptions<T, S>) {}

  /** Delivers every wanted row after the subscriber's cursor, then new ones; returns the unsubscribe. */
  subscribe(key: string, subscriber: S): () => void {
    if (this.shuttingDown) {
      // After the caller holds its unsubscribe: ending calls it.
      if (subscriber.end) queueMicrotask(subscriber.end);
      return () => undefined;
    }
    let watch = this.watches.get(key);
    if (!watch) {
      watch = { subscribers: new Set(), stop: this.options.ticker.every(this.options.pollMs, () => this.poll(key), { background: true }), polling: null };
      this.watches.set(key, watch);
    }
    watch.subscribers.add(subscriber);
    void this.poll(key);
    return () => {
      const current = this.watches.get(key);
      if (!current) return;
      current.subscribers.delete(subscriber);
      if (current.subscribers.size === 0) {
        current.stop();
        this.watches.delete(key);
      }
    };
  }

  private poll(key: string): Promise<void> {
    const watch = this.watches.get(key);
    if (!watch || watch.subscribers.size === 0) return Promise.resolve();
    if (watch.polling) return watch.polling;
    watch.polling = this.readAndDeliver(key, watch).finally(() => {
      watch.polling = null;
    });
    return watch.polling;
  }

  private async readAndDeliver(key: string, watch: Watch<S>): Promise<void> {
    const { read, wants } = this.options;
    try {
      const subscribers = [...watch.subscribers];
      const from = Math.min(...subscribers.map((s) => s.lastSeq));
      this.pollCount += 1;
      const rows = await read(key, from, subscribers);
      for (const row of rows) {
        for (const subscriber of watch.subscribers) {
          if (row.seq <= subscriber.lastSeq) continue;
          subscriber.lastSeq = row.seq;
          if (!wants || wants(subscriber, row)) subscriber.deliver(row);
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
