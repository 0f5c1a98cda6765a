/**
 * Wakes workers the moment a job is queued, on any host: the enqueuer sends a PostgreSQL
 * NOTIFY (inside its transaction when it has one, so it is delivered at the commit, never for
 * a job that was rolled back), and every running worker LISTENs on one connection of its own.
 * Polling stays as the fallback (delayed jobs, retries, a lost connection): a wake-up only saves
 * the wait for the next poll.
 */
import { type Kysely, sql } from 'kysely';
import pg from 'pg';

const RECONNECT_MS = 1000;

/** The channel of one store (its engine schema), so stores sharing a server do not wake each other. */
export function wakeupChannelOf(engineSchema: string): string {
  return `${engineSchema}_wake`;
}

/** What a wake-up says: who queued a job, and on which queue (the sender claims from it without a look first, ADR 0781). */
export interface Wakeup {
  from: string;
  queue: string;
}

/** Queues a wake-up on `db` (delivered when its transaction commits, or at once outside one). */
export async function notifyWorkers<DB>(db: Kysely<DB>, channel: string, wakeup: Wakeup): Promise<void> {
  await sql`select pg_notify(${channel}, ${JSON.stringify(wakeup)})`.execute(db);
}

/** The wake-up a notification carries; null for one without (the first look after connecting, an older sender). */
export function wakeupOf(payload: string | undefined): Wakeup | null {
  if (!payload) return null;
  try {
    const parsed = JSON.parse(payload) as Partial<Wakeup>;
    return typeof parsed.from === 'string' && typeof parsed.queue === 'string' ? { from: parsed.from, queue: parsed.queue } : null;
  } catch {
    return null;
  }
}

/** A LISTEN connection that calls `onWake` for each notification and reconnects when it drops. */
export class WakeupListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly onWake: (wakeup: Wakeup | null) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect().catch((error: unknown) => this.reconnectLater(error));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'quire-job-wakeups' });
    client.on('notification', (message) => this.onWake(wakeupOf(message.payload)));
    client.on('error', (error) => {
      if (this.client === client) this.reconnectLater(error);
    });
    await client.connect();
    await client.query(`LISTEN "${this.channel}"`);
    if (this.stopped) {
      await client.end();
      return;
    }
    this.client = client;
    // Jobs queued while we were not listening are found by this first look.
    this.onWake(null);
  }

  private reconnectLater(error: unknown): void {
    const client = this.client;
    this.client = null;
    void client?.end().catch(() => undefined);
    if (this.stopped) return;
    this.onError(error);
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect().catch((e: unknown) => this.reconnectLater(e)), RECONNECT_MS);
    this.retry.unref();
  }
}
