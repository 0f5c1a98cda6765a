/** Voices (writing styles) of an organization. Every method takes orgId first. */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../../storage/schema.js';
import type { VoiceTable } from '../../../storage/tables/library.js';
import { fromJson } from '../../json-column.js';
import { type Page, type PageRequest, mapPage } from '../../../storage/keyset-page.js';
import { type ListView, viewPage } from '../../../storage/list-view.js';

export interface VoiceRecord {
  id: string;
  name: string;
  /** The style rubric. */
  description: string | null;
  /** Example passages. */
  samples: string[];
  createdAt: string;
  updatedAt: string;
}

export type VoiceChanges = Partial<Pick<VoiceRecord, 'name' | 'description' | 'samples'>>;

function toRecord(row: Selectable<VoiceTable>): VoiceRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    samples: fromJson<string[]>(row.samples_json, []),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class VoiceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** By name, one page at a time. */
  async listPage(orgId: string, page: PageRequest, view: ListView = {}): Promise<Page<VoiceRecord>> {
    const query = this.db.selectFrom('voices').selectAll().where('org_id', '=', orgId);
    return mapPage(
      viewPage(
        query,
        { name: 'name', search: ['name'], fallback: { sort: 'name', sortType: 'string', id: 'id', direction: 'asc', keyOf: (r) => [r.name, r.id] } },
        view,
        page,
      ),
      toRecord,
    );
  }

  async list(orgId: string): Promise<VoiceRecord[]> {
    const rows = await this.db.selectFrom('voices').selectAll().where('org_id', '=', orgId).orderBy('name', 'asc').execute();
    return rows.map(toRecord);
  }

  async findById(orgId: string, id: string): Promise<VoiceRecord | undefined> {
    const row = await this.db.selectFrom('voices').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async findByName(orgId: string, name: string): Promise<VoiceRecord | undefined> {
    const row = await this.db.selectFrom('voices').selectAll().where('org_id', '=', orgId).where('name', '=', name).executeTakeFirst();
    return row && toRecord(row);
  }

  async insert(orgId: string, voice: VoiceRecord): Promise<VoiceRecord> {
    await this.db
      .insertInto('voices')
      .values({
        id: voice.id,
        org_id: orgId,
        name: voice.name,
        description: voice.description,
        samples_json: JSON.stringify(voice.samples),
        created_at: voice.createdAt,
        updated_at: voice.updatedAt,
      })
      .execute();
    return voice;
  }

  async update(orgId: string, id: string, changes: VoiceChanges, now: string): Promise<void> {
    const set: Updateable<VoiceTable> = { updated_at: now };
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.samples !== undefined) set.samples_json = JSON.stringify(changes.samples);
    await this.db.updateTable('voices').set(set).where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  async delete(orgId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('voices').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
