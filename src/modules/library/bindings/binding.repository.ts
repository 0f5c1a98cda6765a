/**
 * Snippet bindings: which snippets a document uses, with role → entity id bindings, in
 * binding order (ordinal, then creation). Read by (orgId, documentId, bindingId), so a foreign
 * binding id is simply not found.
 */
import type { Kysely, Selectable, Updateable } from 'kysely';
import { toCount } from '../../../storage/dialect.js';
import type { Database } from '../../../storage/schema.js';
import type { DocumentSnippetTable } from '../../../storage/tables/library.js';
import { fromJson } from '../../json-column.js';
import { type Page, type PageRequest, keysetPage, mapPage } from '../../../storage/keyset-page.js';

export interface BindingRecord {
  id: string;
  documentId: string;
  snippetId: string;
  entityBindings: Record<string, string>;
  ordinal: number;
  createdAt: string;
  updatedAt: string;
}

export type BindingChanges = Partial<Pick<BindingRecord, 'entityBindings' | 'ordinal'>>;

function toRecord(row: Selectable<DocumentSnippetTable>): BindingRecord {
  return {
    id: row.id,
    documentId: row.document_id,
    snippetId: row.snippet_id,
    entityBindings: fromJson<Record<string, string>>(row.entity_bindings_json, {}),
    ordinal: row.ordinal,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class BindingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** In ordinal order, one page at a time. */
  async listPage(orgId: string, documentId: string, page: PageRequest): Promise<Page<BindingRecord>> {
    const query = this.db.selectFrom('document_snippets').selectAll().where('org_id', '=', orgId).where('document_id', '=', documentId);
    return mapPage(keysetPage(query, { sort: 'ordinal', sortType: 'number', id: 'id', direction: 'asc', keyOf: (r) => [r.ordinal, r.id] }, page), toRecord);
  }

  async listByDocument(orgId: string, documentId: string): Promise<BindingRecord[]> {
    const rows = await this.db
      .selectFrom('document_snippets')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .orderBy('ordinal', 'asc')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(toRecord);
  }

  /** The organization's bindings that bind `entityId` to some role (any document). */
  async listNamingEntity(orgId: string, entityId: string): Promise<BindingRecord[]> {
    // A text match narrows the rows (`_` in an id is a LIKE wildcard, so it may over-match); the exact test is on the parsed map.
    const rows = await this.db
      .selectFrom('document_snippets')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('entity_bindings_json', 'like', `%${entityId}%`)
      .orderBy('id', 'asc')
      .execute();
    return rows.map(toRecord).filter((b) => Object.values(b.entityBindings).includes(entityId));
  }

  async findById(orgId: string, documentId: string, id: string): Promise<BindingRecord | undefined> {
    const row = await this.db
      .selectFrom('document_snippets')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** The ordinal after the document's last binding (0 when it has none). */
  async nextOrdinal(orgId: string, documentId: string): Promise<number> {
    const row = await this.db
      .selectFrom('document_snippets')
      .select((eb) => [eb.fn.max('ordinal').as('last'), eb.fn.countAll().as('n')])
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .executeTakeFirst();
    if (!row || toCount(row.n) === 0 || row.last === null) return 0;
    return Number(row.last) + 1;
  }

  async insert(orgId: string, binding: BindingRecord): Promise<BindingRecord> {
    await this.db
      .insertInto('document_snippets')
      .values({
        id: binding.id,
        org_id: orgId,
        document_id: binding.documentId,
        snippet_id: binding.snippetId,
        entity_bindings_json: JSON.stringify(binding.entityBindings),
        ordinal: binding.ordinal,
        created_at: binding.createdAt,
        updated_at: binding.updatedAt,
      })
      .execute();
    return binding;
  }

  async update(orgId: string, documentId: string, id: string, changes: BindingChanges, now: string): Promise<void> {
    const set: Updateable<DocumentSnippetTable> = { updated_at: now };
    if (changes.entityBindings !== undefined) set.entity_bindings_json = JSON.stringify(changes.entityBindings);
    if (changes.ordinal !== undefined) set.ordinal = changes.ordinal;
    await this.db.updateTable('document_snippets').set(set).where('org_id', '=', orgId).where('document_id', '=', documentId).where('id', '=', id).execute();
  }

  async delete(orgId: string, documentId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('document_snippets')
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
