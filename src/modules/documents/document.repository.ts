/**
 * Documents (templates and instances). Every method takes orgId first: a row of another
 * organization is simply not found.
 */
import type { Kysely, Selectable, Updateable } from 'kysely';
import { fromDbBool, toDbBool } from '../../storage/dialect.js';
import type { Database, DocumentTable } from '../../storage/schema.js';
import { fromJson } from '../json-column.js';
import { type Page, type PageRequest, keysetPage, mapPage } from '../../storage/keyset-page.js';
import { TitleSearchPage } from './title-search-page.js';
import { insertRows } from '../../storage/bulk-insert.js';

/** Which documents a page lists; absent keys do not filter. */
export interface DocumentFilter {
  state?: string;
  /** A title search (trimmed, not blank): what matches is titleSearch's, best match first. */
  titleSearch?: string;
  /** Newest created first (the console's list) rather than oldest first; not with a title search. */
  newestFirst?: boolean;
}

export interface DocumentRecord {
  id: string;
  orgId: string;
  slug: string | null;
  title: string;
  description: string | null;
  isTemplate: boolean;
  templateId: string | null;
  state: string;
  config: Record<string, Record<string, unknown>>;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export type NewDocument = Omit<DocumentRecord, 'orgId'>;

/** A `documents` row as the record use cases read (booleans and the config JSON decoded). */
export function documentFromRow(row: Selectable<DocumentTable>): DocumentRecord {
  return {
    id: row.id,
    orgId: row.org_id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    isTemplate: fromDbBool(row.is_template),
    templateId: row.template_id,
    state: row.state,
    config: fromJson(row.config_json, {}),
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface DocumentChanges {
  slug?: string | null;
  title?: string;
  description?: string | null;
  isTemplate?: boolean;
  state?: string;
  config?: Record<string, Record<string, unknown>>;
  updatedAt: string;
}

/** Rows per multi-row insert: well under both dialects' limit on bound parameters. */
const ROWS_PER_STATEMENT = 500;

function documentRow(orgId: string, doc: NewDocument) {
  return {
    id: doc.id,
    org_id: orgId,
    slug: doc.slug,
    title: doc.title,
    description: doc.description,
    is_template: toDbBool(doc.isTemplate),
    template_id: doc.templateId,
    state: doc.state,
    config_json: JSON.stringify(doc.config),
    created_by: doc.createdBy,
    created_at: doc.createdAt,
    updated_at: doc.updatedAt,
  };
}

export class DocumentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(orgId: string, id: string): Promise<DocumentRecord | undefined> {
    const row = await this.db.selectFrom('documents').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && documentFromRow(row);
  }

  async findTemplateBySlug(orgId: string, slug: string): Promise<DocumentRecord | undefined> {
    const row = await this.db
      .selectFrom('documents')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('slug', '=', slug)
      .where('is_template', '=', 1)
      .executeTakeFirst();
    return row && documentFromRow(row);
  }

  async slugExists(orgId: string, slug: string): Promise<boolean> {
    const row = await this.db.selectFrom('documents').select('id').where('org_id', '=', orgId).where('slug', '=', slug).executeTakeFirst();
    return row !== undefined;
  }

  /** Templates or instances of the organization, oldest (or newest) first (best match first when searched), one page at a time. */
  async listPage(orgId: string, isTemplate: boolean, page: PageRequest, filter: DocumentFilter = {}): Promise<Page<DocumentRecord>> {
    if (filter.titleSearch !== undefined) {
      // A search keeps its own order (best match first, oldest first within a match): its bounded reads walk the list's index forwards.
      return mapPage(new TitleSearchPage(this.db, { orgId, isTemplate, state: filter.state }).read(filter.titleSearch, page), documentFromRow);
    }
    const base = this.db.selectFrom('documents').selectAll().where('org_id', '=', orgId).where('is_template', '=', toDbBool(isTemplate));
    const query = filter.state === undefined ? base : base.where('state', '=', filter.state);
    return mapPage(
      keysetPage(
        query,
        { sort: 'created_at', sortType: 'string', id: 'id', direction: filter.newestFirst ? 'desc' : 'asc', keyOf: (r) => [r.created_at, r.id] },
        page,
      ),
      documentFromRow,
    );
  }

  /** Templates or instances of the organization, oldest first. */
  async list(orgId: string, isTemplate: boolean): Promise<DocumentRecord[]> {
    const rows = await this.db
      .selectFrom('documents')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('is_template', '=', toDbBool(isTemplate))
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(documentFromRow);
  }

  async insert(orgId: string, doc: NewDocument): Promise<DocumentRecord> {
    await this.db.insertInto('documents').values(documentRow(orgId, doc)).execute();
    return { ...doc, orgId };
  }

  /** Many documents in one statement per chunk (a merge writes a page of documents at once). */
  async insertMany(orgId: string, docs: readonly NewDocument[]): Promise<void> {
    await insertRows(
      this.db,
      'documents',
      docs.map((doc) => documentRow(orgId, doc)),
      ROWS_PER_STATEMENT,
    );
  }

  async update(orgId: string, id: string, changes: DocumentChanges): Promise<void> {
    const set: Updateable<DocumentTable> = { updated_at: changes.updatedAt };
    if (changes.slug !== undefined) set.slug = changes.slug;
    if (changes.title !== undefined) set.title = changes.title;
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.isTemplate !== undefined) set.is_template = toDbBool(changes.isTemplate);
    if (changes.state !== undefined) set.state = changes.state;
    if (changes.config !== undefined) set.config_json = JSON.stringify(changes.config);
    await this.db.updateTable('documents').set(set).where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  /** Deletes the document; its children go with it (ON DELETE CASCADE). */
  async delete(orgId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('documents').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async touch(orgId: string, id: string, updatedAt: string): Promise<void> {
    await this.db.updateTable('documents').set({ updated_at: updatedAt }).where('org_id', '=', orgId).where('id', '=', id).execute();
  }
}
