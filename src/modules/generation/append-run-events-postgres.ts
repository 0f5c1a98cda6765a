/**
 * A batch of run events on PostgreSQL in one statement (ADR 0712): the document's counter
 * advanced, the events inserted at the seqs it hands out, and the organization's live change
 * (`run.progress`, ADR 0591) with its own counter, as data-modifying CTEs. The same rows and
 * the same row locks as the four statements `RunEventRepository.appendMany` runs on SQLite, in
 * one round trip instead of six (with `begin` and `commit`): one statement is atomic by itself,
 * and the counters stay locked until it (or the caller's transaction) commits.
 */
import { type Kysely, sql } from 'kysely';
import type { PipelineEventName } from '../../pipeline/events.js';
import type { Database } from '../../storage/schema.js';

export interface EventFrame {
  name: PipelineEventName;
  payload: Record<string, unknown>;
  ts: number;
}

/** Appends `frames` (in order) and the batch's live change; returns the last seq handed out. */
export async function appendRunEventsPostgres(
  db: Kysely<Database>,
  orgId: string,
  documentId: string,
  run: { id: string; runNumber: number },
  frames: readonly EventFrame[],
  live: { event: string; terminal: boolean; ts: number },
): Promise<number> {
  const count = frames.length;
  // The events travel as one JSON parameter (no per-row parameters, no statement text that grows with the batch).
  const rows = JSON.stringify(frames.map((frame, i) => ({ i, event: frame.name, payload_json: JSON.stringify(frame.payload), ts: frame.ts })));
  const result = await sql<{ last_seq: number | string }>`
    with counter as (
      insert into run_event_counters (document_id, last_seq) values (${documentId}::text, ${count}::integer)
      on conflict (document_id) do update set last_seq = run_event_counters.last_seq + ${count}::integer
      returning last_seq
    ), events as (
      insert into run_events (org_id, document_id, seq, run_id, run_number, event, payload_json, ts)
      select ${orgId}::text, ${documentId}::text, counter.last_seq - ${count}::integer + 1 + e.i, ${run.id}::text, ${run.runNumber}::integer, e.event, e.payload_json, e.ts
      from counter, jsonb_to_recordset(${rows}::jsonb) as e(i integer, event text, payload_json text, ts double precision)
    ), live_counter as (
      insert into live_change_counters (org_id, last_seq) values (${orgId}::text, 1)
      on conflict (org_id) do update set last_seq = live_change_counters.last_seq + 1
      returning last_seq
    ), live as (
      insert into live_changes (org_id, seq, document_id, kind, payload_json, ts)
      select ${orgId}::text, live_counter.last_seq, ${documentId}::text, 'run.progress',
        json_build_object('by', null, 'runId', ${run.runNumber}::integer, 'progressSeq', counter.last_seq, 'event', ${live.event}::text, 'terminal', ${live.terminal}::boolean)::text,
        ${live.ts}::double precision
      from live_counter, counter
    )
    select last_seq from counter`.execute(db);
  return Number(result.rows[0].last_seq);
}
