/** Organization entities (`ent_`): the parties snippet bindings name. Every method takes orgId first. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../storage/schema.js';
import type { EntityTable } from '../../../storage/tables/library.js';
import { fromJson } from '../../json-column.js';
import { type Page, type PageRequest, mapPage } from '../../../storage/keyset-page.js';
import { type ListView, viewPage } from '../../../storage/list-view.js';

export type EntityAttributes = Record<string, string | number | boolean | null>;

export interface EntityRecord {
  id: string;
  name: string;
  kind: string | null;
  attributes: EntityAttributes;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

function toRecord(row: Selectable<EntityTable>): EntityRecord {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    attributes: fromJson<EntityAttributes>(row.attributes_json, {}),
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class EntityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** By name, one page at a time. */
  async listPage(orgId: string, page: PageRequest, view: ListView = {}): Promise<Page<EntityRecord>> {
    const query = this.db.selectFrom('entities').selectAll().where('org_id', '=', orgId);
    return mapPage(
      viewPage(
        query,
        { name: 'name', search: ['name', 'kind'], fallback: { sort: 'name', sortType: 'string', id: 'id', direction: 'asc', keyOf: (r) => [r.name, r.id] } },
        view,
        page,
      ),
      toRecord,
    );
  }

  /** The oldest entity of the organization with exactly this name (names are not unique), if any. */
  async findByName(orgId: string, name: string): Promise<EntityRecord | undefined> {
    const row = await this.db.selectFrom('entities').selectAll().where('org_id', '=', orgId).where('name', '=', name).orderBy('id', 'asc').executeTakeFirst();
    return row && toRecord(row);
  }

  async findById(orgId: string, id: string): Promise<EntityRecord | undefined> {
    const row = await this.db.selectFrom('entities').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /** The entities of the organization among `ids` (foreign or missing ids are simply absent). */
  async findByIds(orgId: string, ids: readonly string[]): Promise<EntityRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('entities')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map(toRecord);
  }

  async update(orgId: string, id: string, changes: Pick<EntityRecord, 'name' | 'kind' | 'attributes' | 'updatedAt'>): Promise<void> {
    await this.db
      .updateTable('entities')
      .set({ name: changes.name, kind: changes.kind, attributes_json: JSON.stringify(changes.attributes), updated_at: changes.updatedAt })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
  }

  async delete(orgId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('entities').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async insert(orgId: string, entity: EntityRecord): Promise<EntityRecord> {
    await this.db
      .insertInto('entities')
      .values({
        id: entity.id,
        org_id: orgId,
        name: entity.name,
        kind: entity.kind,
        attributes_json: JSON.stringify(entity.attributes),
        created_by: entity.createdBy,
        created_at: entity.createdAt,
        updated_at: entity.updatedAt,
      })
      .execute();
    return entity;
  }
}
