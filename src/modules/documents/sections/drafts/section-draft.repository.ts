/** The unpublished text of a section (one per section), every method scoped by organization. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../../storage/schema.js';
import type { SectionDraftTable } from '../../../../storage/tables/section-drafts.js';

export interface SectionDraftRecord {
  sectionId: string;
  documentId: string;
  content: string;
  baseVersion: number | null;
  updatedBy: string | null;
  updatedAt: string;
}

function toRecord(row: Selectable<SectionDraftTable>): SectionDraftRecord {
  return {
    sectionId: row.section_id,
    documentId: row.document_id,
    content: row.content,
    baseVersion: row.base_version,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}

export class SectionDraftRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(orgId: string, sectionId: string): Promise<SectionDraftRecord | undefined> {
    const row = await this.db.selectFrom('section_drafts').selectAll().where('org_id', '=', orgId).where('section_id', '=', sectionId).executeTakeFirst();
    return row && toRecord(row);
  }

  /** Writes the draft, replacing the section's previous one (the last keystroke wins). */
  async save(orgId: string, draft: SectionDraftRecord): Promise<void> {
    const values = { content: draft.content, base_version: draft.baseVersion, updated_by: draft.updatedBy, updated_at: draft.updatedAt };
    await this.db
      .insertInto('section_drafts')
      .values({ section_id: draft.sectionId, org_id: orgId, document_id: draft.documentId, ...values })
      .onConflict((oc) => oc.column('section_id').doUpdateSet(values))
      .execute();
  }

  async remove(orgId: string, sectionId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('section_drafts').where('org_id', '=', orgId).where('section_id', '=', sectionId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
