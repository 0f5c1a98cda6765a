/** Synthesized contexts, one per synthesize call, newest first. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type { SynthesizedContextTable } from '../../storage/tables/generation.js';
import { fromJson } from '../json-column.js';
import { type Page, type PageRequest, keysetPage, mapPage } from '../../storage/keyset-page.js';

export interface SynthesizedContextRecord {
  id: string;
  documentId: string;
  runId: string | null;
  mode: string;
  model: string | null;
  payload: unknown;
  schemaPath: string | null;
  createdAt: string;
}

function toRecord(row: Selectable<SynthesizedContextTable>): SynthesizedContextRecord {
  return {
    id: row.id,
    documentId: row.document_id,
    runId: row.run_id,
    mode: row.mode,
    model: row.model,
    payload: fromJson<unknown>(row.payload_json, null),
    schemaPath: row.schema_path,
    createdAt: row.created_at,
  };
}

export class SynthesizedContextRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(orgId: string, record: SynthesizedContextRecord): Promise<void> {
    await this.db
      .insertInto('synthesized_contexts')
      .values({
        id: record.id,
        org_id: orgId,
        document_id: record.documentId,
        run_id: record.runId,
        mode: record.mode,
        model: record.model,
        payload_json: JSON.stringify(record.payload ?? null),
        schema_path: record.schemaPath,
        created_at: record.createdAt,
      })
      .execute();
  }

  /** Newest first, one page at a time. */
  async listPage(orgId: string, documentId: string, page: PageRequest): Promise<Page<SynthesizedContextRecord>> {
    const query = this.db.selectFrom('synthesized_contexts').selectAll().where('org_id', '=', orgId).where('document_id', '=', documentId);
    return mapPage(
      keysetPage(query, { sort: 'created_at', sortType: 'string', id: 'id', direction: 'desc', keyOf: (r) => [r.created_at, r.id] }, page),
      toRecord,
    );
  }

  async listByDocument(orgId: string, documentId: string): Promise<SynthesizedContextRecord[]> {
    const rows = await this.db
      .selectFrom('synthesized_contexts')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toRecord);
  }
}
