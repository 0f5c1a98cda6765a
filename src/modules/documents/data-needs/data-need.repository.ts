/** A document's data-needs (source actions), in ordinal order. Scoped by orgId and document. */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { DataNeedTable, Database } from '../../../storage/schema.js';
import type { DataNeed, DataNeedSpec } from '../../../pipeline/data-need.js';
import { fromJson, toJson } from '../../json-column.js';
import { type Page, type PageRequest, keysetPage, mapPage } from '../../../storage/keyset-page.js';

/** A stored data-need: the pipeline's need (its one declaration) with where and when it is kept. */
export interface DataNeedRecord extends DataNeed {
  documentId: string;
  ordinal: number;
  createdAt: string;
  updatedAt: string;
}

/** A `data_needs` row as a record (its JSON columns decoded). */
export function dataNeedFromRow(row: Selectable<DataNeedTable>): DataNeedRecord {
  return {
    id: row.id,
    documentId: row.document_id,
    ordinal: row.ordinal,
    kind: row.kind,
    outputKey: row.output_key,
    name: row.name,
    args: fromJson<Record<string, unknown> | null>(row.args_json, null),
    dependsOn: fromJson<string[] | null>(row.depends_on_json, null),
    promptBody: row.prompt_body,
    toolRef: row.tool_ref,
    toolsAvailable: fromJson<string[] | null>(row.tools_available_json, null),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type DataNeedChanges = Partial<DataNeedSpec & Pick<DataNeedRecord, 'ordinal'>>;

export class DataNeedRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** In ordinal order (ids, time-sortable, break ties), one page at a time. */
  async listPage(orgId: string, documentId: string, page: PageRequest): Promise<Page<DataNeedRecord>> {
    const query = this.db.selectFrom('data_needs').selectAll().where('org_id', '=', orgId).where('document_id', '=', documentId);
    return mapPage(
      keysetPage(query, { sort: 'ordinal', sortType: 'number', id: 'id', direction: 'asc', keyOf: (r) => [r.ordinal, r.id] }, page),
      dataNeedFromRow,
    );
  }

  async listByDocument(orgId: string, documentId: string): Promise<DataNeedRecord[]> {
    const rows = await this.db
      .selectFrom('data_needs')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .orderBy('ordinal', 'asc')
      .orderBy('created_at', 'asc')
      .execute();
    return rows.map(dataNeedFromRow);
  }

  async findById(orgId: string, documentId: string, id: string): Promise<DataNeedRecord | undefined> {
    const row = await this.db
      .selectFrom('data_needs')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && dataNeedFromRow(row);
  }

  async insert(orgId: string, need: DataNeedRecord): Promise<DataNeedRecord> {
    await this.db
      .insertInto('data_needs')
      .values({
        id: need.id,
        org_id: orgId,
        document_id: need.documentId,
        ordinal: need.ordinal,
        kind: need.kind,
        output_key: need.outputKey,
        name: need.name,
        args_json: toJson(need.args),
        depends_on_json: toJson(need.dependsOn),
        prompt_body: need.promptBody,
        tool_ref: need.toolRef,
        tools_available_json: toJson(need.toolsAvailable),
        created_at: need.createdAt,
        updated_at: need.updatedAt,
      })
      .execute();
    return need;
  }

  async update(orgId: string, documentId: string, id: string, changes: DataNeedChanges, now: string): Promise<void> {
    const set: Updateable<DataNeedTable> = { updated_at: now };
    if (changes.ordinal !== undefined) set.ordinal = changes.ordinal;
    if (changes.kind !== undefined) set.kind = changes.kind;
    if (changes.outputKey !== undefined) set.output_key = changes.outputKey;
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.args !== undefined) set.args_json = toJson(changes.args);
    if (changes.dependsOn !== undefined) set.depends_on_json = toJson(changes.dependsOn);
    if (changes.promptBody !== undefined) set.prompt_body = changes.promptBody;
    if (changes.toolRef !== undefined) set.tool_ref = changes.toolRef;
    if (changes.toolsAvailable !== undefined) set.tools_available_json = toJson(changes.toolsAvailable);
    await this.db.updateTable('data_needs').set(set).where('org_id', '=', orgId).where('document_id', '=', documentId).where('id', '=', id).execute();
  }

  async delete(orgId: string, documentId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('data_needs')
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
