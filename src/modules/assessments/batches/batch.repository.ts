/** Batches (`bat_`), batch runs (`brun_`) and batch documents (`bdoc_`). Every method takes orgId first. */
import type { Kysely, Selectable, Updateable } from 'kysely';
import { fromDbBool, toDbBool } from '../../../storage/dialect.js';
import type { BatchDocumentTable, BatchRunTable, BatchTable } from '../../../storage/tables/assessments.js';
import type { Database } from '../../../storage/schema.js';
import { fromJson, toJson } from '../../json-column.js';

export interface BatchOptions {
  skip_already_processed?: boolean;
  preserve_corrections?: boolean;
  force?: boolean;
  max_concurrency?: number;
}

/** The row, with the options parsed. */
export interface BatchRecord extends Omit<Selectable<BatchTable>, 'options_json'> {
  options: BatchOptions;
}

export interface BatchRunCounts {
  targeted: number;
  succeeded: number;
  failed: number;
  skipped: number;
}

/** The row, with scope and status narrowed and the JSON columns parsed; `active_key` stays internal. */
export interface BatchRunRecord extends Omit<Selectable<BatchRunTable>, 'scope' | 'status' | 'active_key' | 'options_json' | 'counts_json'> {
  scope: 'all' | 'pending' | 'failed';
  status: 'queued' | 'running' | 'succeeded' | 'partially_succeeded' | 'failed' | 'cancelled';
  options: { processor_id?: string | null; preserve_corrections?: boolean; force?: boolean; document_ids?: string[] };
  counts: BatchRunCounts;
}

/** The last failure of a batch row (a processing error or a policy refusal). */
export interface BatchDocumentError {
  code: string;
  category: string;
  message: string;
  component?: string;
  page_number?: number | null;
}

/** The row, with `included` a boolean, status narrowed and the JSON columns parsed. */
export interface BatchDocumentRecord extends Omit<Selectable<BatchDocumentTable>, 'included' | 'status' | 'last_error_json' | 'result_json'> {
  included: boolean;
  status: 'pending' | 'queued' | 'processing' | 'succeeded' | 'failed' | 'skipped' | 'excluded';
  last_error: BatchDocumentError | null;
  result: { item_count: number; pages_processed: number } | null;
}

function batchRecord(row: Selectable<BatchTable>): BatchRecord {
  const { options_json, ...rest } = row;
  return { ...rest, options: fromJson<BatchOptions>(options_json, {}) };
}

function runRecord(row: Selectable<BatchRunTable>): BatchRunRecord {
  return {
    id: row.id,
    org_id: row.org_id,
    batch_id: row.batch_id,
    run_number: Number(row.run_number),
    scope: row.scope as BatchRunRecord['scope'],
    trigger: row.trigger,
    status: row.status as BatchRunRecord['status'],
    options: fromJson(row.options_json, {}),
    counts: fromJson<BatchRunCounts>(row.counts_json, { targeted: 0, succeeded: 0, failed: 0, skipped: 0 }),
    error: row.error,
    started_at: row.started_at,
    finished_at: row.finished_at,
    created_at: row.created_at,
  };
}

function docRecord(row: Selectable<BatchDocumentTable>): BatchDocumentRecord {
  return {
    id: row.id,
    org_id: row.org_id,
    batch_id: row.batch_id,
    document_id: row.document_id,
    position: Number(row.position),
    included: fromDbBool(row.included),
    processor_id: row.processor_id,
    priority: row.priority,
    status: row.status as BatchDocumentRecord['status'],
    skip_reason: row.skip_reason,
    attempts: Number(row.attempts),
    last_run_id: row.last_run_id,
    last_error: fromJson(row.last_error_json, null),
    result: fromJson(row.result_json, null),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export type BatchDocumentChanges = Partial<
  Pick<BatchDocumentRecord, 'included' | 'processor_id' | 'priority' | 'status' | 'skip_reason' | 'attempts' | 'last_run_id' | 'last_error' | 'result'>
> & { updated_at: string };

export class BatchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(orgId: string, b: Omit<BatchRecord, 'org_id'>): Promise<BatchRecord> {
    const { options, ...rest } = b;
    const row: Selectable<BatchTable> = { ...rest, org_id: orgId, options_json: toJson(options) };
    await this.db.insertInto('batches').values(row).execute();
    return batchRecord(row);
  }

  async findById(orgId: string, id: string): Promise<BatchRecord | undefined> {
    const row = await this.db.selectFrom('batches').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && batchRecord(row);
  }

  async list(orgId: string, options: { limit: number; cursor?: string }): Promise<BatchRecord[]> {
    let query = this.db.selectFrom('batches').selectAll().where('org_id', '=', orgId);
    if (options.cursor) query = query.where('id', '<', options.cursor);
    return (await query.orderBy('id', 'desc').limit(options.limit).execute()).map(batchRecord);
  }

  async listAll(orgId: string): Promise<BatchRecord[]> {
    return (await this.db.selectFrom('batches').selectAll().where('org_id', '=', orgId).orderBy('id').execute()).map(batchRecord);
  }

  async listByAssessment(orgId: string, assessmentId: string): Promise<BatchRecord[]> {
    return (await this.db.selectFrom('batches').selectAll().where('org_id', '=', orgId).where('assessment_id', '=', assessmentId).execute()).map(batchRecord);
  }

  async setLatestRun(orgId: string, id: string, runId: string, now: string): Promise<void> {
    await this.db.updateTable('batches').set({ latest_run_id: runId, updated_at: now }).where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  async deleteBatches(orgId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('batch_documents')
      .where('org_id', '=', orgId)
      .where('batch_id', 'in', [...ids])
      .execute();
    await this.db
      .deleteFrom('batch_runs')
      .where('org_id', '=', orgId)
      .where('batch_id', 'in', [...ids])
      .execute();
    await this.db
      .deleteFrom('batches')
      .where('org_id', '=', orgId)
      .where('id', 'in', [...ids])
      .execute();
  }

  // runs

  async insertRun(orgId: string, r: Omit<BatchRunRecord, 'org_id'>): Promise<BatchRunRecord> {
    const active = r.status === 'queued' || r.status === 'running';
    const row: Selectable<BatchRunTable> = {
      id: r.id,
      org_id: orgId,
      batch_id: r.batch_id,
      run_number: r.run_number,
      scope: r.scope,
      trigger: r.trigger,
      status: r.status,
      active_key: active ? r.batch_id : null,
      options_json: toJson(r.options),
      counts_json: toJson(r.counts),
      error: r.error,
      started_at: r.started_at,
      finished_at: r.finished_at,
      created_at: r.created_at,
    };
    await this.db.insertInto('batch_runs').values(row).execute();
    return runRecord(row);
  }

  async findRun(orgId: string, id: string): Promise<BatchRunRecord | undefined> {
    const row = await this.db.selectFrom('batch_runs').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && runRecord(row);
  }

  async findActiveRun(orgId: string, batchId: string): Promise<BatchRunRecord | undefined> {
    const row = await this.db.selectFrom('batch_runs').selectAll().where('org_id', '=', orgId).where('active_key', '=', batchId).executeTakeFirst();
    return row && runRecord(row);
  }

  async maxRunNumber(orgId: string, batchId: string): Promise<number> {
    const row = await this.db
      .selectFrom('batch_runs')
      .select((eb) => eb.fn.max('run_number').as('n'))
      .where('org_id', '=', orgId)
      .where('batch_id', '=', batchId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async updateRun(
    orgId: string,
    id: string,
    changes: Partial<Pick<BatchRunRecord, 'status' | 'counts' | 'error' | 'started_at' | 'finished_at'>>,
  ): Promise<void> {
    const set: Updateable<BatchRunTable> = {};
    if (changes.status !== undefined) {
      set.status = changes.status;
      if (changes.status !== 'queued' && changes.status !== 'running') set.active_key = null;
    }
    if (changes.counts !== undefined) set.counts_json = toJson(changes.counts);
    if (changes.error !== undefined) set.error = changes.error;
    if (changes.started_at !== undefined) set.started_at = changes.started_at;
    if (changes.finished_at !== undefined) set.finished_at = changes.finished_at;
    await this.db.updateTable('batch_runs').set(set).where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  // batch documents

  async insertDocument(orgId: string, d: Omit<BatchDocumentRecord, 'org_id'>): Promise<BatchDocumentRecord> {
    const row: Selectable<BatchDocumentTable> = {
      id: d.id,
      org_id: orgId,
      batch_id: d.batch_id,
      document_id: d.document_id,
      position: d.position,
      included: toDbBool(d.included),
      processor_id: d.processor_id,
      priority: d.priority,
      status: d.status,
      skip_reason: d.skip_reason,
      attempts: d.attempts,
      last_run_id: d.last_run_id,
      last_error_json: toJson(d.last_error),
      result_json: toJson(d.result),
      created_at: d.created_at,
      updated_at: d.updated_at,
    };
    await this.db.insertInto('batch_documents').values(row).execute();
    return docRecord(row);
  }

  async findDocument(orgId: string, id: string): Promise<BatchDocumentRecord | undefined> {
    const row = await this.db.selectFrom('batch_documents').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && docRecord(row);
  }

  async listDocuments(
    orgId: string,
    filter: { batch_id?: string; status?: string; document_id?: string; limit?: number; cursor?: string },
  ): Promise<BatchDocumentRecord[]> {
    let query = this.db.selectFrom('batch_documents').selectAll().where('org_id', '=', orgId);
    if (filter.batch_id) query = query.where('batch_id', '=', filter.batch_id);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.document_id) query = query.where('document_id', '=', filter.document_id);
    if (filter.cursor) query = query.where('id', '>', filter.cursor);
    query = query.orderBy('id');
    if (filter.limit) query = query.limit(filter.limit);
    return (await query.execute()).map(docRecord);
  }

  async updateDocument(orgId: string, id: string, changes: BatchDocumentChanges): Promise<void> {
    const set: Updateable<BatchDocumentTable> = { updated_at: changes.updated_at };
    if (changes.included !== undefined) set.included = toDbBool(changes.included);
    if ('processor_id' in changes) set.processor_id = changes.processor_id ?? null;
    if (changes.priority !== undefined) set.priority = changes.priority;
    if (changes.status !== undefined) set.status = changes.status;
    if ('skip_reason' in changes) set.skip_reason = changes.skip_reason ?? null;
    if (changes.attempts !== undefined) set.attempts = changes.attempts;
    if ('last_run_id' in changes) set.last_run_id = changes.last_run_id ?? null;
    if ('last_error' in changes) set.last_error_json = toJson(changes.last_error);
    if ('result' in changes) set.result_json = toJson(changes.result);
    await this.db.updateTable('batch_documents').set(set).where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  async deleteDocument(orgId: string, id: string): Promise<void> {
    await this.db.deleteFrom('batch_documents').where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  async deleteDocumentsOf(orgId: string, documentIds: readonly string[]): Promise<void> {
    if (documentIds.length === 0) return;
    await this.db
      .deleteFrom('batch_documents')
      .where('org_id', '=', orgId)
      .where('document_id', 'in', [...documentIds])
      .execute();
  }
}
