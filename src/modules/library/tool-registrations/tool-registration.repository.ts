/** Tool registrations of an organization. Every method takes orgId first: a foreign row is not found. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../storage/schema.js';
import type { ToolRegistrationTable } from '../../../storage/tables/tools.js';
import { fromJson, toJson } from '../../json-column.js';
import { type Page, type PageRequest, mapPage } from '../../../storage/keyset-page.js';
import { type ListView, viewPage } from '../../../storage/list-view.js';

export interface ToolRegistrationRecord {
  id: string;
  name: string;
  category: string;
  classPath: string;
  config: Record<string, unknown>;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

function toRecord(row: Selectable<ToolRegistrationTable>): ToolRegistrationRecord {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    classPath: row.class_path,
    config: fromJson<Record<string, unknown>>(row.config_json, {}),
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class ToolRegistrationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Oldest first, one page at a time. */
  async listPage(orgId: string, page: PageRequest, view: ListView = {}): Promise<Page<ToolRegistrationRecord>> {
    const query = this.db.selectFrom('tool_registrations').selectAll().where('org_id', '=', orgId);
    return mapPage(
      viewPage(
        query,
        {
          name: 'name',
          search: ['name'],
          fallback: { sort: 'created_at', sortType: 'string', id: 'id', direction: 'asc', keyOf: (r) => [r.created_at, r.id] },
        },
        view,
        page,
      ),
      toRecord,
    );
  }

  /** The organization's registrations, oldest first (ties by id). */
  async list(orgId: string): Promise<ToolRegistrationRecord[]> {
    const rows = await this.db
      .selectFrom('tool_registrations')
      .selectAll()
      .where('org_id', '=', orgId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(toRecord);
  }

  async findById(orgId: string, id: string): Promise<ToolRegistrationRecord | undefined> {
    const row = await this.db.selectFrom('tool_registrations').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async findByName(orgId: string, name: string): Promise<ToolRegistrationRecord | undefined> {
    const row = await this.db.selectFrom('tool_registrations').selectAll().where('org_id', '=', orgId).where('name', '=', name).executeTakeFirst();
    return row && toRecord(row);
  }

  /** @throws the driver's unique violation when the name is taken in the organization. */
  async insert(orgId: string, record: ToolRegistrationRecord): Promise<void> {
    await this.db
      .insertInto('tool_registrations')
      .values({
        id: record.id,
        org_id: orgId,
        name: record.name,
        category: record.category,
        class_path: record.classPath,
        config_json: toJson(record.config) ?? '{}',
        created_by: record.createdBy,
        created_at: record.createdAt,
        updated_at: record.updatedAt,
      })
      .execute();
  }

  /** @returns whether a row of the organization was deleted. */
  async delete(orgId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('tool_registrations').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
