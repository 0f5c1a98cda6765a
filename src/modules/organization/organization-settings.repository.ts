/** An organization's settings (its letterhead). Every method takes orgId first: one row per organization. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type { OrganizationSettingsTable } from '../../storage/tables/organization.js';

export interface StoredLogo {
  mediaType: 'image/png' | 'image/jpeg';
  /** Base64 of the image bytes. */
  data: string;
  width: number;
  height: number;
}

export interface OrganizationSettingsRecord {
  letterheadName: string | null;
  /** Lines separated by "\n". */
  letterheadAddress: string | null;
  logo: StoredLogo | null;
  /** Null when nothing was ever set. */
  updatedAt: string | null;
}

export const EMPTY_SETTINGS: Readonly<OrganizationSettingsRecord> = Object.freeze({
  letterheadName: null,
  letterheadAddress: null,
  logo: null,
  updatedAt: null,
});

function toRecord(row: Selectable<OrganizationSettingsTable>): OrganizationSettingsRecord {
  const type = row.logo_media_type;
  const mediaType = type === 'image/png' || type === 'image/jpeg' ? type : null;
  const logo: StoredLogo | null =
    row.logo_base64 && mediaType && row.logo_width && row.logo_height
      ? { mediaType, data: row.logo_base64, width: row.logo_width, height: row.logo_height }
      : null;
  return { letterheadName: row.letterhead_name, letterheadAddress: row.letterhead_address, logo, updatedAt: row.updated_at };
}

export class OrganizationSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The organization's settings, all null when never set. */
  async find(orgId: string): Promise<OrganizationSettingsRecord> {
    const row = await this.db.selectFrom('organization_settings').selectAll().where('org_id', '=', orgId).executeTakeFirst();
    return row ? toRecord(row) : { ...EMPTY_SETTINGS };
  }

  /** Writes the whole settings row (insert or replace). */
  async save(orgId: string, settings: Omit<OrganizationSettingsRecord, 'updatedAt'> & { updatedAt: string }): Promise<OrganizationSettingsRecord> {
    const values = {
      letterhead_name: settings.letterheadName,
      letterhead_address: settings.letterheadAddress,
      logo_base64: settings.logo?.data ?? null,
      logo_media_type: settings.logo?.mediaType ?? null,
      logo_width: settings.logo?.width ?? null,
      logo_height: settings.logo?.height ?? null,
      updated_at: settings.updatedAt,
    };
    await this.db
      .insertInto('organization_settings')
      .values({ org_id: orgId, ...values })
      .onConflict((oc) => oc.column('org_id').doUpdateSet(values))
      .execute();
    return this.find(orgId);
  }
}
