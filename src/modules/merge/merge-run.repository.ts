/** Merge runs (`mrg_`), their rows and their progress events. Every method takes orgId first. */
import type { Kysely, Selectable } from 'kysely';
import { dialectOf } from '../../storage/dialect.js';
import type { Database } from '../../storage/schema.js';
import type { MergeRunRowTable, MergeRunTable } from '../../storage/tables/merge.js';
import { fromJson } from '../json-column.js';
import { LiveChangeRepository } from '../live/live-change.repository.js';

export type MergeFormat = 'docx' | 'pdf';
export type MergeRunStatus = 'queued' | 'running' | 'finished' | 'failed' | 'cancelled';
export type MergeRowStatus = 'pending' | 'done' | 'failed';

export interface MergeRunRecord extends Omit<Selectable<MergeRunTable>, 'format' | 'status'> {
  format: MergeFormat;
  status: MergeRunStatus;
}

export interface MergeRowRecord extends Omit<Selectable<MergeRunRowTable>, 'fields_json' | 'status'> {
  fields: Record<string, string>;
  status: MergeRowStatus;
}

/** A progress event as stored and streamed (`seq` is the SSE id). */
export interface MergeRunEvent {
  seq: number;
  event: string;
  [key: string]: unknown;
}

/** What a new row starts as. */
export interface NewMergeRow {
  row_number: number;
  fields: Record<string, string>;
  file_name: string;
}

const TERMINAL: readonly MergeRunStatus[] = ['finished', 'failed', 'cancelled'];

export function isTerminalMergeStatus(status: MergeRunStatus): boolean {
  return TERMINAL.includes(status);
}

function runRecord(row: Selectable<MergeRunTable>): MergeRunRecord {
  return { ...row, format: row.format === 'pdf' ? 'pdf' : 'docx', status: row.status as MergeRunStatus };
}

function rowRecord(row: Selectable<MergeRunRowTable>): MergeRowRecord {
  const { fields_json, ...rest } = row;
  return { ...rest, status: row.status as MergeRowStatus, fields: fromJson<Record<string, string>>(fields_json, {}) };
}

/** Which runs a list shows, and in which order (`GET /v1/merge-runs`). */
export interface MergeRunsView {
  sort?: 'newest' | 'oldest';
  status?: MergeRunStatus;
  /** Only the runs of the template with this slug (as the run recorded it). */
  template?: string;
}

/** Rows are inserted in chunks: one statement per row would make a 5,000-row request 5,000 round trips. */
const INSERT_CHUNK = 200;

export class MergeRunRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertRun(orgId: string, run: Omit<MergeRunRecord, 'org_id'>, rows: readonly NewMergeRow[]): Promise<MergeRunRecord> {
    await this.db
      .insertInto('merge_runs')
      .values({ ...run, org_id: orgId })
      .execute();
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const values = rows.slice(i, i + INSERT_CHUNK).map((r) => ({
        run_id: run.id,
        row_number: r.row_number,
        org_id: orgId,
        fields_json: JSON.stringify(r.fields),
        file_name: r.file_name,
        status: 'pending',
        attempts: 0,
        updated_at: run.created_at,
      }));
      await this.db.insertInto('merge_run_rows').values(values).execute();
    }
    return { ...run, org_id: orgId };
  }

  async findRun(orgId: string, id: string): Promise<MergeRunRecord | undefined> {
    const row = await this.db.selectFrom('merge_runs').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && runRecord(row);
  }

  /**
   * Keyset order (created_at, id) in one direction, so a cursor stays correct either way; `after`
   * is the (created_at, id) of the previous page's last run. With a template the page is read from
   * the `(org_id, template_slug, created_at, id)` index (migration 0031), else from
   * `(org_id, created_at, id)`; a status filters the rows read.
   */
  async listRuns(orgId: string, limit: number, after?: { createdAt: string; id: string }, view: MergeRunsView = {}): Promise<MergeRunRecord[]> {
    const dir = view.sort === 'oldest' ? 'asc' : 'desc';
    const past = dir === 'asc' ? '>' : '<';
    let query = this.db.selectFrom('merge_runs').selectAll().where('org_id', '=', orgId);
    if (view.template !== undefined) query = query.where('template_slug', '=', view.template);
    if (view.status !== undefined) query = query.where('status', '=', view.status);
    if (after) {
      // A range on created_at with a filter within it, not `created_at < x or (created_at = x and id < y)`:
      // SQLite reads the index from the cursor on instead of sorting the union of two reads (ADR 0661).
      query = query
        .where('created_at', dir === 'asc' ? '>=' : '<=', after.createdAt)
        .where((eb) => eb.or([eb('created_at', past, after.createdAt), eb('id', past, after.id)]));
    }
    const rows = await query.orderBy('created_at', dir).orderBy('id', dir).limit(limit).execute();
    return rows.map(runRecord);
  }

  async updateRun(orgId: string, id: string, patch: Partial<Omit<MergeRunRecord, 'id' | 'org_id'>>): Promise<void> {
    await this.db.updateTable('merge_runs').set(patch).where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  /** Moves an active run to a terminal status; false when it had already ended (so it ends once). */
  async endRun(orgId: string, id: string, patch: { status: MergeRunStatus; error?: string | null; finished_at: string }): Promise<boolean> {
    const result = await this.db
      .updateTable('merge_runs')
      .set(patch)
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    const ended = Number(result.numUpdatedRows) > 0;
    if (ended) await this.publish(orgId, id);
    return ended;
  }

  /** Rows by number, after `afterRow`, optionally of one status: the job walks them a page at a time. */
  async listRows(orgId: string, runId: string, options: { afterRow?: number; status?: MergeRowStatus; limit: number }): Promise<MergeRowRecord[]> {
    let query = this.db
      .selectFrom('merge_run_rows')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('run_id', '=', runId)
      .where('row_number', '>', options.afterRow ?? 0);
    if (options.status) query = query.where('status', '=', options.status);
    const rows = await query.orderBy('row_number').limit(options.limit).execute();
    return rows.map(rowRecord);
  }

  async updateRow(orgId: string, runId: string, rowNumber: number, patch: Partial<Omit<MergeRowRecord, 'run_id' | 'row_number' | 'org_id' | 'fields'>>) {
    await this.db
      .updateTable('merge_run_rows')
      .set(patch)
      .where('org_id', '=', orgId)
      .where('run_id', '=', runId)
      .where('row_number', '=', rowNumber)
      .execute();
  }

  /** One more attempt for each of the rows (one statement for a page of the lean path). */
  async bumpAttempts(orgId: string, runId: string, rowNumbers: readonly number[], now: string): Promise<void> {
    if (rowNumbers.length === 0) return;
    await this.db
      .updateTable('merge_run_rows')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: now }))
      .where('org_id', '=', orgId)
      .where('run_id', '=', runId)
      .where('row_number', 'in', rowNumbers)
      .execute();
  }

  /** How many rows are in each status (the counts a resumed run starts from). */
  async countRows(orgId: string, runId: string): Promise<Record<MergeRowStatus, number>> {
    const rows = await this.db
      .selectFrom('merge_run_rows')
      .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('org_id', '=', orgId)
      .where('run_id', '=', runId)
      .groupBy('status')
      .execute();
    const counts: Record<MergeRowStatus, number> = { pending: 0, done: 0, failed: 0 };
    for (const row of rows) counts[row.status as MergeRowStatus] = Number(row.n);
    return counts;
  }

  /**
   * Holds the run's row until the caller's transaction ends and says the run's status then.
   * Every writer of the run's events (its job, a cancel, an orphan handler) takes it first, so
   * they number one after another and commit in that order (ADR 0788): PostgreSQL with
   * `FOR UPDATE`; SQLite's transaction already holds the store's only connection.
   */
  async lockRun(orgId: string, id: string): Promise<MergeRunStatus | undefined> {
    if (!this.db.isTransaction) throw new Error('lockRun holds the row for a transaction: call it inside one');
    let query = this.db.selectFrom('merge_runs').select('status').where('org_id', '=', orgId).where('id', '=', id);
    if (dialectOf(this.db) === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row?.status as MergeRunStatus | undefined;
  }

  /** Puts a running run back to `queued` (its process stopped); false when it is no longer running (a cancel ended it). */
  async requeueRun(orgId: string, id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('merge_runs')
      .set({ status: 'queued' })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Appends an event with the next number of its run. The run's row is locked first (in the
   * caller's transaction, or one of its own), so a job and a cancel writing at the same moment
   * never read the same max(seq) (ADR 0788).
   */
  async appendEvent(orgId: string, runId: string, event: Omit<MergeRunEvent, 'seq'>, now: string): Promise<number> {
    if (!this.db.isTransaction) return this.db.transaction().execute((tx) => new MergeRunRepository(tx).appendEvent(orgId, runId, event, now));
    await this.lockRun(orgId, runId);
    const seq = (await this.lastSeq(runId)) + 1;
    await this.db
      .insertInto('merge_run_events')
      .values({ run_id: runId, seq, org_id: orgId, event_json: JSON.stringify(event), created_at: now })
      .execute();
    await this.publish(orgId, runId);
    return seq;
  }

  /** Appends events in order with the next numbers of their run, in one statement (the run's row locked, as appendEvent). */
  async appendEvents(orgId: string, runId: string, events: ReadonlyArray<Omit<MergeRunEvent, 'seq'>>, now: string): Promise<void> {
    if (events.length === 0) return;
    if (!this.db.isTransaction) return this.db.transaction().execute((tx) => new MergeRunRepository(tx).appendEvents(orgId, runId, events, now));
    await this.lockRun(orgId, runId);
    const first = (await this.lastSeq(runId)) + 1;
    const values = events.map((event, i) => ({ run_id: runId, seq: first + i, org_id: orgId, event_json: JSON.stringify(event), created_at: now }));
    await this.db.insertInto('merge_run_events').values(values).execute();
    await this.publish(orgId, runId);
  }

  private async lastSeq(runId: string): Promise<number> {
    const last = await this.db
      .selectFrom('merge_run_events')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('run_id', '=', runId)
      .executeTakeFirst();
    return Number(last?.seq ?? 0);
  }

  /**
   * The run moved on (an event was written): the organization's live stream says so with its
   * status (ADR 0591), so a merge-run page updates without polling its own stream.
   */
  private async publish(orgId: string, runId: string): Promise<void> {
    const run = await this.db.selectFrom('merge_runs').select('status').where('org_id', '=', orgId).where('id', '=', runId).executeTakeFirst();
    if (!run) return;
    await new LiveChangeRepository(this.db).append(
      orgId,
      [{ kind: 'merge_run.changed', documentId: null, by: null, mergeRunId: runId, status: run.status }],
      new Date(),
    );
  }

  async listEventsSince(orgId: string, runId: string, afterSeq: number, limit = 500): Promise<MergeRunEvent[]> {
    const rows = await this.db
      .selectFrom('merge_run_events')
      .select(['seq', 'event_json'])
      .where('org_id', '=', orgId)
      .where('run_id', '=', runId)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...fromJson<{ event: string }>(r.event_json, { event: 'unknown' }), seq: Number(r.seq) }));
  }
}
