/**
 * The pg-boss queue against a real PostgreSQL (its own store schema and engine schema per
 * file): the whole JobQueue contract, and the run lease taking over a dead holder's job.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL } from '../../../test/support/dialects.js';
import { type JobDefinition, type JobType, type OrphanedJob, defineJob } from '../../kernel/jobs.js';
import { type Store, openStore } from '../../storage/database.js';
import { migrateToLatest } from '../../storage/migrate.js';
import { engineIdOf, jobEngineSchemaOf } from './engine-db.js';
import { PgBossJobQueue } from './pg-boss-job-queue.js';

const ECHO = { name: 'test.echo', schema: Type.Object({ n: Type.Number() }, { additionalProperties: false }) } satisfies JobType<
  ReturnType<typeof Type.Object>
>;

/** Waits (polling, vitest's own) until `check` holds; fails after `ms`. */
async function eventually(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  await expect.poll(check, { timeout: ms, interval: 25 }).toBe(true);
}

const suite = POSTGRES_URL ? describe : describe.skip;

suite('PgBossJobQueue [postgres]', () => {
  let store: Store;
  const schema = `q_${randomBytes(6).toString('hex')}`;
  const url = POSTGRES_URL ?? '';
  const queues: PgBossJobQueue[] = [];

  /** A queue over the shared store, with `definition` registered; stopped after the file. */
  function queueWith(definitions: JobDefinition[], leaseMs = 30_000): PgBossJobQueue {
    const queue = new PgBossJobQueue(store.db, { databaseUrl: url, storeSchema: schema, leaseMs, pollMs: 200 });
    for (const definition of definitions) queue.register(definition);
    queues.push(queue);
    return queue;
  }

  async function engineJob(id: string): Promise<{ state: string } | undefined> {
    const rows = await sql<{
      state: string;
    }>`select state::text as state from ${sql.table(`${jobEngineSchemaOf(schema)}.job`)} where id = ${engineIdOf(id)}::uuid`.execute(store.db);
    return rows.rows[0];
  }

  beforeAll(async () => {
    store = await openStore({ dataDir: os.tmpdir(), databaseUrl: url, databaseSchema: schema });
    await migrateToLatest(store.db, schema);
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop({ graceMs: 0 });
    for (const name of [schema, jobEngineSchemaOf(schema)]) await sql`drop schema if exists ${sql.id(name)} cascade`.execute(store.db);
    await store.close();
  });

  it('keeps its jobs in the engine schema, runs them once per id, and leaves the jobs table alone', async () => {
    const seen: number[] = [];
    const queue = queueWith([defineJob(ECHO, { handler: async (payload) => void seen.push(payload.n) })]);
    await queue.start();
    await queue.enqueue(ECHO, { n: 1 }, { id: 'echo-1' });
    await queue.enqueue(ECHO, { n: 1 }, { id: 'echo-1' });
    await queue.idle();
    await queue.enqueue(ECHO, { n: 1 }, { id: 'echo-1' });
    await queue.idle();
    expect(seen).toEqual([1]);
    expect(await engineJob('echo-1')).toEqual({ state: 'completed' });
    const legacy = await store.db
      .selectFrom('jobs')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(legacy.n).toBe(0);
    await queue.stop();
  });

  it('writes the job in the caller transaction: a rolled-back one leaves no job', async () => {
    const seen: number[] = [];
    const queue = queueWith([defineJob(ECHO, { handler: async (payload) => void seen.push(payload.n) })]);
    await queue.start();
    await store.db
      .transaction()
      .execute(async (tx) => {
        await queue.enqueue(ECHO, { n: 2 }, { id: 'echo-rolled-back', transaction: tx });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await store.db.transaction().execute(async (tx) => queue.enqueue(ECHO, { n: 3 }, { id: 'echo-committed', transaction: tx }));
    // After the commit the enqueuing process claims it at once, without sending it again.
    queue.wake(ECHO);
    await queue.idle();
    expect(seen).toEqual([3]);
    expect(await engineJob('echo-rolled-back')).toBeUndefined();
    await queue.stop();
  });

  it('holds a delayed job until its time, and cancels a queued one', async () => {
    const seen: Array<{ n: number; at: number }> = [];
    const queue = queueWith([defineJob(ECHO, { handler: async (payload) => void seen.push({ n: payload.n, at: Date.now() }) })]);
    await queue.start();
    const startAfter = new Date(Date.now() + 1500);
    await queue.enqueue(ECHO, { n: 4 }, { id: 'echo-later', startAfter });
    await queue.enqueue(ECHO, { n: 5 }, { id: 'echo-cancelled', startAfter: new Date(Date.now() + 60_000) });
    expect(await queue.cancel('echo-cancelled')).toBe(true);
    await eventually(() => seen.length === 1);
    // An order of instants, not a duration: however loaded the machine, it ran no earlier than asked.
    expect(seen).toEqual([{ n: 4, at: expect.any(Number) }]);
    expect(seen[0].at).toBeGreaterThanOrEqual(startAfter.getTime());
    expect(await engineJob('echo-cancelled')).toEqual({ state: 'cancelled' });
    await queue.stop();
  });

  it('aborts a running job on cancel and writes no outcome for it', async () => {
    let signal: AbortSignal | undefined;
    const queue = queueWith([
      defineJob(ECHO, {
        handler: (_payload, job) =>
          new Promise((resolve) => {
            signal = job.signal;
            job.signal?.addEventListener('abort', () => resolve());
          }),
      }),
    ]);
    await queue.start();
    await queue.enqueue(ECHO, { n: 6 }, { id: 'echo-running' });
    await eventually(() => signal !== undefined);
    expect(await queue.cancel('echo-running', { waitMs: 5000 })).toBe(true);
    expect(signal?.aborted).toBe(true);
    expect(await engineJob('echo-running')).toEqual({ state: 'cancelled' });
    await queue.stop();
  });

  it('hands a job still running past the grace back to onOrphaned (reason shutdown)', async () => {
    const handedBack: OrphanedJob[] = [];
    let started = false;
    const queue = queueWith([
      defineJob(ECHO, {
        handler: (_payload, job) =>
          new Promise((resolve) => {
            started = true;
            job.signal?.addEventListener('abort', () => resolve());
          }),
        onOrphaned: async (_payload, job) => {
          handedBack.push(job);
          return 'drop';
        },
      }),
    ]);
    await queue.start();
    await queue.enqueue(ECHO, { n: 7 }, { id: 'echo-shutdown' });
    await eventually(() => started);
    await queue.stop({ graceMs: 100 });
    expect(queue.isRunning()).toBe(false);
    expect(handedBack).toEqual([{ id: 'echo-shutdown', reason: 'shutdown', isFinalAttempt: false }]);
    expect(await engineJob('echo-shutdown')).toEqual({ state: 'cancelled' });
  });

  it('takes over a job whose holder stopped beating, within the lease time, and retries it', async () => {
    const runs: Array<{ holder: string; attempt: number }> = [];
    const orphaned: OrphanedJob[] = [];
    let first: AbortSignal | undefined;
    const definition = (holder: () => string) =>
      defineJob(ECHO, {
        handler: async (_payload, job) => {
          runs.push({ holder: holder(), attempt: job.attempt });
          if (job.attempt === 1) {
            first = job.signal;
            await new Promise<void>((resolve) => job.signal?.addEventListener('abort', () => resolve()));
          }
        },
        onOrphaned: async (_payload, job) => {
          orphaned.push(job);
          return 'retry';
        },
      });
    const a: PgBossJobQueue = queueWith([definition(() => a.holder)], 900);
    const b: PgBossJobQueue = queueWith([definition(() => b.holder)], 900);
    await a.start();
    await a.enqueue(ECHO, { n: 8 }, { id: 'echo-orphan' });
    await eventually(() => first !== undefined);
    await b.start();
    // A's process "dies": its lease says another host, and no longer beats.
    await store.db.updateTable('job_leases').set({ holder: 'gone-host:1:dead', heartbeat_ms: 0 }).where('job_id', '=', 'echo-orphan').execute();
    // The retry waits for pg-boss's backoff (5 s and up, with jitter): generous for a loaded CI machine.
    await eventually(() => runs.length === 2, 60_000);
    expect(orphaned).toEqual([{ id: 'echo-orphan', reason: 'orphaned', isFinalAttempt: false }]);
    // A learns at its next heartbeat that the job is no longer its own, and aborts it.
    await eventually(() => first?.aborted === true);
    expect(runs[1].attempt).toBe(2);
    await eventually(async () => (await engineJob('echo-orphan'))?.state === 'completed');
    // Stopped here: the next test needs to be the only live worker sweeping leases.
    await a.stop({ graceMs: 0 });
    await b.stop({ graceMs: 0 });
  });

  it('retries a job it takes over from a dead holder while its own attempt is still winding down, without completing the old attempt', async () => {
    // The process that still runs attempt 1 (it paused; another took the job over and died) is
    // the one that takes the stale lease back. Its attempt 1, slow to stop, must not complete
    // the job under the lease taken over for the retry.
    const runs: number[] = [];
    let first: AbortSignal | undefined;
    // The queue's sweeps and running attempts, watched (not changed) so that the test orders
    // events instead of pausing for them.
    let sweeps = 0;
    const watched = () => queue as unknown as { leases: { takeOverStale: (...args: unknown[]) => Promise<unknown[]> }; runningJobs: Map<string, unknown> };
    const queue: PgBossJobQueue = queueWith(
      [
        defineJob(ECHO, {
          handler: async (_payload, job) => {
            runs.push(job.attempt);
            if (job.attempt > 1) return;
            first = job.signal;
            await new Promise<void>((resolve) => job.signal?.addEventListener('abort', () => resolve()));
            // Slow to stop: still running while two more sweeps pass over its stale lease, which
            // they must leave alone (taken back now, this attempt would complete the job).
            const seen = sweeps;
            await expect.poll(() => sweeps, { timeout: 20_000, interval: 10 }).toBeGreaterThanOrEqual(seen + 2);
          },
          // Decided only once the old attempt is over: had a sweep taken the lease back while it
          // ran, its outcome would be written by now, under the lease taken over.
          onOrphaned: async () => {
            await expect.poll(() => watched().runningJobs.has('echo-self-takeover'), { timeout: 20_000, interval: 10 }).toBe(false);
            return 'retry';
          },
        }),
      ],
      900,
    );
    const takeOverStale = watched().leases.takeOverStale.bind(watched().leases);
    watched().leases.takeOverStale = async (...args) => {
      const taken = await takeOverStale(...args);
      sweeps += 1;
      return taken;
    };
    await queue.start();
    await queue.enqueue(ECHO, { n: 9 }, { id: 'echo-self-takeover' });
    await eventually(() => first !== undefined);
    await store.db.updateTable('job_leases').set({ holder: 'gone-host:1:dead', heartbeat_ms: 0 }).where('job_id', '=', 'echo-self-takeover').execute();
    await eventually(() => first?.aborted === true);
    // The old attempt wound down and wrote no outcome: the job left `active` for its retry.
    await eventually(async () => (await engineJob('echo-self-takeover'))?.state !== 'active');
    expect((await engineJob('echo-self-takeover'))?.state).toBe('retry');
    await eventually(() => runs.length === 2, 60_000);
    expect(runs).toEqual([1, 2]);
    await eventually(async () => (await engineJob('echo-self-takeover'))?.state === 'completed');
  });
});
