/** Sections of a document, in order. Every method takes orgId and documentId. */
import { type Kysely, type Selectable, type Updateable, sql } from 'kysely';
import type { Database, SectionTable } from '../../../storage/schema.js';
import { insertRows } from '../../../storage/bulk-insert.js';

export interface SectionRecord {
  id: string;
  documentId: string;
  key: string;
  ordinal: number;
  title: string;
  renderMode: string;
  outputType: string;
  prompt: string | null;
  outputTemplate: string | null;
  content: string | null;
  status: string;
  createdAt: string;
  updatedAt: string;
}

/** A `sections` row as a record. */
export function sectionFromRow(row: Selectable<SectionTable>): SectionRecord {
  return {
    id: row.id,
    documentId: row.document_id,
    key: row.key,
    ordinal: row.ordinal,
    title: row.title,
    renderMode: row.render_mode,
    outputType: row.output_type,
    prompt: row.prompt,
    outputTemplate: row.output_template,
    content: row.content,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type SectionChanges = Partial<
  Pick<SectionRecord, 'key' | 'ordinal' | 'title' | 'renderMode' | 'outputType' | 'prompt' | 'outputTemplate' | 'content' | 'status'>
>;

/** Rows per multi-row insert: well under both dialects' limit on bound parameters. */
const ROWS_PER_STATEMENT = 500;

function sectionRow(orgId: string, section: SectionRecord) {
  return {
    id: section.id,
    org_id: orgId,
    document_id: section.documentId,
    key: section.key,
    ordinal: section.ordinal,
    title: section.title,
    render_mode: section.renderMode,
    output_type: section.outputType,
    prompt: section.prompt,
    output_template: section.outputTemplate,
    content: section.content,
    status: section.status,
    created_at: section.createdAt,
    updated_at: section.updatedAt,
  };
}

export class SectionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listByDocument(orgId: string, documentId: string): Promise<SectionRecord[]> {
    const rows = await this.db
      .selectFrom('sections')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .orderBy('ordinal', 'asc')
      .orderBy('created_at', 'asc')
      .execute();
    return rows.map(sectionFromRow);
  }

  async findById(orgId: string, documentId: string, id: string): Promise<SectionRecord | undefined> {
    const row = await this.db
      .selectFrom('sections')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && sectionFromRow(row);
  }

  async insert(orgId: string, section: SectionRecord): Promise<SectionRecord> {
    await this.db.insertInto('sections').values(sectionRow(orgId, section)).execute();
    return section;
  }

  /** Many sections in one statement per chunk (a merge writes a page of documents at once). */
  async insertMany(orgId: string, sections: readonly SectionRecord[]): Promise<void> {
    await insertRows(
      this.db,
      'sections',
      sections.map((section) => sectionRow(orgId, section)),
      ROWS_PER_STATEMENT,
    );
  }

  async update(orgId: string, documentId: string, id: string, changes: SectionChanges, now: string): Promise<void> {
    const set: Updateable<SectionTable> = { updated_at: now };
    if (changes.key !== undefined) set.key = changes.key;
    if (changes.ordinal !== undefined) set.ordinal = changes.ordinal;
    if (changes.title !== undefined) set.title = changes.title;
    if (changes.renderMode !== undefined) set.render_mode = changes.renderMode;
    if (changes.outputType !== undefined) set.output_type = changes.outputType;
    if (changes.prompt !== undefined) set.prompt = changes.prompt;
    if (changes.outputTemplate !== undefined) set.output_template = changes.outputTemplate;
    if (changes.content !== undefined) set.content = changes.content;
    if (changes.status !== undefined) set.status = changes.status;
    await this.db.updateTable('sections').set(set).where('org_id', '=', orgId).where('document_id', '=', documentId).where('id', '=', id).execute();
  }

  /**
   * Sets each listed section's content and one status in one statement (a run's rendered
   * sections: one round trip, not one per section); `content` null leaves a section's text.
   */
  async setOutputs(
    orgId: string,
    documentId: string,
    outputs: ReadonlyArray<{ id: string; content: string | null }>,
    status: string,
    now: string,
  ): Promise<Array<{ id: string; key: string; title: string }>> {
    if (outputs.length === 0) return [];
    const written = outputs.filter((o) => o.content !== null);
    return (
      this.db
        .updateTable('sections')
        .set(
          written.length === 0
            ? { updated_at: now, status }
            : {
                updated_at: now,
                status,
                content: sql<string>`case ${sql.join(
                  written.map((o) => sql`when id = ${o.id} then ${o.content}`),
                  sql` `,
                )} else content end`,
              },
        )
        .where('org_id', '=', orgId)
        .where('document_id', '=', documentId)
        .where(
          'id',
          'in',
          outputs.map((o) => o.id),
        )
        // The sections that still exist (one deleted meanwhile is not among them): no read before.
        .returning(['id', 'key', 'title'])
        .execute()
    );
  }

  async delete(orgId: string, documentId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('sections')
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
