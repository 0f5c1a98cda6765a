/**
 * The job queue of PostgreSQL deployments: pg-boss keeps the jobs (its own tables, in a schema
 * beside the store's), claims them (`FOR UPDATE SKIP LOCKED`), retries them within each job
 * type's limit and expires them; Quire adds what pg-boss does not keep, the run lease: which
 * process holds each running job and its heartbeat (run-lease.repository.ts). A worker that
 * dies (kill -9, a lost host) stops beating; within the lease time a live worker takes the
 * lease over and hands the job to its definition's `onOrphaned` (generation: the run ends with
 * `pipeline_failed`; extraction and batches: queued again). A restarted process takes over its
 * dead predecessor's leases on this host at once. An attempt that ends while the database is
 * unreachable cannot write its outcome nor release its lease: once the database answers, the
 * lease is stale and this process (or another) hands the job back (`interrupted`).
 *
 * Claim and lease are written in one statement (claim-with-leases.ts), and the job's outcome and
 * the lease's release in one too: a job is never running without a lease, and a handler whose lease was taken over
 * (or handed back at shutdown, or cancelled) writes no outcome.
 * Jobs run in the process that claims them; the enqueue's NOTIFY wakes every worker
 * (job-wakeups.ts), the enqueuing one too, which claims from that queue at once (no poll, no
 * look first).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { type Kysely, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Static, TSchema } from 'typebox';
import type { EnqueueOptions, JobDefinition, JobQueue, JobType, OrphanedJob } from '../../kernel/jobs.js';
import type { Database } from '../../storage/schema.js';
import { isProcessAlive, settlesWithin } from '../job-waits.js';
import { claimWithLeases, claimWithLeasesSql } from './claim-with-leases.js';
import { engineDbOf, engineIdOf, jobEngineSchemaOf } from './engine-db.js';
import { type Wakeup, WakeupListener, notifyWorkers, wakeupChannelOf } from './job-wakeups.js';
import { type RunLease, RunLeaseRepository } from './run-lease.repository.js';

const DEFAULT_RETRY_LIMIT = 2;
const DEFAULT_EXPIRE_SECONDS = 3600;
/** A failed attempt waits this long before the next (doubling, with jitter: pg-boss backoff). */
const RETRY_DELAY_SECONDS = 5;
const MAX_ENGINE_EXPIRE_SECONDS = 23 * 3600;

export interface PgBossJobQueueOptions {
  /** For the wake-up connection (LISTEN needs a connection of its own). */
  databaseUrl: string;
  /** The store's schema; the engine's is derived from it (`jobEngineSchemaOf`). */
  storeSchema: string;
  /** Jobs this process runs at once. */
  concurrency?: number;
  /** A lease not renewed for this long belongs to a dead process. Heartbeats and sweeps run every third of it. */
  leaseMs?: number;
  /** The fallback look for jobs (delayed ones, retries, a lost wake-up connection). */
  pollMs?: number;
  onError?: (error: unknown, job?: { id: string; name: string }) => void;
}

/** What a job row carries in pg-boss: our id beside the payload. */
interface EngineData {
  jobId?: string;
  payload?: unknown;
}

interface RunningJob {
  lease: RunLease;
  abort: AbortController;
  done: Promise<void>;
  /** Handed back at shutdown: the handler's own outcome is not written. */
  isHandedBack: boolean;
}

export class PgBossJobQueue implements JobQueue {
  /** host:pid:boot — the holder written in this process's leases. */
  readonly holder = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly boss: PgBoss;
  private readonly leases: RunLeaseRepository;
  private readonly channel: string;
  private readonly engineSchema: string;
  /** The claim statement's text (claim-with-leases.ts), built on first use. */
  private claimSql: string | undefined;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly createdQueues = new Set<string>();
  private opening: Promise<void> | null = null;
  private isOpen = false;
  private running = false;
  private pumping = false;
  private pumpAgain = false;
  /** Queues just sent a job by this process: the next pump claims from them without looking first. */
  private readonly hinted = new Set<string>();
  /** Claims under way (see pump). */
  private claiming = 0;
  private nextQueue = 0;
  private timers: NodeJS.Timeout[] = [];
  private listener: WakeupListener | null = null;
  private readonly runningJobs = new Map<string, RunningJob>();
  /** Jobs whose attempt ended here but whose outcome could not be written (the database was down): their lease goes stale and comes back to us. */
  private readonly unrecorded = new Set<string>();
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: PgBossJobQueueOptions,
  ) {
    const schema = jobEngineSchemaOf(options.storeSchema);
    this.engineSchema = schema;
    this.channel = wakeupChannelOf(schema);
    this.concurrency = options.concurrency ?? 2;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 1000;
    this.leases = new RunLeaseRepository(db);
    // Over the store's pool (engineDbOf); no cron (Quire schedules nothing), maintenance on:
    // pg-boss's own expiry and archiving, run by one process at a time.
    this.boss = new PgBoss({ db: engineDbOf(db), schema, schedule: false, supervise: true, maintenanceIntervalSeconds: 60 });
    this.boss.on('error', (error) => this.options.onError?.(error));
  }

  register(definition: JobDefinition): void {
    this.definitions.set(definition.name, definition);
    // Registered after the engine opened: its queue is created with the next open.
    if (!this.createdQueues.has(definition.name)) this.opening = null;
  }

  async prepare(): Promise<void> {
    await this.open();
  }

  async enqueue<S extends TSchema>(type: JobType<S>, payload: Static<S>, options: EnqueueOptions = {}): Promise<void> {
    await this.open();
    await this.ensureQueue(type.name);
    const id = options.id ?? `${type.name}:${randomBytes(12).toString('hex')}`;
    // Inside the caller's transaction when given one: the job commits (or not) with its rows.
    const db = (options.transaction as Kysely<Database> | undefined) ?? this.db;
    const data: EngineData = { jobId: id, payload };
    // The same id again meets pg-boss's key and is not queued twice; it still wakes the workers.
    await this.boss.send(type.name, data, { id: engineIdOf(id), db: engineDbOf(db), ...(options.startAfter ? { startAfter: options.startAfter } : {}) });
    // Every worker is woken by this NOTIFY, this one too (at the commit when in a transaction):
    // one wake-up per job, so no kick here to race it into a second claim.
    await notifyWorkers(db, this.channel, { from: this.holder, queue: type.name });
  }

  /**
   * Nothing to do: the NOTIFY of the enqueue, delivered at the commit, wakes this process too
   * (and it claims from that queue without a look first: `onWakeup`). Kicking here as well
   * would race that wake-up into a second claim that finds the queue empty (ADR 0781).
   */
  wake<S extends TSchema>(_type: JobType<S>): void {}

  isRunning(): boolean {
    return this.running;
  }

  async start(): Promise<void> {
    if (this.running) return;
    await this.open();
    this.running = true;
    // A restarted process: its predecessor's leases on this host are orphans now, not in a lease time.
    await this.recoverOrphans((holder) => this.isDeadHere(holder));
    const every = (ms: number, fn: () => Promise<void> | void) => {
      const timer = setInterval(() => void Promise.resolve(fn()).catch((error: unknown) => this.options.onError?.(error)), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.pollMs, () => this.kick());
    every(Math.max(200, Math.floor(this.leaseMs / 3)), () => this.keepLeases());
    this.listener = new WakeupListener(
      this.options.databaseUrl,
      this.channel,
      (wakeup) => this.onWakeup(wakeup),
      (error) => this.options.onError?.(error),
    );
    await this.listener.start();
    this.kick();
  }

  async stop(options: { graceMs?: number } = {}): Promise<void> {
    this.running = false;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.listener?.stop();
    this.listener = null;
    if (options.graceMs === undefined) {
      await this.waitForActive();
    } else {
      if (!(await settlesWithin(this.waitForActive(), options.graceMs))) {
        for (const job of [...this.runningJobs.values()]) {
          job.isHandedBack = true;
          job.abort.abort(new Error('the service is shutting down'));
          await this.handBack(job.lease, 'shutdown');
        }
      }
    }
    if (this.isOpen) await this.boss.stop({ graceful: false, close: false });
    this.isOpen = false;
    this.opening = null;
  }

  async cancel(id: string, options: { waitMs?: number } = {}): Promise<boolean> {
    await this.open();
    const engineId = engineIdOf(id);
    const job = this.runningJobs.get(id);
    if (!job) {
      // Queued (or waiting for a retry): cancelled before any worker claims it.
      for (const name of this.definitions.keys()) {
        const found = await this.boss.getJobById(name, engineId);
        if (found && (found.state === 'created' || found.state === 'retry')) await this.boss.cancel(name, engineId);
      }
      return true;
    }
    // Released first: the handler's late outcome must not find the lease ours.
    await this.db.transaction().execute(async (tx) => {
      if (await this.leases.release(tx, this.holder, id)) await this.boss.cancel(job.lease.jobName, engineId, { db: engineDbOf(tx) });
    });
    job.abort.abort(new Error('cancelled'));
    const waited = await settlesWithin(job.done, options.waitMs ?? 10_000);
    return waited;
  }

  async countByStatus(): Promise<Record<string, number>> {
    await this.open();
    const rows = await sql<{
      state: string;
      n: string;
    }>`select state::text as state, count(*) as n from ${sql.table(`${this.engineSchema}.job`)} group by state`.execute(this.db);
    const count = (state: string) => Number(rows.rows.find((r) => r.state === state)?.n ?? 0);
    // pg-boss's states in the words of the `jobs` table (the metrics keep one vocabulary).
    return {
      queued: count('created') + count('retry'),
      running: count('active'),
      done: count('completed'),
      failed: count('failed'),
      cancelled: count('cancelled'),
    };
  }

  async idle(): Promise<void> {
    await this.open();
    for (;;) {
      await this.waitForActive();
      const queued = await this.queuedJobs([...this.definitions.keys()]);
      if (queued === 0 && this.runningJobs.size === 0 && this.claiming === 0) return;
      this.kick();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Installs (or migrates) pg-boss's schema and creates the registered queues; once per start. */
  private open(): Promise<void> {
    this.opening ??= (async () => {
      if (!this.isOpen) await this.boss.start();
      this.isOpen = true;
      for (const name of this.definitions.keys()) await this.ensureQueue(name);
    })().catch((error: unknown) => {
      this.opening = null;
      throw error;
    });
    return this.opening;
  }

  /** pg-boss 10 drops a job sent to a queue that does not exist, so every name gets its queue first. */
  private async ensureQueue(name: string): Promise<void> {
    if (this.createdQueues.has(name)) return;
    const definition = this.definitions.get(name);
    const expireInSeconds = definition?.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS;
    const queue = {
      name,
      retryLimit: definition?.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay: RETRY_DELAY_SECONDS,
      retryBackoff: true,
      // pg-boss's own expiry is the backstop behind ours (the attempt is aborted at
      // `expireInSeconds`): later, so a live worker always ends its attempt first.
      // pg-boss refuses 24 h or more.
      expireInSeconds: Math.min(expireInSeconds + Math.ceil((2 * this.leaseMs) / 1000) + 60, MAX_ENGINE_EXPIRE_SECONDS),
    };
    await this.boss.createQueue(name, queue);
    // An existing queue takes the limits of this version.
    await this.boss.updateQueue(name, queue);
    this.createdQueues.add(name);
  }

  /**
   * A job queued by this process, committed: claimed from its queue without a look first. One
   * queued by another process: a look first, as every worker receives it and all but one would
   * otherwise pay a claim transaction to find the queue empty.
   */
  private onWakeup(wakeup: Wakeup | null): void {
    this.kick(wakeup?.from === this.holder ? wakeup.queue : undefined);
  }

  /** `hint`: a queue this process just sent a job to (claimed from without the look first). */
  private kick(hint?: string): void {
    if (!this.running) return;
    if (hint) this.hinted.add(hint);
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    void this.pump()
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => {
        this.pumping = false;
        if (this.pumpAgain) {
          this.pumpAgain = false;
          this.kick();
        }
      });
  }

  /**
   * Claims jobs, queue by queue in turn, until the concurrency limit or every queue is empty.
   * One statement first asks which queues hold a job ready to run: a look that finds nothing
   * (the poll, a wake-up for a job another worker took, the kick after a job ends) costs that
   * statement alone, not a claim transaction per registered queue (ADR 0711). A queue this
   * process just sent a job to is claimed from without that look; a claim asks for as many jobs
   * as there are free slots, and a queue that hands out fewer is drained (ADR 0781).
   */
  private async pump(): Promise<void> {
    if (!this.running || this.runningJobs.size >= this.concurrency) return;
    // Counted until launched: a claimed job is `active` in the engine before it is among the
    // running jobs, and `idle()` must not take that moment for an empty queue.
    this.claiming += 1;
    try {
      const names = [...this.definitions.keys()];
      const start = this.nextQueue % names.length;
      this.nextQueue += 1;
      const hinted = [...this.hinted].filter((name) => this.definitions.has(name));
      this.hinted.clear();
      // In the rotating order, so no queue starves another.
      let ready = (hinted.length > 0 ? hinted : await this.readyQueues(names)).sort((a, b) => this.turnOf(names, a, start) - this.turnOf(names, b, start));
      while (this.running && ready.length > 0 && this.runningJobs.size < this.concurrency) {
        const stillReady: string[] = [];
        for (const name of ready) {
          if (!this.running || this.runningJobs.size >= this.concurrency) break;
          // One slot per queue and turn while others are ready (fair), every free slot for the last.
          const wanted = ready.length === 1 ? this.concurrency - this.runningJobs.size : 1;
          const claimed = await this.claim(name, wanted);
          for (const lease of claimed.leases) this.launch(lease);
          // Fewer than asked: empty after all (another worker was faster); the next look finds what is left.
          if (claimed.fetched === wanted) stillReady.push(name);
        }
        ready = stillReady;
      }
    } finally {
      this.claiming -= 1;
    }
  }

  private turnOf(names: string[], name: string, start: number): number {
    return (names.indexOf(name) - start + names.length) % names.length;
  }

  /** The queues among `names` that hold a job ready to claim, in one statement (pg-boss's own claim condition). */
  private async readyQueues(names: string[]): Promise<string[]> {
    if (names.length === 0) return [];
    const job = sql.table(`${this.engineSchema}.job`);
    const rows = await sql<{ name: string }>`select q.name from unnest(${names}::text[]) as q(name)
      where exists (select 1 from ${job} j where j.name = q.name and j.state < 'active' and j.start_after < now())`.execute(this.db);
    return rows.rows.map((row) => row.name);
  }

  /** Jobs pg-boss would hand out, over `names`, in one statement (what `idle()` waits for). */
  private async queuedJobs(names: string[]): Promise<number> {
    if (names.length === 0) return 0;
    const job = sql.table(`${this.engineSchema}.job`);
    const rows = await sql<{ n: string }>`select count(*) as n from ${job} where name = any(${names}::text[]) and state < 'active'`.execute(this.db);
    return Number(rows.rows[0]?.n ?? 0);
  }

  /** pg-boss's fetch (the claim) of up to `wanted` jobs and our leases, in one statement (ADR 0792). */
  private async claim(name: string, wanted: number): Promise<{ fetched: number; leases: RunLease[] }> {
    // A hint given before this claim is answered by it: not a second claim that finds the queue empty.
    this.hinted.delete(name);
    this.claimSql ??= claimWithLeasesSql(this.engineSchema);
    const jobs = await claimWithLeases(this.db, this.claimSql, name, wanted, this.holder, this.leaseMs);
    const leases: RunLease[] = [];
    for (const job of jobs) {
      // A live process still holds it (pg-boss expired it under that process): it stays
      // theirs, and their outcome completes it.
      if (!job.leased) continue;
      const data: EngineData = job.data ?? {};
      leases.push({
        jobId: data.jobId ?? job.id,
        jobName: name,
        engineId: job.id,
        payload: data.payload,
        attempt: job.retryCount + 1,
        isFinalAttempt: job.retryCount >= job.retryLimit,
        holder: this.holder,
      });
    }
    return { fetched: jobs.length, leases };
  }

  private launch(lease: RunLease): void {
    const abort = new AbortController();
    const done = this.runJob(lease, abort, () => job.isHandedBack).finally(() => {
      // A later attempt of the same job may have been claimed while this one wound down.
      if (this.runningJobs.get(lease.jobId) === job) this.runningJobs.delete(lease.jobId);
      if (this.runningJobs.size === 0) {
        const waiters = this.idleWaiters;
        this.idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
      this.kick();
    });
    const job: RunningJob = { lease, abort, done, isHandedBack: false };
    this.runningJobs.set(lease.jobId, job);
  }

  private async runJob(lease: RunLease, abort: AbortController, isHandedBack: () => boolean): Promise<void> {
    const definition = this.definitions.get(lease.jobName);
    const expireMs = (definition?.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS) * 1000;
    const expiry = setTimeout(() => abort.abort(new Error(`the job ran past its limit of ${expireMs / 1000} s`)), expireMs);
    let failure: Error | null = null;
    try {
      if (!definition) throw new Error(`no handler registered for job ${lease.jobName}`);
      await definition.handler(lease.payload, { id: lease.jobId, attempt: lease.attempt, signal: abort.signal });
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      if (!abort.signal.aborted) this.options.onError?.(error, { id: lease.jobId, name: lease.jobName });
    } finally {
      clearTimeout(expiry);
    }
    if (isHandedBack()) return;
    const outcome = failure
      ? this.db.transaction().execute(async (tx) => {
          // Only while the lease is still ours: handed back, cancelled or taken over, it writes nothing.
          if (!(await this.leases.release(tx, this.holder, lease.jobId))) return;
          await this.boss.fail(lease.jobName, lease.engineId, { message: `${failure.name}: ${failure.message}` }, { db: engineDbOf(tx) });
        })
      : this.completeReleasing(lease);
    await outcome.catch((error: unknown) => {
      this.unrecorded.add(lease.jobId);
      this.options.onError?.(error, { id: lease.jobId, name: lease.jobName });
    });
  }

  /**
   * A succeeded job's outcome in one statement (ADR 0781): the lease's release and pg-boss's
   * completion (its own `complete` update: state `completed`, `completed_on`, `output`), the
   * completion only when the release found the lease still ours, as the transaction of release
   * then `boss.complete` did in four round trips. The engine's record says which process ran
   * the job (`output.ranBy`: host:pid:boot).
   */
  private async completeReleasing(lease: RunLease): Promise<void> {
    const job = sql.table(`${this.engineSchema}.job`);
    await sql`with released as (delete from job_leases where job_id = ${lease.jobId} and holder = ${this.holder} returning job_id)
      update ${job} set completed_on = now(), state = 'completed', output = ${JSON.stringify({ ranBy: this.holder })}::jsonb
      where name = ${lease.jobName} and id = ${lease.engineId}::uuid and state = 'active' and exists (select 1 from released)`.execute(this.db);
  }

  /**
   * Hands a job back as a dead process's would be: its definition decides retry or drop. The
   * lease stays ours until the decision is carried out, so if this process dies meanwhile the
   * next live worker takes it over and asks again (`onOrphaned` handlers are idempotent).
   */
  private async handBack(lease: RunLease, reason: OrphanedJob['reason']): Promise<void> {
    const definition = this.definitions.get(lease.jobName);
    let decision: 'retry' | 'drop';
    try {
      decision = definition?.onOrphaned
        ? await definition.onOrphaned(lease.payload, { id: lease.jobId, reason, isFinalAttempt: lease.isFinalAttempt })
        : 'retry';
    } catch (error) {
      this.options.onError?.(error, { id: lease.jobId, name: lease.jobName });
      return;
    }
    await this.db.transaction().execute(async (tx) => {
      if (!(await this.leases.release(tx, this.holder, lease.jobId))) return;
      const engine = { db: engineDbOf(tx) };
      // pg-boss's fail queues the next attempt while the limit allows (then the job ends failed);
      // a dropped job ends cancelled.
      if (decision === 'retry') await this.boss.fail(lease.jobName, lease.engineId, { message: `${reason}: the process running it stopped` }, engine);
      else await this.boss.cancel(lease.jobName, lease.engineId, engine);
    });
  }

  /** Heartbeat of our leases, then the sweep for other processes' dead ones. */
  private async keepLeases(): Promise<void> {
    const lost = await this.leases.beat(this.holder, [...this.runningJobs.keys()]);
    // Taken over while we were too slow to beat (a long pause): another worker owns it now.
    for (const id of lost) this.runningJobs.get(id)?.abort.abort(new Error('the job was taken over by another worker'));
    await this.recoverOrphans(() => false);
  }

  private async recoverOrphans(isDead: (holder: string) => boolean): Promise<void> {
    // Not a job this process is still running (it paused, another worker took the job over and
    // died): that attempt, aborted by the heartbeat, must end before the lease is ours again, or
    // its outcome would be written under the lease taken back. A later sweep (or another worker)
    // takes it over once the attempt is gone.
    const orphans = await this.leases.takeOverStale(this.holder, this.leaseMs, isDead, new Set(this.runningJobs.keys()));
    for (const lease of orphans) {
      const reason = this.unrecorded.delete(lease.jobId) ? 'interrupted' : 'orphaned';
      await this.handBack(lease, reason);
    }
  }

  /** A holder on this host whose process is gone. */
  private isDeadHere(holder: string): boolean {
    const [host, pid] = holder.split(':');
    return host === os.hostname() && Number(pid) !== process.pid && !isProcessAlive(Number(pid));
  }

  private waitForActive(): Promise<void> {
    if (this.runningJobs.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}
