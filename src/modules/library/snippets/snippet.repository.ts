/**
 * Snippets (clause molecules) and their ordered items. Every method takes orgId first. Items
 * point at texts / risk blocks by id; `listItems` resolves the current key of each.
 */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../../storage/schema.js';
import type { SnippetTable } from '../../../storage/tables/library.js';
import { type Page, type PageRequest, mapPage } from '../../../storage/keyset-page.js';
import { type ListView, viewPage } from '../../../storage/list-view.js';

/** What a snippet item points at. */
export const SNIPPET_ITEM_TYPES = ['text', 'risk_block'] as const;
export type SnippetItemType = (typeof SNIPPET_ITEM_TYPES)[number];

export interface SnippetItemRecord {
  id: string;
  snippetId: string;
  ordinal: number;
  itemType: SnippetItemType;
  /** The text's or risk block's id. */
  targetId: string;
  /** Its current key. */
  itemKey: string;
}

export interface SnippetRecord {
  id: string;
  key: string;
  name: string | null;
  description: string | null;
  phaseOrder: number;
  createdAt: string;
  updatedAt: string;
}

export type SnippetChanges = Partial<Pick<SnippetRecord, 'key' | 'name' | 'description' | 'phaseOrder'>>;

function toRecord(row: Selectable<SnippetTable>): SnippetRecord {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    phaseOrder: row.phase_order,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class SnippetRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** By phase order then key (unique per organization), one page at a time. */
  async listPage(orgId: string, page: PageRequest, view: ListView = {}): Promise<Page<SnippetRecord>> {
    const query = this.db.selectFrom('snippets').selectAll().where('org_id', '=', orgId);
    return mapPage(
      viewPage(
        query,
        {
          name: 'key',
          search: ['key', 'name'],
          fallback: { sort: 'phase_order', sortType: 'number', id: 'key', direction: 'asc', keyOf: (r) => [r.phase_order, r.key] },
        },
        view,
        page,
      ),
      toRecord,
    );
  }

  async list(orgId: string): Promise<SnippetRecord[]> {
    const rows = await this.db.selectFrom('snippets').selectAll().where('org_id', '=', orgId).orderBy('phase_order', 'asc').orderBy('key', 'asc').execute();
    return rows.map(toRecord);
  }

  async findById(orgId: string, id: string): Promise<SnippetRecord | undefined> {
    const row = await this.db.selectFrom('snippets').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async findByKey(orgId: string, key: string): Promise<SnippetRecord | undefined> {
    const row = await this.db.selectFrom('snippets').selectAll().where('org_id', '=', orgId).where('key', '=', key).executeTakeFirst();
    return row && toRecord(row);
  }

  async insert(orgId: string, snippet: SnippetRecord): Promise<SnippetRecord> {
    await this.db
      .insertInto('snippets')
      .values({
        id: snippet.id,
        org_id: orgId,
        key: snippet.key,
        name: snippet.name,
        description: snippet.description,
        phase_order: snippet.phaseOrder,
        created_at: snippet.createdAt,
        updated_at: snippet.updatedAt,
      })
      .execute();
    return snippet;
  }

  async update(orgId: string, id: string, changes: SnippetChanges, now: string): Promise<void> {
    const set: Updateable<SnippetTable> = { updated_at: now };
    if (changes.key !== undefined) set.key = changes.key;
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.phaseOrder !== undefined) set.phase_order = changes.phaseOrder;
    await this.db.updateTable('snippets').set(set).where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  /** Deletes the snippet; its items and its document bindings go with it (ON DELETE CASCADE). */
  async delete(orgId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('snippets').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Items of the given snippets, in ordinal order, each with the current key of its target. */
  async listItems(orgId: string, snippetIds: readonly string[]): Promise<SnippetItemRecord[]> {
    if (snippetIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('snippet_items as i')
      .leftJoin('texts as t', (join) => join.onRef('t.id', '=', 'i.text_id').on('t.org_id', '=', orgId))
      .leftJoin('risk_blocks as r', (join) => join.onRef('r.id', '=', 'i.risk_block_id').on('r.org_id', '=', orgId))
      .select(['i.id', 'i.snippet_id', 'i.ordinal', 'i.item_type', 'i.text_id', 'i.risk_block_id', 't.key as text_key', 'r.key as risk_block_key'])
      .where('i.org_id', '=', orgId)
      .where('i.snippet_id', 'in', [...snippetIds])
      .orderBy('i.snippet_id', 'asc')
      .orderBy('i.ordinal', 'asc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      snippetId: row.snippet_id,
      ordinal: row.ordinal,
      itemType: row.item_type === 'risk_block' ? 'risk_block' : 'text',
      targetId: row.item_type === 'risk_block' ? (row.risk_block_id ?? '') : (row.text_id ?? ''),
      itemKey: row.item_type === 'risk_block' ? (row.risk_block_key ?? '') : (row.text_key ?? ''),
    }));
  }

  /** Replaces all items of a snippet; ordinals are the array positions. */
  async replaceItems(orgId: string, snippetId: string, items: ReadonlyArray<{ id: string; itemType: SnippetItemType; targetId: string }>): Promise<void> {
    await this.db.deleteFrom('snippet_items').where('org_id', '=', orgId).where('snippet_id', '=', snippetId).execute();
    if (items.length === 0) return;
    await this.db
      .insertInto('snippet_items')
      .values(
        items.map((item, ordinal) => ({
          id: item.id,
          org_id: orgId,
          snippet_id: snippetId,
          ordinal,
          item_type: item.itemType,
          text_id: item.itemType === 'text' ? item.targetId : null,
          risk_block_id: item.itemType === 'risk_block' ? item.targetId : null,
        })),
      )
      .execute();
  }

  /** Keys of the snippets whose items use the given text or risk block. */
  async keysUsing(orgId: string, itemType: SnippetItemType, targetId: string): Promise<string[]> {
    const column = itemType === 'text' ? 'i.text_id' : 'i.risk_block_id';
    const rows = await this.db
      .selectFrom('snippet_items as i')
      .innerJoin('snippets as s', 's.id', 'i.snippet_id')
      .select('s.key')
      .distinct()
      .where('i.org_id', '=', orgId)
      .where('s.org_id', '=', orgId)
      .where(column, '=', targetId)
      .orderBy('s.key', 'asc')
      .execute();
    return rows.map((r) => r.key);
  }
}
