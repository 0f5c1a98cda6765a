/** Immutable per-run pins: the full manifest and the output. Never updated, never restored. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type { GenerationSnapshotTable } from '../../storage/tables/generation.js';
import { fromJson } from '../json-column.js';
import type { GenerationSnapshotRecord } from './generation-snapshot-record.js';
import { cachedSnapshot, keepSnapshot } from './snapshot-records-cache.js';
import { type Page, type PageRequest, keysetPage, mapPage } from '../../storage/keyset-page.js';

export type { GenerationSnapshotRecord } from './generation-snapshot-record.js';

function toRecord(row: Selectable<GenerationSnapshotTable>): GenerationSnapshotRecord {
  return {
    id: row.id,
    documentId: row.document_id,
    runId: row.run_id,
    runNumber: row.run_number,
    manifest: fromJson<Record<string, unknown>>(row.manifest_json, {}),
    output: fromJson<GenerationSnapshotRecord['output']>(row.output_json, { sections: [] }),
    manifestHash: row.manifest_hash,
    createdAt: row.created_at,
  };
}

export class GenerationSnapshotRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(orgId: string, record: GenerationSnapshotRecord): Promise<void> {
    await this.db
      .insertInto('generation_snapshots')
      .values({
        id: record.id,
        org_id: orgId,
        document_id: record.documentId,
        run_id: record.runId,
        run_number: record.runNumber,
        manifest_json: JSON.stringify(record.manifest),
        output_json: JSON.stringify(record.output),
        manifest_hash: record.manifestHash,
        created_at: record.createdAt,
      })
      .execute();
  }

  /** Newest first, one page at a time. */
  async listPage(orgId: string, documentId: string, page: PageRequest): Promise<Page<GenerationSnapshotRecord>> {
    const query = this.db.selectFrom('generation_snapshots').selectAll().where('org_id', '=', orgId).where('document_id', '=', documentId);
    return mapPage(
      keysetPage(query, { sort: 'run_number', sortType: 'number', id: 'id', direction: 'desc', keyOf: (r) => [r.run_number, r.id] }, page),
      toRecord,
    );
  }

  /**
   * Newest first; `limit` bounds how many (manifests are large). The ids are listed first and only
   * snapshots this process has not decoded yet are read in full (snapshot-records-cache.ts).
   * The records are shared: callers must not change them.
   */
  async listByDocument(orgId: string, documentId: string, limit?: number): Promise<GenerationSnapshotRecord[]> {
    let query = this.db
      .selectFrom('generation_snapshots')
      .select('id')
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .orderBy('run_number', 'desc');
    if (limit !== undefined) query = query.limit(limit);
    const ids = (await query.execute()).map((row) => row.id);
    const found = new Map<string, GenerationSnapshotRecord>();
    const missing: string[] = [];
    for (const id of ids) {
      const cached = cachedSnapshot(id);
      if (cached) found.set(id, cached);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const rows = await this.db
        .selectFrom('generation_snapshots')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('document_id', '=', documentId)
        .where('id', 'in', missing)
        .execute();
      for (const row of rows) {
        const record = toRecord(row);
        found.set(row.id, record);
        keepSnapshot(record, row.manifest_json.length + row.output_json.length);
      }
    }
    // A snapshot listed but gone by the second read (its document deleted in between) is left out.
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  async findById(orgId: string, documentId: string, id: string): Promise<GenerationSnapshotRecord | undefined> {
    const row = await this.db
      .selectFrom('generation_snapshots')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  }
}
