/** Suggested edits of a document's sections; every method takes the organization first. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../storage/schema.js';
import type { SectionSuggestionTable } from '../../../storage/tables/collaboration.js';

export type SuggestionStatus = 'pending' | 'accepted' | 'rejected';

export interface SuggestionRecord {
  id: string;
  documentId: string;
  sectionId: string;
  baseVersion: number;
  baseContent: string | null;
  content: string;
  note: string | null;
  status: SuggestionStatus;
  authorId: string;
  authorEmail: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionNote: string | null;
  acceptedVersion: number | null;
  createdAt: string;
}

function recordOf(row: Selectable<SectionSuggestionTable>): SuggestionRecord {
  return {
    id: row.id,
    documentId: row.document_id,
    sectionId: row.section_id,
    baseVersion: Number(row.base_version),
    baseContent: row.base_content,
    content: row.content,
    note: row.note,
    status: row.status as SuggestionStatus,
    authorId: row.author_id,
    authorEmail: row.author_email,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    decisionNote: row.decision_note,
    acceptedVersion: row.accepted_version === null ? null : Number(row.accepted_version),
    createdAt: row.created_at,
  };
}

export class SuggestionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(orgId: string, s: SuggestionRecord): Promise<void> {
    await this.db
      .insertInto('section_suggestions')
      .values({
        id: s.id,
        org_id: orgId,
        document_id: s.documentId,
        section_id: s.sectionId,
        base_version: s.baseVersion,
        base_content: s.baseContent,
        content: s.content,
        note: s.note,
        status: s.status,
        author_id: s.authorId,
        author_email: s.authorEmail,
        decided_by: null,
        decided_at: null,
        decision_note: null,
        accepted_version: null,
        created_at: s.createdAt,
      })
      .execute();
  }

  async findById(orgId: string, documentId: string, suggestionId: string): Promise<SuggestionRecord | undefined> {
    const row = await this.db
      .selectFrom('section_suggestions')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('id', '=', suggestionId)
      .executeTakeFirst();
    return row && recordOf(row);
  }

  /** Newest first. */
  async list(orgId: string, documentId: string, filter: { sectionId?: string; status?: SuggestionStatus }): Promise<SuggestionRecord[]> {
    let query = this.db.selectFrom('section_suggestions').selectAll().where('org_id', '=', orgId).where('document_id', '=', documentId);
    if (filter.sectionId) query = query.where('section_id', '=', filter.sectionId);
    if (filter.status) query = query.where('status', '=', filter.status);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map(recordOf);
  }

  /**
   * Records the decision only while the suggestion is still pending; false when another decision
   * came first (two reviewers at once: one wins, the other gets 409).
   */
  async decide(
    orgId: string,
    suggestionId: string,
    decision: { status: 'accepted' | 'rejected'; by: string; at: string; note: string | null; acceptedVersion: number | null },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('section_suggestions')
      .set({
        status: decision.status,
        decided_by: decision.by,
        decided_at: decision.at,
        decision_note: decision.note,
        accepted_version: decision.acceptedVersion,
      })
      .where('org_id', '=', orgId)
      .where('id', '=', suggestionId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
