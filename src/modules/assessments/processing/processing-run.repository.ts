/** Processing runs (`run_`). Every method takes orgId first. */
import type { Kysely, Selectable } from 'kysely';
import { fromDbBool, toDbBool } from '../../../storage/dialect.js';
import type { ProcessingRunTable } from '../../../storage/tables/assessments.js';
import type { Database } from '../../../storage/schema.js';
import { fromJson, toJson } from '../../json-column.js';
import type { PageReport, ProcessingError, ProcessingWarning } from '../../../extraction/types.js';

export interface CarriedForward {
  corrections: number;
  validations: number;
  conflicts: number;
}

/** A run as the record queries select it: every column but `text`. */
type ProcessingRunRow = Omit<Selectable<ProcessingRunTable>, 'text'>;

/**
 * The row without its text (read alone by `text()`), with trigger and status narrowed, the flags
 * booleans and the JSON columns parsed.
 */
export interface ProcessingRunRecord extends Omit<
  ProcessingRunRow,
  'trigger' | 'status' | 'engine_versions_json' | 'preserve_corrections' | 'force' | 'carried_forward_json' | 'errors_json' | 'warnings_json' | 'pages_json'
> {
  trigger: 'upload' | 'rerun' | 'batch' | 'add_documents';
  engine_versions: Record<string, string>;
  status: 'queued' | 'running' | 'succeeded' | 'partially_succeeded' | 'failed' | 'cancelled';
  preserve_corrections: boolean;
  force: boolean;
  carried_forward: CarriedForward;
  errors: ProcessingError[];
  warnings: ProcessingWarning[];
  pages: PageReport[];
}

const NO_CARRY: CarriedForward = { corrections: 0, validations: 0, conflicts: 0 };

function toRecord(row: ProcessingRunRow): ProcessingRunRecord {
  return {
    id: row.id,
    org_id: row.org_id,
    document_id: row.document_id,
    assessment_id: row.assessment_id,
    batch_run_id: row.batch_run_id,
    trigger: row.trigger as ProcessingRunRecord['trigger'],
    processor_id: row.processor_id,
    processor_version: row.processor_version,
    engine_versions: fromJson(row.engine_versions_json, {}),
    input_sha256: row.input_sha256,
    status: row.status as ProcessingRunRecord['status'],
    started_at: row.started_at,
    finished_at: row.finished_at,
    duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
    preserve_corrections: fromDbBool(row.preserve_corrections),
    force: fromDbBool(row.force),
    carried_forward: fromJson(row.carried_forward_json, NO_CARRY),
    item_count: Number(row.item_count),
    errors: fromJson(row.errors_json, []),
    warnings: fromJson(row.warnings_json, []),
    pages: fromJson(row.pages_json, []),
    created_at: row.created_at,
  };
}

const COLUMNS = [
  'id',
  'org_id',
  'document_id',
  'assessment_id',
  'batch_run_id',
  'trigger',
  'processor_id',
  'processor_version',
  'engine_versions_json',
  'input_sha256',
  'status',
  'started_at',
  'finished_at',
  'duration_ms',
  'preserve_corrections',
  'force',
  'carried_forward_json',
  'item_count',
  'errors_json',
  'warnings_json',
  'pages_json',
  'created_at',
] as const;

/** What a caller gives for a new run; the repository fills in the rest (queued, nothing yet). */
export type NewProcessingRun = Pick<
  ProcessingRunRecord,
  'id' | 'document_id' | 'assessment_id' | 'batch_run_id' | 'trigger' | 'processor_id' | 'input_sha256' | 'preserve_corrections' | 'force' | 'created_at'
>;

export interface RunOutcome {
  status: ProcessingRunRecord['status'];
  processor_version: string | null;
  engine_versions: Record<string, string>;
  finished_at: string;
  duration_ms: number;
  carried_forward: CarriedForward;
  item_count: number;
  errors: ProcessingError[];
  warnings: ProcessingWarning[];
  pages: PageReport[];
  text: string;
}

export class ProcessingRunRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(orgId: string, run: NewProcessingRun): Promise<ProcessingRunRecord> {
    const row: Selectable<ProcessingRunTable> = {
      ...run,
      org_id: orgId,
      processor_version: null,
      engine_versions_json: null,
      status: 'queued',
      started_at: null,
      finished_at: null,
      duration_ms: null,
      preserve_corrections: toDbBool(run.preserve_corrections),
      force: toDbBool(run.force),
      carried_forward_json: null,
      item_count: 0,
      errors_json: null,
      warnings_json: null,
      pages_json: null,
      text: null,
    };
    await this.db.insertInto('processing_runs').values(row).execute();
    return toRecord(row);
  }

  async findById(orgId: string, id: string): Promise<ProcessingRunRecord | undefined> {
    const row = await this.db.selectFrom('processing_runs').select(COLUMNS).where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /** The run's plain text (text_span anchors index into it). */
  async text(orgId: string, id: string): Promise<string | null> {
    const row = await this.db.selectFrom('processing_runs').select('text').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row?.text ?? null;
  }

  /** Oldest first. */
  async listByDocument(orgId: string, documentId: string): Promise<ProcessingRunRecord[]> {
    const rows = await this.db
      .selectFrom('processing_runs')
      .select(COLUMNS)
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .orderBy('id')
      .execute();
    return rows.map(toRecord);
  }

  async findActive(orgId: string, documentId: string): Promise<ProcessingRunRecord | undefined> {
    const row = await this.db
      .selectFrom('processing_runs')
      .select(COLUMNS)
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** Claims a queued run (conditional update), so a retried job never runs it twice at once. */
  async markRunning(orgId: string, id: string, now: string, fromStatuses: ReadonlyArray<ProcessingRunRecord['status']> = ['queued']): Promise<boolean> {
    const result = await this.db
      .updateTable('processing_runs')
      .set({ status: 'running', started_at: now })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('status', 'in', [...fromStatuses])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async requeue(orgId: string, id: string): Promise<void> {
    await this.db
      .updateTable('processing_runs')
      .set({ status: 'queued' })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  async finish(orgId: string, id: string, outcome: RunOutcome): Promise<void> {
    await this.db
      .updateTable('processing_runs')
      .set({
        status: outcome.status,
        processor_version: outcome.processor_version,
        engine_versions_json: toJson(outcome.engine_versions),
        finished_at: outcome.finished_at,
        duration_ms: outcome.duration_ms,
        carried_forward_json: toJson(outcome.carried_forward),
        item_count: outcome.item_count,
        errors_json: toJson(outcome.errors),
        warnings_json: toJson(outcome.warnings),
        pages_json: toJson(outcome.pages),
        text: outcome.text,
      })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
  }

  async deleteByDocuments(orgId: string, documentIds: readonly string[]): Promise<void> {
    if (documentIds.length === 0) return;
    await this.db
      .deleteFrom('processing_runs')
      .where('org_id', '=', orgId)
      .where('document_id', 'in', [...documentIds])
      .execute();
  }
}

export { NO_CARRY };
