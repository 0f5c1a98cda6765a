/** Whole-document output snapshots, numbered per document, newest first. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type { SnapshotTable } from '../../storage/tables/generation.js';
import { fromJson } from '../json-column.js';
import { type Page, type PageRequest, keysetPage, mapPage } from '../../storage/keyset-page.js';

export interface SnapshotSection {
  sectionId: string;
  key: string;
  title: string;
  content: string | null;
  status: string;
}

export interface SnapshotRecord {
  id: string;
  documentId: string;
  versionNumber: number;
  label: string;
  sections: SnapshotSection[];
  createdBy: string | null;
  createdAt: string;
}

function toRecord(row: Selectable<SnapshotTable>): SnapshotRecord {
  return {
    id: row.id,
    documentId: row.document_id,
    versionNumber: row.version_number,
    label: row.label,
    sections: fromJson<SnapshotSection[]>(row.sections_json, []),
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}

export class SnapshotRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Newest first, one page at a time. */
  async listPage(orgId: string, documentId: string, page: PageRequest): Promise<Page<SnapshotRecord>> {
    const query = this.db.selectFrom('snapshots').selectAll().where('org_id', '=', orgId).where('document_id', '=', documentId);
    return mapPage(
      keysetPage(query, { sort: 'version_number', sortType: 'number', id: 'id', direction: 'desc', keyOf: (r) => [r.version_number, r.id] }, page),
      toRecord,
    );
  }

  async listByDocument(orgId: string, documentId: string): Promise<SnapshotRecord[]> {
    const rows = await this.db
      .selectFrom('snapshots')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .orderBy('version_number', 'desc')
      .execute();
    return rows.map(toRecord);
  }

  async findById(orgId: string, documentId: string, id: string): Promise<SnapshotRecord | undefined> {
    const row = await this.db
      .selectFrom('snapshots')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async nextVersionNumber(orgId: string, documentId: string): Promise<number> {
    const row = await this.db
      .selectFrom('snapshots')
      .select((eb) => eb.fn.max('version_number').as('n'))
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .executeTakeFirst();
    return Number(row?.n ?? 0) + 1;
  }

  async insert(orgId: string, record: SnapshotRecord): Promise<void> {
    await this.db
      .insertInto('snapshots')
      .values({
        id: record.id,
        org_id: orgId,
        document_id: record.documentId,
        version_number: record.versionNumber,
        label: record.label,
        sections_json: JSON.stringify(record.sections),
        created_by: record.createdBy,
        created_at: record.createdAt,
      })
      .execute();
  }

  async delete(orgId: string, documentId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('snapshots')
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
