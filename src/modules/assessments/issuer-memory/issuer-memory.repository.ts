/** Issuer memories (`imem_`) and run layouts. Every method takes orgId first. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../storage/schema.js';
import type { IssuerMemoryTable } from '../../../storage/tables/issuer-memory.js';
import type { HistoryEntry, IssuerIdentity, RememberedField } from '../../../extraction/memory/memory-types.js';
import type { PlacedSegment } from '../../../extraction/memory/placed-segments.js';
import { fromJson, toJson } from '../../json-column.js';

/** The row with its JSON columns parsed. */
export interface IssuerMemoryRecord {
  id: string;
  org_id: string;
  name: string | null;
  identity: IssuerIdentity;
  fields: RememberedField[];
  history: Record<string, HistoryEntry[]>;
  applied_count: number;
  last_applied_at: string | null;
  created_at: string;
  updated_at: string;
}

function toRecord(row: Selectable<IssuerMemoryTable>): IssuerMemoryRecord {
  return {
    id: row.id,
    org_id: row.org_id,
    name: row.name,
    identity: fromJson<IssuerIdentity>(row.identity_json, { name: null, vat_ids: [], ibans: [], fingerprint: [] }),
    fields: fromJson<RememberedField[]>(row.fields_json, []),
    history: fromJson<Record<string, HistoryEntry[]>>(row.history_json, {}),
    applied_count: Number(row.applied_count),
    last_applied_at: row.last_applied_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export class IssuerMemoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(orgId: string, id: string): Promise<IssuerMemoryRecord | undefined> {
    const row = await this.db.selectFrom('issuer_memories').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  /** Newest first, `limit` from before `cursor` (an id). */
  async list(orgId: string, options: { limit: number; cursor?: string }): Promise<IssuerMemoryRecord[]> {
    let query = this.db.selectFrom('issuer_memories').selectAll().where('org_id', '=', orgId);
    if (options.cursor) query = query.where('id', '<', options.cursor);
    return (await query.orderBy('id', 'desc').limit(options.limit).execute()).map(toRecord);
  }

  /** Every memory of the organization (matching a document compares it with each). */
  async listAll(orgId: string): Promise<IssuerMemoryRecord[]> {
    return (await this.db.selectFrom('issuer_memories').selectAll().where('org_id', '=', orgId).orderBy('id').execute()).map(toRecord);
  }

  async save(orgId: string, m: Omit<IssuerMemoryRecord, 'org_id'>): Promise<void> {
    const row = {
      name: m.name,
      identity_json: toJson(m.identity) ?? '{}',
      fields_json: toJson(m.fields) ?? '[]',
      history_json: toJson(m.history) ?? '{}',
      applied_count: m.applied_count,
      last_applied_at: m.last_applied_at,
      updated_at: m.updated_at,
    };
    const updated = await this.db.updateTable('issuer_memories').set(row).where('org_id', '=', orgId).where('id', '=', m.id).executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return;
    await this.db
      .insertInto('issuer_memories')
      .values({ ...row, id: m.id, org_id: orgId, created_at: m.created_at })
      .execute();
  }

  async markApplied(orgId: string, id: string, now: string): Promise<void> {
    await this.db
      .updateTable('issuer_memories')
      .set((eb) => ({ applied_count: eb('applied_count', '+', 1), last_applied_at: now }))
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
  }

  /** True when a memory was deleted. */
  async delete(orgId: string, id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('issuer_memories').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async saveRunLayout(orgId: string, runId: string, documentId: string, segments: PlacedSegment[], now: string): Promise<void> {
    await this.db
      .insertInto('run_layouts')
      .values({ run_id: runId, org_id: orgId, document_id: documentId, segments_json: toJson(segments) ?? '[]', created_at: now })
      .execute();
  }

  async runLayout(orgId: string, runId: string): Promise<PlacedSegment[] | undefined> {
    const row = await this.db.selectFrom('run_layouts').select('segments_json').where('org_id', '=', orgId).where('run_id', '=', runId).executeTakeFirst();
    return row ? fromJson<PlacedSegment[]>(row.segments_json, []) : undefined;
  }
}
