/** Extracted items (`itm_`). Every method takes orgId first. */
import { type Insertable, type Kysely, type Selectable, type Updateable, sql } from 'kysely';
import { insertRows } from '../../../storage/bulk-insert.js';
import { dialectOf, fromDbBool, toDbBool } from '../../../storage/dialect.js';
import type { ExtractedItemTable } from '../../../storage/tables/assessments.js';
import type { Database } from '../../../storage/schema.js';
import { fromJson, toJson } from '../../json-column.js';
import type { CheckResult } from '../../../extraction/item-checks.js';
import type { Confidence, JsonValue, Provenance, ValueState } from '../../../extraction/types.js';

export type ValidationStatus = 'pending' | 'needs_review' | 'auto_validated' | 'validated' | 'corrected' | 'rejected';

export interface Blocker {
  type: 'low_confidence' | 'failed_check' | 'absent_required' | 'conflicting' | 'unreadable' | 'rerun_conflict' | 'issuer_history_changed';
  check_id?: string;
  message?: string;
}

/** A machine value as a reviewer saw it when deciding (what a rerun compares a new extraction with). */
export interface DecisionBasis {
  value: JsonValue;
  value_state: ValueState;
}

/** A human decision: validated, rejected or corrected, on the machine value `basis`. */
export interface HumanDecision {
  status: 'validated' | 'rejected' | 'corrected';
  decided_by: string | null;
  decided_at: string | null;
  note: string | null;
  acknowledged_warnings?: string[];
  basis: DecisionBasis;
}

export interface ItemValidation {
  checks: CheckResult[];
  blockers: Blocker[];
  decided_by: string | null;
  decided_at: string | null;
  decision_source: 'human' | 'automation' | 'carried_forward' | null;
  note: string | null;
  acknowledged_warnings?: string[];
  /** The machine value the human decision was made on; absent on decisions recorded before it existed (then: the item's `extracted`). */
  decided_on?: DecisionBasis | null;
  /**
   * A human decision a rerun could not apply because the new extraction differs from its
   * basis (the item shows a `rerun_conflict`). A later rerun that extracts the basis again
   * restores it; a new decision on the item replaces it.
   */
  held_decision?: HumanDecision | null;
}

export interface ExtractedSnapshot {
  value: JsonValue;
  value_text: string | null;
  raw_text: string | null;
  value_state: ValueState;
}

/** The row, with states narrowed, `is_corrected` a boolean and the JSON columns parsed. */
export interface ExtractedItemRecord extends Omit<
  Selectable<ExtractedItemTable>,
  | 'value_state'
  | 'value_json'
  | 'extracted_json'
  | 'confidence_json'
  | 'confidence_overall'
  | 'provenance_json'
  | 'candidates_json'
  | 'validation_status'
  | 'validation_json'
  | 'is_corrected'
> {
  value_state: ValueState;
  value: JsonValue;
  extracted: ExtractedSnapshot;
  confidence: Confidence;
  provenance: Provenance;
  candidates: JsonValue[];
  validation_status: ValidationStatus;
  validation: ItemValidation;
  is_corrected: boolean;
}

function toRecord(row: Selectable<ExtractedItemTable>): ExtractedItemRecord {
  const extracted = fromJson<ExtractedSnapshot>(row.extracted_json, { value: null, value_text: null, raw_text: null, value_state: 'absent' });
  return {
    id: row.id,
    org_id: row.org_id,
    document_id: row.document_id,
    assessment_id: row.assessment_id,
    run_id: row.run_id,
    ordinal: Number(row.ordinal),
    processor_id: row.processor_id,
    key: row.key,
    label: row.label,
    occurrence_index: Number(row.occurrence_index),
    value_type: row.value_type,
    value_state: row.value_state as ValueState,
    value: fromJson<JsonValue>(row.value_json, null),
    value_text: row.value_text,
    raw_text: row.raw_text,
    extracted,
    confidence: fromJson<Confidence>(row.confidence_json, {
      overall: null,
      ocr: null,
      extraction: null,
      level: null,
      method: 'pattern_rule',
      calibrated: false,
    }),
    provenance: fromJson<Provenance>(row.provenance_json, { quote: '', text_source: 'native', anchors: [] }),
    candidates: fromJson<JsonValue[]>(row.candidates_json, []),
    validation_status: row.validation_status as ValidationStatus,
    validation: fromJson<ItemValidation>(row.validation_json, {
      checks: [],
      blockers: [],
      decided_by: null,
      decided_at: null,
      decision_source: null,
      note: null,
    }),
    current_correction_id: row.current_correction_id,
    is_corrected: fromDbBool(row.is_corrected),
    version: Number(row.version),
    superseded_by: row.superseded_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toRow(orgId: string, r: Omit<ExtractedItemRecord, 'org_id'>): Insertable<ExtractedItemTable> {
  return {
    id: r.id,
    org_id: orgId,
    document_id: r.document_id,
    assessment_id: r.assessment_id,
    run_id: r.run_id,
    ordinal: r.ordinal,
    processor_id: r.processor_id,
    key: r.key,
    label: r.label,
    occurrence_index: r.occurrence_index,
    value_type: r.value_type,
    value_state: r.value_state,
    value_json: toJson(r.value),
    value_text: r.value_text,
    raw_text: r.raw_text,
    extracted_json: JSON.stringify(r.extracted),
    confidence_json: JSON.stringify(r.confidence),
    confidence_overall: typeof r.confidence.overall === 'number' ? r.confidence.overall : null,
    provenance_json: JSON.stringify(r.provenance),
    candidates_json: toJson(r.candidates),
    validation_status: r.validation_status,
    validation_json: JSON.stringify(r.validation),
    current_correction_id: r.current_correction_id,
    is_corrected: toDbBool(r.is_corrected),
    version: r.version,
    superseded_by: r.superseded_by,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** What a review step changes; `version` is bumped by the repository. */
export type ItemChanges = Partial<
  Pick<
    ExtractedItemRecord,
    'value' | 'value_text' | 'value_state' | 'validation_status' | 'validation' | 'current_correction_id' | 'is_corrected' | 'provenance'
  >
> & {
  updated_at: string;
};

/** Items per query when an export streams a document's items: a page's rows in memory at a time. */
export const EXPORT_PAGE_SIZE = 500;

/** Bound parameters of one multi-row insert, well below SQLite's 32,766. */
const MAX_PARAMETERS_PER_INSERT = 30_000;
const MAX_ROWS_PER_INSERT = 500;

export class ExtractedItemRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertMany(orgId: string, items: ReadonlyArray<Omit<ExtractedItemRecord, 'org_id'>>): Promise<void> {
    if (items.length === 0) return;
    const rows = items.map((item) => toRow(orgId, item));
    // As many rows per statement as keep it under both engines' bound-parameter limits
    // (SQLite 32,766, PostgreSQL 65,535): a 170-page PDF's items are a few statements, not hundreds.
    const perStatement = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS_PER_INSERT / Object.keys(rows[0]).length)));
    await insertRows(this.db, 'extracted_items', rows, perStatement);
  }

  async findById(orgId: string, id: string): Promise<ExtractedItemRecord | undefined> {
    const row = await this.db.selectFrom('extracted_items').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /** The items of the given ids in this organization (absent ones are left out), in no particular order. */
  async listByIds(orgId: string, ids: readonly string[]): Promise<ExtractedItemRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('extracted_items')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map(toRecord);
  }

  async listByRun(orgId: string, runId: string): Promise<ExtractedItemRecord[]> {
    const rows = await this.db.selectFrom('extracted_items').selectAll().where('org_id', '=', orgId).where('run_id', '=', runId).orderBy('ordinal').execute();
    return rows.map(toRecord);
  }

  async listByDocument(orgId: string, documentId: string): Promise<ExtractedItemRecord[]> {
    const rows = await this.db
      .selectFrom('extracted_items')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .orderBy('run_id')
      .orderBy('ordinal')
      .execute();
    return rows.map(toRecord);
  }

  /** Current items (not superseded) of the given documents. */
  async listCurrent(orgId: string, documentIds: readonly string[]): Promise<ExtractedItemRecord[]> {
    if (documentIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('extracted_items')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', 'in', [...documentIds])
      .where('superseded_by', 'is', null)
      .orderBy('document_id')
      .orderBy('run_id')
      .orderBy('ordinal')
      .execute();
    return rows.map(toRecord);
  }

  /**
   * Current items of the given documents under the given keys, in `listCurrent`'s order: what
   * completeness reads for its requirements, through the `(org_id, document_id, key, …)` index,
   * so its cost follows the required keys' items, not every item of the assessment.
   */
  async listCurrentByKeys(orgId: string, documentIds: readonly string[], keys: readonly string[]): Promise<ExtractedItemRecord[]> {
    if (documentIds.length === 0 || keys.length === 0) return [];
    const query = this.db
      .selectFrom('extracted_items')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', 'in', [...documentIds])
      .where('key', 'in', [...keys])
      .where('superseded_by', 'is', null)
      .orderBy('document_id');
    if (dialectOf(this.db) === 'postgres') {
      return (await query.orderBy('run_id').orderBy('ordinal').execute()).map(toRecord);
    }
    // SQLite plans without statistics: asked for `listCurrent`'s order it walks every item of the
    // document in `(run_id, ordinal)` order and filters the keys. Read in the key index's own
    // order instead and put the few rows in `listCurrent`'s order here (SQLite compares text
    // bytewise, as `<` does).
    const rows = await query.orderBy('key').orderBy('run_id').orderBy('ordinal').execute();
    const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
    rows.sort((a, b) => cmp(a.document_id, b.document_id) || cmp(a.run_id, b.run_id) || Number(a.ordinal) - Number(b.ordinal));
    return rows.map(toRecord);
  }

  /**
   * A document's items in listing order (run, ordinal, then id), filtered in the database: its
   * current items, or with `all` every run's. `limit` undefined reads them all; otherwise at most
   * `limit` items after the item `afterId` (a previous page's last). Undefined when `afterId`
   * names no item of this document in this organization.
   */
  async pageOfDocument(
    orgId: string,
    documentId: string,
    filter: ItemFilter,
    page: { limit?: number; afterId?: string },
  ): Promise<ExtractedItemRecord[] | undefined> {
    let query = this.db.selectFrom('extracted_items').selectAll().where('org_id', '=', orgId).where('document_id', '=', documentId);
    if (!filter.all) query = query.where('superseded_by', 'is', null);
    if (filter.status !== undefined) query = query.where('validation_status', '=', filter.status);
    if (filter.key !== undefined) query = query.where('key', '=', filter.key);
    // SQLite plans without statistics and, given a key or status and a confidence range, takes the
    // confidence index: it reads every item of the document in the range and sorts them, so a
    // page costs in proportion to the document (issue 35, ADR 0732). Keep it on the key or status
    // index, which is in listing order and stops after the page: a unary `+` makes the confidence
    // term unusable for an index, and is only a filter then. PostgreSQL chooses from statistics.
    const confidence =
      dialectOf(this.db) === 'sqlite' && (filter.key !== undefined || filter.status !== undefined)
        ? sql.raw<number>('+"confidence_overall"')
        : sql.ref<number>('confidence_overall');
    if (filter.minConfidence !== undefined) query = query.where(confidence, '>=', filter.minConfidence);
    if (filter.maxConfidence !== undefined) query = query.where(confidence, '<=', filter.maxConfidence);
    if (page.afterId !== undefined) {
      const after = await this.db
        .selectFrom('extracted_items')
        .select(['run_id', 'ordinal', 'id'])
        .where('org_id', '=', orgId)
        .where('document_id', '=', documentId)
        .where('id', '=', page.afterId)
        .executeTakeFirst();
      if (after === undefined) return undefined;
      query = query.where((eb) => eb(eb.refTuple('run_id', 'ordinal', 'id'), '>', eb.tuple(after.run_id, after.ordinal, after.id)));
    }
    if (page.limit !== undefined) query = query.limit(page.limit);
    const rows = await query.orderBy('run_id').orderBy('ordinal').orderBy('id').execute();
    return rows.map(toRecord);
  }

  /**
   * A document's current items of the given validation statuses, one keyset query per page of
   * `pageSize`: in listing order (run, ordinal, id), or `byKey` (key, run, ordinal, id) so that a
   * key's items come together. What exporters stream from: memory holds one page, whatever the
   * document's size (docs/adr/0731-streaming-exporters.md). Each page walks the document's order
   * (or key) index from where the last one ended; the status is a filter on that walk.
   */
  async *currentInPages(
    orgId: string,
    documentId: string,
    options: { statuses: readonly ValidationStatus[]; byKey?: boolean; pageSize?: number },
  ): AsyncGenerator<ExtractedItemRecord[]> {
    if (options.statuses.length === 0) return;
    const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
    // Unary `+` on SQLite: the status index would read every matching item and sort them per page.
    const status = dialectOf(this.db) === 'sqlite' ? sql.raw<string>('+"validation_status"') : sql.ref<string>('validation_status');
    let last: Selectable<ExtractedItemTable> | undefined;
    for (;;) {
      let query = this.db
        .selectFrom('extracted_items')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('document_id', '=', documentId)
        .where('superseded_by', 'is', null)
        .where(status, 'in', [...options.statuses]);
      const after = last;
      if (after !== undefined)
        query = options.byKey
          ? query.where((eb) => eb(eb.refTuple('key', 'run_id', 'ordinal', 'id'), '>', eb.tuple(after.key, after.run_id, after.ordinal, after.id)))
          : query.where((eb) => eb(eb.refTuple('run_id', 'ordinal', 'id'), '>', eb.tuple(after.run_id, after.ordinal, after.id)));
      if (options.byKey) query = query.orderBy('key');
      const rows = await query.orderBy('run_id').orderBy('ordinal').orderBy('id').limit(pageSize).execute();
      if (rows.length > 0) yield rows.map(toRecord);
      if (rows.length < pageSize) return;
      last = rows[rows.length - 1];
    }
  }

  /**
   * What an export's content follows, in one aggregate row and constant memory: how many items
   * the document holds (every run), and the latest change and the sum of the versions of those
   * items. Every item write (insert, review, correction, supersede) moves one of them.
   */
  async exportStamp(orgId: string, documentId: string): Promise<string> {
    const row = await this.db
      .selectFrom('extracted_items')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.max('updated_at').as('latest'),
        eb.fn.sum<number | string | null>('version').as('versions'),
      ])
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .executeTakeFirst();
    return `${Number(row?.n ?? 0)}:${row?.latest ?? ''}:${Number(row?.versions ?? 0)}`;
  }

  /** The run of a document's first current item in listing order: the current run. */
  async currentRunId(orgId: string, documentId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('extracted_items')
      .select('run_id')
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('superseded_by', 'is', null)
      .orderBy('run_id')
      .orderBy('ordinal')
      .limit(1)
      .executeTakeFirst();
    return row?.run_id;
  }

  /**
   * Applies a review change when the stored version still equals `expectedVersion`.
   * Returns false when another reviewer got there first (the caller answers 409).
   */
  async update(orgId: string, id: string, expectedVersion: number, changes: ItemChanges): Promise<boolean> {
    const set: Updateable<ExtractedItemTable> = { updated_at: changes.updated_at, version: expectedVersion + 1 };
    if ('value' in changes) set.value_json = toJson(changes.value);
    if ('value_text' in changes) set.value_text = changes.value_text ?? null;
    if (changes.value_state !== undefined) set.value_state = changes.value_state;
    if (changes.validation_status !== undefined) set.validation_status = changes.validation_status;
    if (changes.validation !== undefined) set.validation_json = JSON.stringify(changes.validation);
    if ('current_correction_id' in changes) set.current_correction_id = changes.current_correction_id ?? null;
    if (changes.is_corrected !== undefined) set.is_corrected = toDbBool(changes.is_corrected);
    if (changes.provenance !== undefined) set.provenance_json = JSON.stringify(changes.provenance);
    const result = await this.db
      .updateTable('extracted_items')
      .set(set)
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Superseded items that no later item replaced (`superseded_by` names a run, not an item):
   * what a rerun left behind because its processor did not extract the key again.
   */
  async listOrphaned(orgId: string, documentId: string): Promise<ExtractedItemRecord[]> {
    const rows = await this.db
      .selectFrom('extracted_items')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('superseded_by', 'like', 'run_%')
      .orderBy('run_id')
      .orderBy('ordinal')
      .execute();
    return rows.map(toRecord);
  }

  async supersede(orgId: string, id: string, by: string, now: string): Promise<void> {
    await this.db.updateTable('extracted_items').set({ superseded_by: by, updated_at: now }).where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  async deleteByDocuments(orgId: string, documentIds: readonly string[]): Promise<void> {
    if (documentIds.length === 0) return;
    await this.db
      .deleteFrom('extracted_items')
      .where('org_id', '=', orgId)
      .where('document_id', 'in', [...documentIds])
      .execute();
  }

  /**
   * Current items per document and validation status, from the tallies the triggers of
   * migration 0030 keep in the writing transaction: one row per document and status, whatever
   * the number of items.
   */
  async countByDocument(orgId: string, documentIds: readonly string[]): Promise<StatusCounts> {
    const out: StatusCounts = {};
    if (documentIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('item_tallies')
      .select(['document_id', 'validation_status', 'n'])
      .where('org_id', '=', orgId)
      .where('document_id', 'in', [...documentIds])
      .where('n', '>', 0)
      .execute();
    for (const row of rows) {
      const counts = (out[row.document_id] ??= {});
      counts[row.validation_status as ValidationStatus] = Number(row.n);
    }
    return out;
  }
}

/** Which of a document's items a listing shows: `all` runs' (else the current ones), of one status, of one key, in a confidence range. */
export interface ItemFilter {
  all?: boolean;
  status?: string;
  key?: string;
  /** Overall confidence at least / at most this; an item of unknown confidence matches neither. */
  minConfidence?: number;
  maxConfidence?: number;
}

/** Per-document counts of current items by validation status. */
export type StatusCounts = Record<string, Partial<Record<ValidationStatus, number>>>;
