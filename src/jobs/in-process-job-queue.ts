/**
 * A job queue over the database's `jobs` table, run inside the service process. Claiming is a
 * conditional update (`where status = 'queued'`), so several processes sharing one database
 * never run a job twice. Jobs a dead process left `running` are found at start (same host, pid
 * gone) or when their heartbeat goes stale (another host), and handed to `onOrphaned`.
 * Payloads are stored as JSON and handed to the definitions as read: each definition validates
 * (and upgrades, for payloads an older version queued) its own (kernel/jobs.ts `defineJob`).
 * Stopping is bounded: after `graceMs` the jobs still running are aborted (their signal) and
 * handed back as a dead process's would be, and their handlers' late writes to the job row are
 * ignored (the row is no longer locked by this worker).
 * Timestamps here are the queue's own bookkeeping (claim order, heartbeats), taken from the
 * system time: no command context exists at this level.
 */
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import type { Static, TSchema } from 'typebox';
import type { EnqueueOptions, JobDefinition, JobQueue, JobType, OrphanedJob } from '../kernel/jobs.js';
import { isProcessAlive, settlesWithin } from './job-waits.js';

const HEARTBEAT_MS = 10_000;
const STALE_MS = 60_000;

export interface InProcessJobQueueOptions {
  concurrency?: number;
  pollMs?: number;
  onError?: (error: unknown, job: { id: string; name: string }) => void;
}

export class InProcessJobQueue implements JobQueue {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly workerId = `${os.hostname()}:${process.pid}:${Date.now().toString(36)}`;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private active = 0;
  private running = false;
  private pumping = false;
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly activeIds = new Set<string>();
  /** The running jobs' aborts and their completion, by job id. */
  private readonly runningJobs = new Map<string, { abort: AbortController; done: Promise<void>; name: string; payload: unknown }>();
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: InProcessJobQueueOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 2;
    this.pollMs = options.pollMs ?? 500;
  }

  register(definition: JobDefinition): void {
    this.definitions.set(definition.name, definition);
  }

  async enqueue<S extends TSchema>(type: JobType<S>, payload: Static<S>, options: EnqueueOptions = {}): Promise<void> {
    const name = type.name;
    const now = new Date().toISOString();
    const id = options.id ?? `${name}:${now}:${Math.random().toString(36).slice(2)}`;
    // Inside the caller's transaction when given one: the job and the caller's rows commit together.
    const db = (options.transaction as Kysely<Database> | undefined) ?? this.db;
    const existing = await db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst();
    if (existing) {
      if (existing.status === 'queued' && !options.transaction) this.kick();
      return;
    }
    await db
      .insertInto('jobs')
      .values({
        id,
        name,
        payload_json: JSON.stringify(payload),
        status: 'queued',
        attempts: 0,
        last_error: null,
        locked_by: null,
        run_after: options.startAfter?.toISOString() ?? now,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    if (!options.transaction) this.kick();
  }

  wake<S extends TSchema>(_type: JobType<S>): void {
    this.kick();
  }

  isRunning(): boolean {
    return this.running;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.recoverOrphans(true);
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.timer.unref();
    this.heartbeat.unref();
    this.kick();
  }

  async stop(options: { graceMs?: number } = {}): Promise<void> {
    this.running = false;
    clearInterval(this.timer);
    clearInterval(this.heartbeat);
    if (options.graceMs === undefined) {
      await this.waitForActive();
      return;
    }
    if (await settlesWithin(this.waitForActive(), options.graceMs)) return;
    for (const [id, job] of [...this.runningJobs]) {
      job.abort.abort(new Error('the service is shutting down'));
      await this.handBack(id, job.name, job.payload, 'shutdown');
    }
  }

  async cancel(id: string, options: { waitMs?: number } = {}): Promise<boolean> {
    await this.db.deleteFrom('jobs').where('id', '=', id).where('status', '=', 'queued').execute();
    const job = this.runningJobs.get(id);
    if (!job) return true;
    // Released first: the handler's late write of the row's status must not find it ours.
    await this.db.updateTable('jobs').set({ locked_by: null }).where('id', '=', id).execute();
    job.abort.abort(new Error('cancelled'));
    const waited = await settlesWithin(job.done, options.waitMs ?? 10_000);
    // A cancelled job leaves no row behind (its handler's final update found it no longer ours).
    if (waited) await this.db.deleteFrom('jobs').where('id', '=', id).execute();
    return waited;
  }

  async idle(): Promise<void> {
    for (;;) {
      await this.waitForActive();
      const queued = await this.db.selectFrom('jobs').select('id').where('status', '=', 'queued').executeTakeFirst();
      if (!queued && this.active === 0) return;
      this.kick();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private waitForActive(): Promise<void> {
    if (this.active === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private kick(): void {
    if (!this.running || this.pumping) return;
    this.pumping = true;
    void this.pump().finally(() => {
      this.pumping = false;
    });
  }

  /** Claims and starts jobs until the concurrency limit or the queue is exhausted. */
  private async pump(): Promise<void> {
    while (this.running && this.active < this.concurrency) {
      const claimed = await this.claim();
      if (!claimed) return;
      this.active += 1;
      this.activeIds.add(claimed.id);
      const abort = new AbortController();
      const done = this.runJob(claimed, abort.signal);
      this.runningJobs.set(claimed.id, { abort, done, name: claimed.name, payload: claimed.payload });
      void done.finally(() => {
        this.active -= 1;
        this.activeIds.delete(claimed.id);
        this.runningJobs.delete(claimed.id);
        if (this.active === 0) {
          const waiters = this.idleWaiters;
          this.idleWaiters = [];
          for (const resolve of waiters) resolve();
        }
        this.kick();
      });
    }
  }

  private async claim(): Promise<{ id: string; name: string; payload: unknown; attempt: number } | null> {
    const now = new Date().toISOString();
    const names = [...this.definitions.keys()];
    if (names.length === 0) return null;
    const candidate = await this.db
      .selectFrom('jobs')
      .select(['id', 'name', 'payload_json', 'attempts'])
      .where('status', '=', 'queued')
      .where('run_after', '<=', now)
      .where('name', 'in', names)
      .orderBy('created_at', 'asc')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return null;
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'running', locked_by: this.workerId, attempts: candidate.attempts + 1, updated_at: now })
      .where('id', '=', candidate.id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return this.claim(); // another process won it
    return { id: candidate.id, name: candidate.name, payload: JSON.parse(candidate.payload_json) as unknown, attempt: candidate.attempts + 1 };
  }

  private async runJob(job: { id: string; name: string; payload: unknown; attempt: number }, signal: AbortSignal): Promise<void> {
    const definition = this.definitions.get(job.name);
    let status = 'done';
    let lastError: string | null = null;
    try {
      if (!definition) throw new Error(`no handler registered for job ${job.name}`);
      await definition.handler(job.payload, { id: job.id, attempt: job.attempt, signal });
    } catch (error) {
      status = 'failed';
      lastError = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      if (!signal.aborted) this.options.onError?.(error, job);
    }
    // Only while still ours: a job handed back at shutdown, or deleted by a cancel, stays so.
    await this.db
      .updateTable('jobs')
      .set({ status, last_error: lastError, locked_by: null, updated_at: new Date().toISOString() })
      .where('id', '=', job.id)
      .where('locked_by', '=', this.workerId)
      .execute()
      .catch(() => undefined);
  }

  /** Hands a job back as a dead process's would be: its definition decides retry or drop. */
  private async handBack(id: string, name: string, payload: unknown, reason: OrphanedJob['reason']): Promise<void> {
    const definition = this.definitions.get(name);
    const decision = definition?.onOrphaned ? await definition.onOrphaned(payload, { id, reason }) : 'retry';
    const now = new Date().toISOString();
    await this.db
      .updateTable('jobs')
      .set(
        decision === 'retry'
          ? { status: 'queued', locked_by: null, updated_at: now }
          : { status: 'failed', last_error: `${reason}: the process running it stopped`, locked_by: null, updated_at: now },
      )
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  private async beat(): Promise<void> {
    if (this.activeIds.size > 0) {
      await this.db
        .updateTable('jobs')
        .set({ updated_at: new Date().toISOString() })
        .where('id', 'in', [...this.activeIds])
        .execute()
        .catch(() => undefined);
    }
    await this.recoverOrphans(false).catch(() => undefined);
  }

  /** Running jobs whose process is gone: same host and a dead pid, or a heartbeat gone stale. */
  private async recoverOrphans(atStart: boolean): Promise<void> {
    const rows = await this.db.selectFrom('jobs').select(['id', 'name', 'payload_json', 'locked_by', 'updated_at']).where('status', '=', 'running').execute();
    const staleBefore = Date.now() - STALE_MS;
    for (const row of rows) {
      if (this.activeIds.has(row.id)) continue;
      const [host, pid] = (row.locked_by ?? '').split(':');
      const deadHere = host === os.hostname() && !isProcessAlive(Number(pid)) && (atStart || Number(pid) !== process.pid);
      const mine = row.locked_by === this.workerId;
      const stale = Date.parse(row.updated_at) < staleBefore;
      if (mine || !(deadHere || stale || (host === os.hostname() && Number(pid) === process.pid && atStart))) continue;
      await this.handBack(row.id, row.name, JSON.parse(row.payload_json) as unknown, 'orphaned');
    }
  }
}
