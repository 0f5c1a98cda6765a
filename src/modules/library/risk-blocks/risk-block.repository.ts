/** Risk blocks of an organization. Every method takes orgId first. */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../../storage/schema.js';
import type { RiskBlockTable } from '../../../storage/tables/library.js';
import { type Page, type PageRequest, mapPage } from '../../../storage/keyset-page.js';
import { type ListView, viewPage } from '../../../storage/list-view.js';

export interface RiskBlockRecord {
  id: string;
  key: string;
  heading: string;
  template: string;
  status: string;
  statutoryRef: string | null;
  appliesTo: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type RiskBlockChanges = Partial<Omit<RiskBlockRecord, 'id' | 'createdAt' | 'updatedAt'>>;

function toRecord(row: Selectable<RiskBlockTable>): RiskBlockRecord {
  return {
    id: row.id,
    key: row.key,
    heading: row.heading,
    template: row.template,
    status: row.status,
    statutoryRef: row.statutory_ref,
    appliesTo: row.applies_to,
    approvedBy: row.approved_by,
    approvedAt: row.approved_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class RiskBlockRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** By key, one page at a time. */
  async listPage(orgId: string, page: PageRequest, view: ListView = {}): Promise<Page<RiskBlockRecord>> {
    const query = this.db.selectFrom('risk_blocks').selectAll().where('org_id', '=', orgId);
    return mapPage(
      viewPage(
        query,
        { name: 'key', search: ['key', 'heading'], fallback: { sort: 'key', sortType: 'string', id: 'id', direction: 'asc', keyOf: (r) => [r.key, r.id] } },
        view,
        page,
      ),
      toRecord,
    );
  }

  async list(orgId: string): Promise<RiskBlockRecord[]> {
    const rows = await this.db.selectFrom('risk_blocks').selectAll().where('org_id', '=', orgId).orderBy('key', 'asc').execute();
    return rows.map(toRecord);
  }

  async findById(orgId: string, id: string): Promise<RiskBlockRecord | undefined> {
    const row = await this.db.selectFrom('risk_blocks').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async findByKey(orgId: string, key: string): Promise<RiskBlockRecord | undefined> {
    const row = await this.db.selectFrom('risk_blocks').selectAll().where('org_id', '=', orgId).where('key', '=', key).executeTakeFirst();
    return row && toRecord(row);
  }

  async findByIds(orgId: string, ids: readonly string[]): Promise<RiskBlockRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('risk_blocks')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map(toRecord);
  }

  async insert(orgId: string, block: RiskBlockRecord): Promise<RiskBlockRecord> {
    await this.db
      .insertInto('risk_blocks')
      .values({
        id: block.id,
        org_id: orgId,
        key: block.key,
        heading: block.heading,
        template: block.template,
        status: block.status,
        statutory_ref: block.statutoryRef,
        applies_to: block.appliesTo,
        approved_by: block.approvedBy,
        approved_at: block.approvedAt,
        created_at: block.createdAt,
        updated_at: block.updatedAt,
      })
      .execute();
    return block;
  }

  async update(orgId: string, id: string, changes: RiskBlockChanges, now: string): Promise<void> {
    const set: Updateable<RiskBlockTable> = { updated_at: now };
    if (changes.key !== undefined) set.key = changes.key;
    if (changes.heading !== undefined) set.heading = changes.heading;
    if (changes.template !== undefined) set.template = changes.template;
    if (changes.status !== undefined) set.status = changes.status;
    if (changes.statutoryRef !== undefined) set.statutory_ref = changes.statutoryRef;
    if (changes.appliesTo !== undefined) set.applies_to = changes.appliesTo;
    if (changes.approvedBy !== undefined) set.approved_by = changes.approvedBy;
    if (changes.approvedAt !== undefined) set.approved_at = changes.approvedAt;
    await this.db.updateTable('risk_blocks').set(set).where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  async delete(orgId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('risk_blocks').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
