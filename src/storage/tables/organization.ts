/**
 * Table types of organization settings (migration 0016). Part of the Kysely `Database` type
 * (storage/schema.ts).
 */

/** An organization's letterhead; at most one row per organization. */
export interface OrganizationSettingsTable {
  org_id: string;
  letterhead_name: string | null;
  /** Lines separated by "\n". */
  letterhead_address: string | null;
  logo_base64: string | null;
  /** `image/png` or `image/jpeg` when a logo is set. */
  logo_media_type: string | null;
  logo_width: number | null;
  logo_height: number | null;
  updated_at: string;
}

export interface OrganizationTables {
  organization_settings: OrganizationSettingsTable;
}
