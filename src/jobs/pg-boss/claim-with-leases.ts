/**
 * A claim and its leases in one statement (ADR 0792): pg-boss's own fetch (its SQL text, from
 * its plans, so its claim condition, order, singleton handling and retry count stay its own)
 * in a CTE, and our lease rows inserted from what it returned, on the same round trip. Before,
 * a transaction of four (`begin`, pg-boss's fetch, the lease insert, `commit`). Atomic as the
 * transaction was: a job is never `active` without a lease row, whichever of the two fails.
 * A lease another live process still holds (not stale) is left to it, as before: the job comes
 * back with `leased` false.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { fetchNextJob } from 'pg-boss/src/plans.js';
import { isUniqueViolation } from '../../storage/dialect.js';
import type { Database } from '../../storage/schema.js';

/** A row pg-boss's fetch returns (with metadata), and whether our lease was written for it. */
export interface ClaimedJobRow {
  id: string;
  data: { jobId?: string; payload?: unknown } | null;
  retryCount: number;
  retryLimit: number;
  leased: boolean;
}

/** The statement's text for the engine's schema: `$1` queue, `$2` how many, `$3` holder, `$4` stale after (ms). */
export function claimWithLeasesSql(engineSchema: string): string {
  const fetch = fetchNextJob(engineSchema)({ includeMetadata: true });
  const now = '(extract(epoch from clock_timestamp()) * 1000)::bigint';
  return `with claimed as (${fetch}),
leased as (
  insert into job_leases (job_id, job_name, engine_id, payload_json, attempt, is_final_attempt, holder, heartbeat_ms)
  select coalesce(c.data->>'jobId', c.id::text), $1, c.id::text, coalesce(c.data->'payload', 'null'::jsonb)::text, c."retryCount" + 1,
    case when c."retryCount" >= c."retryLimit" then 1 else 0 end, $3, ${now}
  from claimed c
  on conflict (job_id) do update set engine_id = excluded.engine_id, payload_json = excluded.payload_json, attempt = excluded.attempt,
    is_final_attempt = excluded.is_final_attempt, holder = excluded.holder, heartbeat_ms = excluded.heartbeat_ms
  where job_leases.heartbeat_ms < ${now} - $4::bigint
  returning engine_id
)
select c.id, c.data, c."retryCount", c."retryLimit", exists (select 1 from leased l where l.engine_id = c.id::text) as leased from claimed c`;
}

export async function claimWithLeases(
  db: Kysely<Database>,
  text: string,
  name: string,
  wanted: number,
  holder: string,
  staleAfterMs: number,
): Promise<ClaimedJobRow[]> {
  try {
    const result = await db.executeQuery(CompiledQuery.raw(text, [name, wanted, holder, staleAfterMs]));
    return result.rows as ClaimedJobRow[];
  } catch (error) {
    // pg-boss's fetch takes a unique violation (a singleton queue's job already active) for "nothing to claim".
    if (isUniqueViolation(error)) return [];
    throw error;
  }
}
