/**
 * Persisted progress events: the table is the source of truth of the progress stream, so a
 * client can reconnect from any `seq`, on any process, after a restart.
 */
import { type Kysely, sql } from 'kysely';
import type { PipelineEvent } from '../../pipeline/events.js';
import type { Database } from '../../storage/schema.js';

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
   * the stored frame. The seq comes from the document's counter row, advanced by one upsert with
   * `returning` in the same transaction as the insert: concurrent appends serialize on that row
   * (no read-then-insert race, no retry), and a failed insert gives its number back.
   */
  async append(orgId: string, documentId: string, run: { id: string; runNumber: number }, event: PipelineEvent, at: Date): Promise<StoredEvent> {
    const { event: name, ...payload } = event;
    const ts = at.getTime() / 1000;
    // Inside a caller's transaction (a run's status and its terminal event) the appends join it.
    const inTransaction = <T>(fn: (trx: Kysely<Database>) => Promise<T>) => (this.db.isTransaction ? fn(this.db) : this.db.transaction().execute(fn));
    const seq = await inTransaction(async (trx) => {
      const counter = await trx
        .insertInto('run_event_counters')
        .values({ document_id: documentId, last_seq: 1 })
        .onConflict((oc) => oc.column('document_id').doUpdateSet({ last_seq: sql<number>`run_event_counters.last_seq + 1` }))
        .returning('last_seq')
        .executeTakeFirstOrThrow();
      const next = Number(counter.last_seq);
      await trx
        .insertInto('run_events')
        .values({ org_id: orgId, document_id: documentId, seq: next, run_id: run.id, run_number: run.runNumber, event: name, payload_json: JSON.stringify(payload), ts })
        .execute();
      return next;
    });
    return { ...payload, event: name, seq, runId: run.runNumber, ts };
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
    return rows.map((r) => ({ ...(JSON.parse(r.payload_json) as Record<string, unknown>), event: r.event, seq: Number(r.seq), runId: Number(r.run_number), ts: Number(r.ts) }));
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
