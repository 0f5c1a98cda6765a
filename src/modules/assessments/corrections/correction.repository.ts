/** Corrections (`cor_`) and their immutable revisions. Every method takes orgId first. */
import type { Kysely, Selectable } from 'kysely';
import type { CorrectionRevisionTable, CorrectionTable } from '../../../storage/tables/assessments.js';
import type { Database } from '../../../storage/schema.js';
import { newId } from '../../../kernel/ids.js';
import { fromJson } from '../../json-column.js';
import type { JsonValue, Provenance, ValueState } from '../../../extraction/types.js';

export interface CorrectedValue {
  value: JsonValue;
  value_state: ValueState;
  provenance: Provenance;
  reanchored: boolean;
}

export interface PreviousValue {
  value: JsonValue;
  value_state: ValueState;
  provenance: Provenance;
  item_version: number;
  /** The machine value of the item when the correction was made (a rerun compares with it); absent on older corrections. */
  extracted?: { value: JsonValue; value_state: ValueState };
}

/** A past revision as stored, with the corrected value parsed. */
export interface CorrectionRevision extends Pick<Selectable<CorrectionRevisionTable>, 'revision' | 'status' | 'reason' | 'note' | 'updated_by' | 'updated_at'> {
  corrected: CorrectedValue;
}

/** The row, with status narrowed and the previous and corrected values parsed. */
export interface CorrectionRecord extends Omit<Selectable<CorrectionTable>, 'status' | 'previous_json' | 'corrected_json'> {
  status: 'active' | 'superseded' | 'reverted';
  previous: PreviousValue;
  corrected: CorrectedValue;
}

function toRecord(row: Selectable<CorrectionTable>): CorrectionRecord {
  return {
    id: row.id,
    org_id: row.org_id,
    item_id: row.item_id,
    document_id: row.document_id,
    assessment_id: row.assessment_id,
    run_id: row.run_id,
    revision: Number(row.revision),
    status: row.status as CorrectionRecord['status'],
    previous: fromJson<PreviousValue>(row.previous_json, {
      value: null,
      value_state: 'absent',
      provenance: { quote: '', text_source: 'native', anchors: [] },
      item_version: 0,
    }),
    corrected: fromJson<CorrectedValue>(row.corrected_json, {
      value: null,
      value_state: 'absent',
      provenance: { quote: '', text_source: 'native', anchors: [] },
      reanchored: false,
    }),
    reason: row.reason,
    note: row.note,
    time_spent_ms: row.time_spent_ms === null ? null : Number(row.time_spent_ms),
    created_by: row.created_by,
    created_at: row.created_at,
    updated_by: row.updated_by,
    updated_at: row.updated_at,
  };
}

export class CorrectionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(orgId: string, c: Omit<CorrectionRecord, 'org_id'>): Promise<CorrectionRecord> {
    const row: Selectable<CorrectionTable> = {
      id: c.id,
      org_id: orgId,
      item_id: c.item_id,
      document_id: c.document_id,
      assessment_id: c.assessment_id,
      run_id: c.run_id,
      revision: c.revision,
      status: c.status,
      previous_json: JSON.stringify(c.previous),
      corrected_json: JSON.stringify(c.corrected),
      reason: c.reason,
      note: c.note,
      time_spent_ms: c.time_spent_ms,
      created_by: c.created_by,
      created_at: c.created_at,
      updated_by: c.updated_by,
      updated_at: c.updated_at,
    };
    await this.db.insertInto('corrections').values(row).execute();
    return toRecord(row);
  }

  async findById(orgId: string, id: string): Promise<CorrectionRecord | undefined> {
    const row = await this.db.selectFrom('corrections').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async listByDocument(orgId: string, documentId: string): Promise<CorrectionRecord[]> {
    const rows = await this.db.selectFrom('corrections').selectAll().where('org_id', '=', orgId).where('document_id', '=', documentId).orderBy('id').execute();
    return rows.map(toRecord);
  }

  /** How many corrections of the status the document has. */
  async countOfDocument(orgId: string, documentId: string, status: CorrectionRecord['status']): Promise<number> {
    const row = await this.db
      .selectFrom('corrections')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('status', '=', status)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * A document's corrections (of one status, if given) in id order, one keyset query per page:
   * what exporters stream, so memory holds one page however many corrections the document has.
   */
  async *documentCorrectionsInPages(
    orgId: string,
    documentId: string,
    options: { status?: CorrectionRecord['status']; pageSize?: number } = {},
  ): AsyncGenerator<CorrectionRecord[]> {
    const pageSize = options.pageSize ?? 500;
    let afterId: string | undefined;
    for (;;) {
      let query = this.db.selectFrom('corrections').selectAll().where('org_id', '=', orgId).where('document_id', '=', documentId);
      if (options.status !== undefined) query = query.where('status', '=', options.status);
      if (afterId !== undefined) query = query.where('id', '>', afterId);
      const rows = await query.orderBy('id').limit(pageSize).execute();
      if (rows.length > 0) yield rows.map(toRecord);
      if (rows.length < pageSize) return;
      afterId = rows[rows.length - 1].id;
    }
  }

  /** Keeps the current revision in history, then writes revision n+1 in place. */
  async revise(
    orgId: string,
    current: CorrectionRecord,
    next: Pick<CorrectionRecord, 'status' | 'corrected' | 'reason' | 'note' | 'updated_by' | 'updated_at'> & { time_spent_ms?: number | null },
  ): Promise<void> {
    await this.db
      .insertInto('correction_revisions')
      .values({
        id: newId('correv'),
        org_id: orgId,
        correction_id: current.id,
        revision: current.revision,
        status: current.status,
        corrected_json: JSON.stringify(current.corrected),
        reason: current.reason,
        note: current.note,
        updated_by: current.updated_by,
        updated_at: current.updated_at,
      })
      .execute();
    await this.db
      .updateTable('corrections')
      .set({
        revision: current.revision + 1,
        status: next.status,
        corrected_json: JSON.stringify(next.corrected),
        reason: next.reason,
        note: next.note,
        updated_by: next.updated_by,
        updated_at: next.updated_at,
        ...(next.time_spent_ms === undefined ? {} : { time_spent_ms: next.time_spent_ms }),
      })
      .where('org_id', '=', orgId)
      .where('id', '=', current.id)
      .execute();
  }

  /** Marks a correction superseded without a new revision (a newer correction or a forced rerun replaced it). */
  async setStatus(orgId: string, id: string, status: CorrectionRecord['status'], now: string): Promise<void> {
    await this.db.updateTable('corrections').set({ status, updated_at: now }).where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  /** Moves an active correction onto the item that replaced its item in a rerun. */
  async moveToItem(orgId: string, id: string, itemId: string, runId: string, now: string): Promise<void> {
    await this.db
      .updateTable('corrections')
      .set({ item_id: itemId, run_id: runId, updated_at: now })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
  }

  async history(orgId: string, correctionId: string): Promise<CorrectionRevision[]> {
    const rows = await this.db
      .selectFrom('correction_revisions')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('correction_id', '=', correctionId)
      .orderBy('revision')
      .execute();
    return rows.map((r) => ({
      revision: Number(r.revision),
      status: r.status,
      corrected: fromJson<CorrectedValue>(r.corrected_json, {
        value: null,
        value_state: 'absent',
        provenance: { quote: '', text_source: 'native', anchors: [] },
        reanchored: false,
      }),
      reason: r.reason,
      note: r.note,
      updated_by: r.updated_by,
      updated_at: r.updated_at,
    }));
  }

  async deleteByDocuments(orgId: string, documentIds: readonly string[]): Promise<void> {
    if (documentIds.length === 0) return;
    const ids = (
      await this.db
        .selectFrom('corrections')
        .select('id')
        .where('org_id', '=', orgId)
        .where('document_id', 'in', [...documentIds])
        .execute()
    ).map((r) => r.id);
    if (ids.length > 0) await this.db.deleteFrom('correction_revisions').where('org_id', '=', orgId).where('correction_id', 'in', ids).execute();
    await this.db
      .deleteFrom('corrections')
      .where('org_id', '=', orgId)
      .where('document_id', 'in', [...documentIds])
      .execute();
  }
}
