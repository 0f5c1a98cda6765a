/** Source documents (`sdoc_`). Every method takes orgId first. */
import type { Kysely, Selectable } from 'kysely';
import { fromDbBool, toDbBool } from '../../../storage/dialect.js';
import type { SourceDocumentTable } from '../../../storage/tables/assessments.js';
import type { Database } from '../../../storage/schema.js';
import { fromJson, toJson } from '../../json-column.js';
import { LiveChangeRepository } from '../../live/live-change.repository.js';

export interface UploadProblemRecord {
  code: string;
  severity: string;
  message: string;
}

/** The row, with `review_rejected` a boolean and the upload problems parsed. */
export interface SourceDocumentRecord extends Omit<Selectable<SourceDocumentTable>, 'review_rejected' | 'problems_json'> {
  review_rejected: boolean;
  problems: UploadProblemRecord[];
}

function toRecord(row: Selectable<SourceDocumentTable>): SourceDocumentRecord {
  return {
    ...row,
    size_bytes: Number(row.size_bytes),
    review_rejected: fromDbBool(row.review_rejected),
    problems: fromJson<UploadProblemRecord[]>(row.problems_json, []),
  };
}

export interface SourceDocumentFilter {
  assessment_id?: string;
  processing_status?: string;
  limit: number;
  cursor?: string;
}

export type SourceDocumentChanges = Partial<
  Pick<SourceDocumentRecord, 'processing_status' | 'skip_reason' | 'processor_id' | 'processor_version' | 'latest_run_id' | 'page_count' | 'review_rejected'>
> & { updated_at: string };

export class SourceDocumentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(orgId: string, record: Omit<SourceDocumentRecord, 'org_id'>): Promise<SourceDocumentRecord> {
    const { review_rejected, problems, ...rest } = record;
    const row: Selectable<SourceDocumentTable> = { ...rest, org_id: orgId, review_rejected: toDbBool(review_rejected), problems_json: toJson(problems) };
    await this.db.insertInto('source_documents').values(row).execute();
    await this.publish(orgId, row.assessment_id, row.id, row.processing_status);
    return toRecord(row);
  }

  async findById(orgId: string, id: string): Promise<SourceDocumentRecord | undefined> {
    const row = await this.db.selectFrom('source_documents').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /** Only the ids that exist in the organization (foreign and unknown ids drop out). */
  async findMany(orgId: string, ids: readonly string[]): Promise<SourceDocumentRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('source_documents')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map(toRecord);
  }

  async listByAssessment(orgId: string, assessmentId: string): Promise<SourceDocumentRecord[]> {
    const rows = await this.db
      .selectFrom('source_documents')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('assessment_id', '=', assessmentId)
      .orderBy('id')
      .execute();
    return rows.map(toRecord);
  }

  /** Newest first, cursor = last id of the previous page. */
  async list(orgId: string, filter: SourceDocumentFilter): Promise<SourceDocumentRecord[]> {
    let query = this.db.selectFrom('source_documents').selectAll().where('org_id', '=', orgId);
    if (filter.assessment_id) query = query.where('assessment_id', '=', filter.assessment_id);
    if (filter.processing_status) query = query.where('processing_status', '=', filter.processing_status);
    if (filter.cursor) query = query.where('id', '<', filter.cursor);
    const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
    return rows.map(toRecord);
  }

  async findBySha(orgId: string, assessmentId: string, sha256: string): Promise<SourceDocumentRecord | undefined> {
    const row = await this.db
      .selectFrom('source_documents')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('assessment_id', '=', assessmentId)
      .where('sha256', '=', sha256)
      .where('duplicate_of', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async update(orgId: string, id: string, changes: SourceDocumentChanges): Promise<void> {
    const { review_rejected, ...rest } = changes;
    const updated = await this.db
      .updateTable('source_documents')
      .set({ ...rest, ...(review_rejected === undefined ? {} : { review_rejected: toDbBool(review_rejected) }) })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .returning(['assessment_id', 'processing_status'])
      .executeTakeFirst();
    if (updated && rest.processing_status !== undefined) await this.publish(orgId, updated.assessment_id, id, updated.processing_status);
  }

  /**
   * A document's processing status moved: the assessment's open views learn it (ADR 0591). Here,
   * not in each use case, because uploads, processing jobs, reruns and cancels all set it.
   */
  private async publish(orgId: string, assessmentId: string | null, sourceDocumentId: string, status: string): Promise<void> {
    await new LiveChangeRepository(this.db).append(
      orgId,
      [{ kind: 'assessment.changed', documentId: null, by: null, assessmentId, sourceDocumentId, status }],
      new Date(),
    );
  }

  async delete(orgId: string, id: string): Promise<void> {
    await this.db.deleteFrom('source_documents').where('org_id', '=', orgId).where('id', '=', id).execute();
  }
}
