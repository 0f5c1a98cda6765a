/** Texts (phrase atoms) of an organization. Every method takes orgId first. */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../../storage/schema.js';
import type { TextTable } from '../../../storage/tables/library.js';
import { fromJson, toJson } from '../../json-column.js';
import { type Page, type PageRequest, mapPage } from '../../../storage/keyset-page.js';
import { type ListView, viewPage } from '../../../storage/list-view.js';

export interface TextRecord {
  id: string;
  key: string;
  value: string;
  valueType: string;
  name: string | null;
  description: string | null;
  headingTemplate: string | null;
  narrativeTemplate: string | null;
  bullets: string[];
  entityRolesUsed: string[];
  createdAt: string;
  updatedAt: string;
}

export type TextChanges = Partial<Omit<TextRecord, 'id' | 'createdAt' | 'updatedAt'>>;

function toRecord(row: Selectable<TextTable>): TextRecord {
  return {
    id: row.id,
    key: row.key,
    value: row.value,
    valueType: row.value_type,
    name: row.name,
    description: row.description,
    headingTemplate: row.heading_template,
    narrativeTemplate: row.narrative_template,
    bullets: fromJson<string[]>(row.bullets_json, []),
    entityRolesUsed: fromJson<string[]>(row.entity_roles_used_json, []),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Empty arrays are stored as NULL so "cleared" and "never set" are one state. */
const listColumn = (list: readonly string[]) => (list.length === 0 ? null : toJson(list));

export class TextRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** By key, one page at a time. */
  async listPage(orgId: string, page: PageRequest, view: ListView = {}): Promise<Page<TextRecord>> {
    const query = this.db.selectFrom('texts').selectAll().where('org_id', '=', orgId);
    return mapPage(
      viewPage(
        query,
        { name: 'key', search: ['key', 'name'], fallback: { sort: 'key', sortType: 'string', id: 'id', direction: 'asc', keyOf: (r) => [r.key, r.id] } },
        view,
        page,
      ),
      toRecord,
    );
  }

  async list(orgId: string): Promise<TextRecord[]> {
    const rows = await this.db.selectFrom('texts').selectAll().where('org_id', '=', orgId).orderBy('key', 'asc').execute();
    return rows.map(toRecord);
  }

  async findById(orgId: string, id: string): Promise<TextRecord | undefined> {
    const row = await this.db.selectFrom('texts').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async findByKey(orgId: string, key: string): Promise<TextRecord | undefined> {
    const row = await this.db.selectFrom('texts').selectAll().where('org_id', '=', orgId).where('key', '=', key).executeTakeFirst();
    return row && toRecord(row);
  }

  async findByIds(orgId: string, ids: readonly string[]): Promise<TextRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('texts')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map(toRecord);
  }

  async insert(orgId: string, text: TextRecord): Promise<TextRecord> {
    await this.db
      .insertInto('texts')
      .values({
        id: text.id,
        org_id: orgId,
        key: text.key,
        value: text.value,
        value_type: text.valueType,
        name: text.name,
        description: text.description,
        heading_template: text.headingTemplate,
        narrative_template: text.narrativeTemplate,
        bullets_json: listColumn(text.bullets),
        entity_roles_used_json: listColumn(text.entityRolesUsed),
        created_at: text.createdAt,
        updated_at: text.updatedAt,
      })
      .execute();
    return text;
  }

  async update(orgId: string, id: string, changes: TextChanges, now: string): Promise<void> {
    const set: Updateable<TextTable> = { updated_at: now };
    if (changes.key !== undefined) set.key = changes.key;
    if (changes.value !== undefined) set.value = changes.value;
    if (changes.valueType !== undefined) set.value_type = changes.valueType;
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.headingTemplate !== undefined) set.heading_template = changes.headingTemplate;
    if (changes.narrativeTemplate !== undefined) set.narrative_template = changes.narrativeTemplate;
    if (changes.bullets !== undefined) set.bullets_json = listColumn(changes.bullets);
    if (changes.entityRolesUsed !== undefined) set.entity_roles_used_json = listColumn(changes.entityRolesUsed);
    await this.db.updateTable('texts').set(set).where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  async delete(orgId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('texts').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
