/**
 * A document's items are read through an index on the document, in the order they are listed,
 * never by walking every item of the organization: each extraction run lists the file's current
 * and orphaned items, and the listing reads thousands of them, so a walk would cost every
 * upload and every listing in proportion to all the items the organization holds.
 *
 * SQLite only: its planner has no statistics here and picks by the indexes alone, which is what
 * went wrong (it took `(org_id, run_id)` for the ordering). PostgreSQL plans from its own
 * statistics, which an empty test database does not have either way.
 */
import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useObservedStore } from '../../../../test/support/observed-store.js';
import { ExtractedItemRepository } from './extracted-item.repository.js';

describe("reading a document's extracted items (SQLite's query plans)", () => {
  const sqlite = useObservedStore('sqlite', 'item-reads');

  /** The plan of the one statement `read` runs: SQLite's EXPLAIN QUERY PLAN details. */
  async function planOf(read: (items: ExtractedItemRepository) => Promise<unknown>): Promise<string[]> {
    sqlite.queries.length = 0;
    await read(new ExtractedItemRepository(sqlite.store.db));
    expect(sqlite.queries).toHaveLength(1);
    const statement = sqlite.queries[0];
    const parameters = Array.from({ length: statement.split('?').length - 1 }, () => 'x');
    const { rows } = await sqlite.store.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${statement}`, parameters));
    return rows.map((row) => row.detail);
  }

  it.each([
    [
      'current items of a document (the listing, and the carry forward of every extraction)',
      (items: ExtractedItemRepository) => items.listCurrent('org_a', ['doc_a']),
    ],
    ['orphaned corrections of a document', (items: ExtractedItemRepository) => items.listOrphaned('org_a', 'doc_a')],
    ['all items of a document', (items: ExtractedItemRepository) => items.listByDocument('org_a', 'doc_a')],
  ])('%s: searched by organization and document, already in order', async (_what, read) => {
    const plan = await planOf(read);
    expect(plan).toEqual(['SEARCH extracted_items USING INDEX extracted_items_document_order_idx (org_id=? AND document_id=?)']);
  });

  // Issue 35 item 2 (ADR 0652): the listing's filters are searched in an index, not by reading
  // every item of the document; key and status come in listing order (only the id tie-break is
  // sorted, within equal (run, ordinal): never), a confidence range is sorted.
  it.each([
    [
      'a page of one key',
      { key: 'vendor.name' },
      ['SEARCH extracted_items USING INDEX extracted_items_key_order_idx (org_id=? AND document_id=? AND key=?)', 'USE TEMP B-TREE FOR LAST TERM OF ORDER BY'],
    ],
    [
      'a page of one status',
      { status: 'needs_review' },
      [
        'SEARCH extracted_items USING INDEX extracted_items_status_order_idx (org_id=? AND document_id=? AND validation_status=?)',
        'USE TEMP B-TREE FOR LAST TERM OF ORDER BY',
      ],
    ],
    [
      'a page in a confidence range',
      { minConfidence: 0.2, maxConfidence: 0.4 },
      [
        'SEARCH extracted_items USING INDEX extracted_items_confidence_idx (org_id=? AND document_id=? AND confidence_overall>? AND confidence_overall<?)',
        'USE TEMP B-TREE FOR ORDER BY',
      ],
    ],
    // ADR 0732: with a key or a status, a confidence range is a filter on that index's walk in
    // listing order (which stops after the page), not the confidence index's range of the whole
    // document followed by a sort of every match (5.3× from 1k to 100k items).
    [
      'a page of one key in a confidence range',
      { key: 'vendor.name', minConfidence: 0.9 },
      ['SEARCH extracted_items USING INDEX extracted_items_key_order_idx (org_id=? AND document_id=? AND key=?)', 'USE TEMP B-TREE FOR LAST TERM OF ORDER BY'],
    ],
    [
      'a page of one status in a confidence range',
      { status: 'needs_review', minConfidence: 0.2, maxConfidence: 0.4 },
      [
        'SEARCH extracted_items USING INDEX extracted_items_status_order_idx (org_id=? AND document_id=? AND validation_status=?)',
        'USE TEMP B-TREE FOR LAST TERM OF ORDER BY',
      ],
    ],
  ])('%s: searched through its index', async (_what, filter, expected) => {
    const plan = await planOf((items) => items.pageOfDocument('org_a', 'doc_a', filter, { limit: 101 }));
    expect(plan).toEqual(expected);
  });

  it('completeness reads the items of the required keys through the key index', async () => {
    const plan = await planOf((items) => items.listCurrentByKeys('org_a', ['doc_a', 'doc_b'], ['vendor.name', 'invoice.total']));
    expect(plan[0]).toContain('USING INDEX extracted_items_key_order_idx (org_id=? AND document_id=? AND key=?)');
  });
});
