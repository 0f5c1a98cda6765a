/** Rendered page images (`page_images`): which blob holds a document's page at a resolution. Every method takes orgId first. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../storage/schema.js';
import type { PageImageTable } from '../../../storage/tables/assessments.js';

export type PageImageRecord = Selectable<PageImageTable>;

export class PageImageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(orgId: string, documentId: string, pageNumber: number, dpi: number): Promise<PageImageRecord | undefined> {
    return this.db
      .selectFrom('page_images')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('page_number', '=', pageNumber)
      .where('dpi', '=', dpi)
      .executeTakeFirst();
  }

  /** Records a rendered page; false when another request recorded the same page first (its row stands). */
  async insertIfAbsent(orgId: string, record: Omit<PageImageRecord, 'org_id'>): Promise<boolean> {
    const result = await this.db
      .insertInto('page_images')
      .values({ ...record, org_id: orgId })
      .onConflict((oc) => oc.columns(['document_id', 'page_number', 'dpi']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** Removes the rows of these documents and returns their blob keys (the caller deletes the blobs after commit). */
  async deleteByDocuments(orgId: string, documentIds: readonly string[]): Promise<string[]> {
    if (documentIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('page_images')
      .select('blob_key')
      .where('org_id', '=', orgId)
      .where('document_id', 'in', [...documentIds])
      .execute();
    await this.db
      .deleteFrom('page_images')
      .where('org_id', '=', orgId)
      .where('document_id', 'in', [...documentIds])
      .execute();
    return rows.map((r) => r.blob_key);
  }
}
