/**
 * Persisted progress events: the table is the source of truth of the progress stream, so a
 * client can reconnect from any `seq`, on any process, after a restart.
 */
import { type Kysely, sql } from 'kysely';
import type { PipelineEvent } from '../../pipeline/events.js';
import type { Database } from '../../storage/schema.js';
import { LiveChangeRepository } from '../live/live-change.repository.js';
import { TERMINAL_EVENTS } from '../../pipeline/events.js';
import { dialectOf } from '../../storage/dialect.js';
import { type EventFrame, appendRunEventsPostgres } from './append-run-events-postgres.js';

/**
 * Rows per insert statement: 8 bound values a row stays far below both engines' parameter limits
 * (SQLite 32,766, PostgreSQL 65,535); a run's event writer flushes fewer than this anyway.
 */
const INSERT_ROWS = 500;

export interface StoredEvent {
  seq: number;
  runId: number;
  ts: number;
  event: string;
  [key: string]: unknown;
}

export class RunEventRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Appends an event with the next seq of the document, stamped `at` (the run's clock); returns
   * the stored frame (see {@link appendMany}).
   */
  async append(orgId: string, documentId: string, run: { id: string; runNumber: number }, event: PipelineEvent, at: Date): Promise<StoredEvent> {
    const [stored] = await this.appendMany(orgId, documentId, run, [{ event, at }]);
    return stored;
  }

  /**
   * Appends events in order, each stamped with its own time, with the document's next seqs, and
   * the batch's live change: on PostgreSQL one statement whatever their number (the batch a run's
   * event writer flushes; append-run-events-postgres.ts), on SQLite one transaction of four. The seqs come from
   * the document's counter row, advanced by the batch's size in one upsert with `returning`:
   * concurrent appends serialize on that row (no read-then-insert race, no retry), each batch
   * gets a contiguous range, and a failed insert gives its numbers back.
   */
  async appendMany(
    orgId: string,
    documentId: string,
    run: { id: string; runNumber: number },
    events: ReadonlyArray<{ event: PipelineEvent; at: Date }>,
  ): Promise<StoredEvent[]> {
    if (events.length === 0) return [];
    const count = events.length;
    const frames = events.map(({ event: { event: name, ...payload }, at }) => ({ name, payload, ts: at.getTime() / 1000 }));
    const lastName = frames[frames.length - 1].name;
    const last =
      dialectOf(this.db) === 'postgres'
        ? await appendRunEventsPostgres(this.db, orgId, documentId, run, frames, {
            event: lastName,
            terminal: TERMINAL_EVENTS.has(lastName),
            ts: events[events.length - 1].at.getTime() / 1000,
          })
        : await this.appendSqlite(orgId, documentId, run, frames, events[events.length - 1].at);
    return frames.map((frame, index) => ({ ...frame.payload, event: frame.name, seq: last - count + 1 + index, runId: run.runNumber, ts: frame.ts }));
  }

  /** SQLite: a transaction of four statements (in-process calls; it has no data-modifying CTEs). */
  private async appendSqlite(
    orgId: string,
    documentId: string,
    run: { id: string; runNumber: number },
    frames: readonly EventFrame[],
    at: Date,
  ): Promise<number> {
    const count = frames.length;
    // Inside a caller's transaction (a run's status and its terminal event) the appends join it.
    const inTransaction = <T>(fn: (trx: Kysely<Database>) => Promise<T>) => (this.db.isTransaction ? fn(this.db) : this.db.transaction().execute(fn));
    return inTransaction(async (trx) => {
      const counter = await trx
        .insertInto('run_event_counters')
        .values({ document_id: documentId, last_seq: count })
        .onConflict((oc) => oc.column('document_id').doUpdateSet({ last_seq: sql<number>`run_event_counters.last_seq + ${count}` }))
        .returning('last_seq')
        .executeTakeFirstOrThrow();
      const lastSeq = Number(counter.last_seq);
      const first = lastSeq - count + 1;
      for (let from = 0; from < count; from += INSERT_ROWS) {
        await trx
          .insertInto('run_events')
          .values(
            frames.slice(from, from + INSERT_ROWS).map((frame, at) => ({
              org_id: orgId,
              document_id: documentId,
              seq: first + from + at,
              run_id: run.id,
              run_number: run.runNumber,
              event: frame.name,
              payload_json: JSON.stringify(frame.payload),
              ts: frame.ts,
            })),
          )
          .execute();
      }
      // One live change per batch (ADR 0591): open views of the document learn the run moved on.
      const lastName = frames[frames.length - 1].name;
      await new LiveChangeRepository(trx).append(
        orgId,
        [{ kind: 'run.progress', documentId, by: null, runId: run.runNumber, progressSeq: lastSeq, event: lastName, terminal: TERMINAL_EVENTS.has(lastName) }],
        at,
      );
      return lastSeq;
    });
  }

  /** Events after `seq`, oldest first. */
  async listSince(orgId: string, documentId: string, seq: number, limit = 1000): Promise<StoredEvent[]> {
    const rows = await this.db
      .selectFrom('run_events')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('seq', '>', seq)
      .orderBy('seq', 'asc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      ...(JSON.parse(r.payload_json) as Record<string, unknown>),
      event: r.event,
      seq: Number(r.seq),
      runId: Number(r.run_number),
      ts: Number(r.ts),
    }));
  }

  /**
   * Where a progress stream without `Last-Event-ID`/`after` starts: after the last event of
   * every run before the document's latest one.
   */
  async seqBeforeLatestRun(orgId: string, documentId: string): Promise<number> {
    const latestRun = await this.db
      .selectFrom('generation_runs')
      .select(['id'])
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .orderBy('run_number', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latestRun) return 0;
    const before = await this.db
      .selectFrom('run_events')
      .select(sql<number>`coalesce(max(seq), 0)`.as('seq'))
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('run_id', '!=', latestRun.id)
      .executeTakeFirst();
    return Number(before?.seq ?? 0);
  }
}
