/**
 * The item listing pages by default (issue 35 item 2, ADR 0652): a document of 150 items answers
 * its first 100 and a cursor, `all=true` answers every one, and the confidence range is applied in
 * the database. Contradictory queries are 422 with a detail.
 */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { useDbHarness } from '../../../../../test/support/db-harness.js';
import { buildOrg } from '../../../../../test/support/factories.js';
import { DomainValidationError } from '../../../../kernel/errors.js';
import type { ExtractedItemRecord } from '../extracted-item.repository.js';
import { ITEM_PAGE_DEFAULT, listExtractedItems } from './list-extracted-items.js';

const T = '2026-03-14T09:30:00.000Z';

describeEachDialect('listExtractedItems, paged by default', (dialect) => {
  const h = useDbHarness(dialect);

  async function documentOf150() {
    const org = await buildOrg(h.db);
    const ctx = h.contextFor(org);
    const docId = `sdoc_many_${org.id}`;
    await ctx.repos.sourceDocuments.insert(org.id, {
      id: docId,
      assessment_id: null,
      filename: 'many.csv',
      declared_mime_type: null,
      mime_type: 'text/csv',
      kind: 'csv',
      size_bytes: 1,
      sha256: 'sha',
      blob_key: 'blob',
      page_count: null,
      text_layer: 'not_applicable',
      duplicate_of: null,
      processing_status: 'processed',
      skip_reason: null,
      review_rejected: false,
      processor_id: 'prc_generic_fields',
      processor_version: '1',
      latest_run_id: 'run_many',
      problems: [],
      uploaded_by: null,
      created_at: T,
      updated_at: T,
    });
    const items: Array<Omit<ExtractedItemRecord, 'org_id'>> = Array.from({ length: 150 }, (_, n) => ({
      id: `itm_many_${org.id}_${String(n).padStart(3, '0')}`,
      document_id: docId,
      assessment_id: null,
      run_id: 'run_many',
      ordinal: n,
      processor_id: 'prc_generic_fields',
      key: `row.${n % 3}`,
      label: 'Row',
      occurrence_index: n,
      value_type: 'string',
      value_state: 'present',
      value: n,
      value_text: String(n),
      raw_text: null,
      extracted: { value: n, value_text: String(n), raw_text: null, value_state: 'present' },
      // Every tenth item's confidence is unknown; the others spread over [0, 0.99].
      confidence: { overall: n % 10 === 0 ? null : (n % 100) / 100, ocr: null, extraction: null, level: null, method: 'pattern_rule', calibrated: false },
      provenance: { quote: '', text_source: 'native', anchors: [] },
      candidates: [],
      validation_status: 'pending',
      validation: { checks: [], blockers: [], decided_by: null, decided_at: null, decision_source: null, note: null },
      current_correction_id: null,
      is_corrected: false,
      version: 1,
      superseded_by: null,
      created_at: T,
      updated_at: T,
    }));
    await ctx.repos.items.insertMany(org.id, items);
    return { ctx, items, docId };
  }

  it('answers the first 100 items and a cursor to the rest; all=true answers all 150', async () => {
    const { ctx, items, docId } = await documentOf150();
    const first = await listExtractedItems(ctx, docId, {});
    expect(first.items.map((i) => i.id)).toEqual(items.slice(0, ITEM_PAGE_DEFAULT).map((i) => i.id));
    expect(first.next_cursor).toBe(items[ITEM_PAGE_DEFAULT - 1].id);
    const rest = await listExtractedItems(ctx, docId, { cursor: first.next_cursor ?? undefined });
    expect(rest.items.map((i) => i.id)).toEqual(items.slice(ITEM_PAGE_DEFAULT).map((i) => i.id));
    expect(rest.next_cursor).toBeNull();
    const whole = await listExtractedItems(ctx, docId, { all: 'true' });
    expect(whole.items).toHaveLength(150);
    expect(whole.next_cursor).toBeNull();
  });

  it('filters by overall confidence range and key in the database; unknown confidence matches no range', async () => {
    const { ctx, items, docId } = await documentOf150();
    const page = await listExtractedItems(ctx, docId, { min_confidence: 0.25, max_confidence: 0.3, key: 'row.1', limit: 200 });
    const expected = items.filter((i) => i.key === 'row.1' && i.confidence.overall !== null && i.confidence.overall >= 0.25 && i.confidence.overall <= 0.3);
    expect(expected.length).toBeGreaterThan(0);
    expect(page.items.map((i) => i.id)).toEqual(expected.map((i) => i.id));
    const high = await listExtractedItems(ctx, docId, { min_confidence: 0, limit: 200 });
    expect(high.items).toHaveLength(135);
  });

  it('refuses min_confidence above max_confidence, and all=true with a limit or cursor, with 422', async () => {
    const { ctx, docId } = await documentOf150();
    await expect(listExtractedItems(ctx, docId, { min_confidence: 0.9, max_confidence: 0.1 })).rejects.toThrow(DomainValidationError);
    await expect(listExtractedItems(ctx, docId, { all: 'true', limit: 5 })).rejects.toThrow(DomainValidationError);
  });
});
