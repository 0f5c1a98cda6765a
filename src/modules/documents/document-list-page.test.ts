/**
 * The documents list's pages (keyset paging, src/storage/keyset-page.ts) as an organization grows:
 * every document once, in order, oldest and newest first, with documents that share a creation
 * time; and, on SQLite, that a page after a cursor reads the index from the cursor on instead of
 * collecting and sorting every later document (bench/document-growth.ts found a middle page of
 * 100k documents costing 2-3 × the first; docs/adr/0661-keyset-cursor-predicate-reads-the-index-in-order.md).
 */
import { CompiledQuery } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/dialects.js';
import { buildOrg } from '../../../test/support/factories.js';
import { useObservedStore } from '../../../test/support/observed-store.js';
import { newId } from '../../kernel/ids.js';
import { insertRows } from '../../storage/bulk-insert.js';
import { DocumentRepository } from './document.repository.js';

const SIZE = 240;

describeEachDialect('documents list pages', (dialect) => {
  const h = useObservedStore(dialect, 'listpage');
  let orgId: string;
  /** Titles oldest first (creation time, then id): three documents share each second. */
  let oldestFirst: string[];

  beforeAll(async () => {
    orgId = (await buildOrg(h.store.db)).id;
    const rows = Array.from({ length: SIZE }, (_, i) => {
      const at = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 1000).toISOString();
      return {
        id: newId('doc'),
        org_id: orgId,
        slug: null,
        title: `Memo ${i}`,
        description: null,
        is_template: 0,
        template_id: null,
        state: 'draft',
        config_json: '{}',
        created_by: null,
        created_at: at,
        updated_at: at,
      };
    });
    await insertRows(h.store.db, 'documents', rows, 100);
    oldestFirst = [...rows].sort((a, b) => a.created_at.localeCompare(b.created_at) || (a.id < b.id ? -1 : 1)).map((r) => r.title);
  });

  async function everyPage(newestFirst: boolean, limit: number): Promise<string[]> {
    const titles: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await new DocumentRepository(h.store.db).listPage(orgId, false, { limit, cursor }, { newestFirst });
      titles.push(...page.items.map((d) => d.title));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined && titles.length <= SIZE);
    return titles;
  }

  it('pages through every document once, oldest first and newest first, across shared creation times', async () => {
    expect(await everyPage(false, 7)).toEqual(oldestFirst);
    expect(await everyPage(true, 7)).toEqual([...oldestFirst].reverse());
  });

  it.runIf(dialect === 'sqlite')('SQLite: a page after a cursor reads the list index from the cursor on, sorting no set of later documents', async () => {
    const first = await new DocumentRepository(h.store.db).listPage(orgId, false, { limit: 50 });
    h.queries.length = 0;
    await new DocumentRepository(h.store.db).listPage(orgId, false, { limit: 50, cursor: first.nextCursor ?? undefined });
    const text = h.queries.find((q) => q.includes('from "documents"')) ?? '';
    const { rows } = await h.store.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${text}`, Array((text.match(/\?/g) ?? []).length).fill(null)),
    );
    const plan = rows.map((r) => r.detail).join('\n');
    // "FOR ORDER BY" is every later document collected and sorted; "FOR LAST TERM OF ORDER BY" only ties of one creation time.
    expect(plan).not.toMatch(/MULTI-INDEX OR|USE TEMP B-TREE FOR ORDER BY/);
    expect(plan).toContain('SEARCH documents USING INDEX documents_org_template_idx (org_id=? AND is_template=? AND created_at>?)');
  });
});
