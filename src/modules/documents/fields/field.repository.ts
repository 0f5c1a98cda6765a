/** A document's fields: key → string value, with type and requiredness. Scoped by orgId. */
import type { Kysely, Selectable, Updateable } from 'kysely';
import { fromDbBool, toDbBool } from '../../../storage/dialect.js';
import type { Database, DocumentFieldTable } from '../../../storage/schema.js';
import { fromJson, toJson } from '../../json-column.js';
import { type Page, type PageRequest, keysetPage, mapPage } from '../../../storage/keyset-page.js';
import { insertRows } from '../../../storage/bulk-insert.js';

export interface FieldRecord {
  id: string;
  documentId: string;
  key: string;
  value: string;
  valueType: string;
  isRequired: boolean;
  label: string | null;
  description: string | null;
  /** Allowed values of an `enum` field. */
  options: string[] | null;
  ordinal: number;
}

/** A `document_fields` row as a record (the boolean and the options JSON decoded). */
export function fieldFromRow(row: Selectable<DocumentFieldTable>): FieldRecord {
  return {
    id: row.id,
    documentId: row.document_id,
    key: row.key,
    value: row.value,
    valueType: row.value_type,
    isRequired: fromDbBool(row.is_required),
    label: row.label,
    description: row.description,
    options: fromJson<string[] | null>(row.options_json, null),
    ordinal: row.ordinal,
  };
}

export type FieldChanges = Partial<Omit<FieldRecord, 'id' | 'documentId'>>;

/** Rows per multi-row insert: well under both dialects' limit on bound parameters. */
const ROWS_PER_STATEMENT = 500;

function fieldRow(orgId: string, field: FieldRecord, now: string) {
  return {
    id: field.id,
    org_id: orgId,
    document_id: field.documentId,
    key: field.key,
    value: field.value,
    value_type: field.valueType,
    is_required: toDbBool(field.isRequired),
    label: field.label,
    description: field.description,
    options_json: toJson(field.options),
    ordinal: field.ordinal,
    created_at: now,
    updated_at: now,
  };
}

export class FieldRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** In ordinal order then key (unique per document), one page at a time. */
  async listPage(orgId: string, documentId: string, page: PageRequest): Promise<Page<FieldRecord>> {
    const query = this.db.selectFrom('document_fields').selectAll().where('org_id', '=', orgId).where('document_id', '=', documentId);
    return mapPage(
      keysetPage(query, { sort: 'ordinal', sortType: 'number', id: 'key', direction: 'asc', keyOf: (r) => [r.ordinal, r.key] }, page),
      fieldFromRow,
    );
  }

  async listByDocument(orgId: string, documentId: string): Promise<FieldRecord[]> {
    const rows = await this.db
      .selectFrom('document_fields')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .orderBy('ordinal', 'asc')
      .orderBy('key', 'asc')
      .execute();
    return rows.map(fieldFromRow);
  }

  /** Fields of several documents at once (list views), grouped by document id. */
  async listByDocuments(orgId: string, documentIds: string[]): Promise<Map<string, FieldRecord[]>> {
    const grouped = new Map<string, FieldRecord[]>();
    if (documentIds.length === 0) return grouped;
    const rows = await this.db
      .selectFrom('document_fields')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', 'in', documentIds)
      .orderBy('ordinal', 'asc')
      .orderBy('key', 'asc')
      .execute();
    for (const row of rows) {
      const list = grouped.get(row.document_id) ?? [];
      list.push(fieldFromRow(row));
      grouped.set(row.document_id, list);
    }
    return grouped;
  }

  async insert(orgId: string, field: FieldRecord, now: string): Promise<void> {
    await this.db
      .insertInto('document_fields')
      .values(fieldRow(orgId, field, now))
      .execute();
  }

  /** Many fields in one statement per chunk (a merge writes a page of documents at once). */
  async insertMany(orgId: string, fields: readonly FieldRecord[], now: string): Promise<void> {
    await insertRows(
      this.db,
      'document_fields',
      fields.map((field) => fieldRow(orgId, field, now)),
      ROWS_PER_STATEMENT,
    );
  }

  async update(orgId: string, documentId: string, id: string, changes: FieldChanges, now: string): Promise<void> {
    const set: Updateable<DocumentFieldTable> = { updated_at: now };
    if (changes.key !== undefined) set.key = changes.key;
    if (changes.value !== undefined) set.value = changes.value;
    if (changes.valueType !== undefined) set.value_type = changes.valueType;
    if (changes.isRequired !== undefined) set.is_required = toDbBool(changes.isRequired);
    if (changes.label !== undefined) set.label = changes.label;
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.options !== undefined) set.options_json = toJson(changes.options);
    if (changes.ordinal !== undefined) set.ordinal = changes.ordinal;
    await this.db.updateTable('document_fields').set(set).where('org_id', '=', orgId).where('document_id', '=', documentId).where('id', '=', id).execute();
  }

  async delete(orgId: string, documentId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('document_fields')
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
