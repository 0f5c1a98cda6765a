/** Assessments. Every method takes orgId first: another organization's row is not found. */
import type { Kysely, Selectable } from 'kysely';
import type { AssessmentTable } from '../../../storage/tables/assessments.js';
import type { Database } from '../../../storage/schema.js';
import { fromJson, toJson } from '../../json-column.js';
import type { ValueType } from '../../../extraction/types.js';
import { type Page, type PageRequest, mapPage } from '../../../storage/keyset-page.js';
import { type ListView, viewPage } from '../../../storage/list-view.js';

/** One requirement of a case file (§4.1). */
export interface Requirement {
  key: string;
  label?: string;
  /** The value type a model-read item gets (`prc_llm_fields`); string when not given. */
  value_type?: ValueType;
  occurrence?: 'required_once' | 'optional_once' | 'required_multiple' | 'optional_multiple';
  min_confidence?: number;
  require_validation?: boolean;
  min_count?: number;
}

/** The row, with `automation` narrowed and the requirements parsed. */
export interface AssessmentRecord extends Omit<Selectable<AssessmentTable>, 'automation' | 'requirements_json'> {
  automation: 'never' | 'confident';
  requirements: Requirement[];
}

function toRecord(row: Selectable<AssessmentTable>): AssessmentRecord {
  return {
    id: row.id,
    org_id: row.org_id,
    name: row.name,
    description: row.description,
    processor_id: row.processor_id,
    automation: row.automation === 'confident' ? 'confident' : 'never',
    requirements: fromJson<Requirement[]>(row.requirements_json, []),
    linked_document_id: row.linked_document_id,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export class AssessmentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(orgId: string, record: Omit<AssessmentRecord, 'org_id'>): Promise<AssessmentRecord> {
    const row: Selectable<AssessmentTable> = {
      id: record.id,
      org_id: orgId,
      name: record.name,
      description: record.description,
      processor_id: record.processor_id,
      automation: record.automation,
      requirements_json: toJson(record.requirements),
      linked_document_id: record.linked_document_id,
      created_by: record.created_by,
      created_at: record.created_at,
      updated_at: record.updated_at,
    };
    await this.db.insertInto('assessments').values(row).execute();
    return toRecord(row);
  }

  async findById(orgId: string, id: string): Promise<AssessmentRecord | undefined> {
    const row = await this.db.selectFrom('assessments').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /** Newest first; `cursor` is the last id of the previous page (ids sort by time). */
  /** In the view's order (absent: by id, newest first, as before), `q` on the name (ADR 0681, 0685). */
  async listPage(orgId: string, page: PageRequest, view: ListView = {}): Promise<Page<AssessmentRecord>> {
    const query = this.db.selectFrom('assessments').selectAll().where('org_id', '=', orgId);
    return mapPage(
      viewPage(
        query,
        { name: 'name', search: ['name'], fallback: { sort: 'id', sortType: 'string', id: 'id', direction: 'desc', keyOf: (r) => [r.id, r.id] } },
        view,
        page,
      ),
      toRecord,
    );
  }

  async listLinkedTo(orgId: string, documentId: string): Promise<AssessmentRecord[]> {
    const rows = await this.db
      .selectFrom('assessments')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('linked_document_id', '=', documentId)
      .orderBy('id')
      .execute();
    return rows.map(toRecord);
  }

  async touch(orgId: string, id: string, now: string): Promise<void> {
    await this.db.updateTable('assessments').set({ updated_at: now }).where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  async delete(orgId: string, id: string): Promise<void> {
    await this.db.deleteFrom('assessments').where('org_id', '=', orgId).where('id', '=', id).execute();
  }
}
