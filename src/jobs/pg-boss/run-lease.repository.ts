/**
 * The run leases (table `job_leases`, migration 0012): which process holds each running job of
 * the PostgreSQL engine, and its heartbeat. Every time is the database's clock (epoch ms), so
 * hosts never judge each other by their own clocks. Taking a lease over is one conditional
 * update: of several live workers that find the same stale lease, exactly one gets it.
 * PostgreSQL only, like the engine it sits beside.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../storage/schema.js';

/** The database's clock, epoch milliseconds. */
const DB_NOW_MS = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

export interface RunLease {
  jobId: string;
  jobName: string;
  engineId: string;
  payload: unknown;
  attempt: number;
  isFinalAttempt: boolean;
  holder: string;
}

function leaseOf(row: {
  job_id: string;
  job_name: string;
  engine_id: string;
  payload_json: string;
  attempt: number;
  is_final_attempt: number;
  holder: string;
}): RunLease {
  return {
    jobId: row.job_id,
    jobName: row.job_name,
    engineId: row.engine_id,
    payload: JSON.parse(row.payload_json) as unknown,
    attempt: row.attempt,
    isFinalAttempt: row.is_final_attempt === 1,
    holder: row.holder,
  };
}

export class RunLeaseRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Records that `lease.holder` now runs the job. Succeeds when no lease exists or the one that
   * does is stale (its holder died while pg-boss still counted the job active); false when a
   * live process holds it.
   */
  async acquire(lease: RunLease, staleAfterMs: number): Promise<boolean> {
    const row = await this.db
      .insertInto('job_leases')
      .values({
        job_id: lease.jobId,
        job_name: lease.jobName,
        engine_id: lease.engineId,
        payload_json: JSON.stringify(lease.payload),
        attempt: lease.attempt,
        is_final_attempt: lease.isFinalAttempt ? 1 : 0,
        holder: lease.holder,
        heartbeat_ms: DB_NOW_MS,
      })
      .onConflict((oc) =>
        oc
          .column('job_id')
          .doUpdateSet((eb) => ({
            engine_id: eb.ref('excluded.engine_id'),
            payload_json: eb.ref('excluded.payload_json'),
            attempt: eb.ref('excluded.attempt'),
            is_final_attempt: eb.ref('excluded.is_final_attempt'),
            holder: eb.ref('excluded.holder'),
            heartbeat_ms: eb.ref('excluded.heartbeat_ms'),
          }))
          .where('job_leases.heartbeat_ms', '<', sql<number>`${DB_NOW_MS} - ${staleAfterMs}`),
      )
      .returning('job_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Proves `holder` alive for these jobs; returns the ids it no longer holds (taken over). */
  async beat(holder: string, jobIds: readonly string[]): Promise<string[]> {
    if (jobIds.length === 0) return [];
    const held = await this.db
      .updateTable('job_leases')
      .set({ heartbeat_ms: DB_NOW_MS })
      .where('holder', '=', holder)
      .where('job_id', 'in', [...jobIds])
      .returning('job_id')
      .execute();
    const still = new Set(held.map((r) => r.job_id));
    return jobIds.filter((id) => !still.has(id));
  }

  /**
   * Takes over the leases whose heartbeat is older than `staleAfterMs`, or whose holder `isDead`,
   * except those of `skipJobIds` (jobs the caller is still running an attempt of). The caller's
   * own stale leases are among them: an attempt of its own that ended while the database was
   * down could not write its outcome nor release its lease, and no one else would end that job
   * while this process lives.
   */
  async takeOverStale(
    holder: string,
    staleAfterMs: number,
    isDead: (holder: string) => boolean,
    skipJobIds: ReadonlySet<string> = new Set(),
  ): Promise<RunLease[]> {
    const candidates = await this.db
      .selectFrom('job_leases')
      .select(['job_id', 'holder', sql<boolean>`heartbeat_ms < ${DB_NOW_MS} - ${staleAfterMs}`.as('stale')])
      .execute();
    const taken: RunLease[] = [];
    for (const candidate of candidates.filter((c) => !skipJobIds.has(c.job_id) && (c.stale || isDead(c.holder)))) {
      // Conditional on the holder seen: of two workers racing for it, one gets the row.
      const row = await this.db
        .updateTable('job_leases')
        .set({ holder, heartbeat_ms: DB_NOW_MS })
        .where('job_id', '=', candidate.job_id)
        .where('holder', '=', candidate.holder)
        .returningAll()
        .executeTakeFirst();
      if (row) taken.push(leaseOf(row));
    }
    return taken;
  }

  /** Ends `holder`'s lease of a job; false when it is no longer `holder`'s (the caller then writes nothing). */
  async release(db: Kysely<Database>, holder: string, jobId: string): Promise<boolean> {
    const row = await db.deleteFrom('job_leases').where('job_id', '=', jobId).where('holder', '=', holder).returning('job_id').executeTakeFirst();
    return row !== undefined;
  }
}
