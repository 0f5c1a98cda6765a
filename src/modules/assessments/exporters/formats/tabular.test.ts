/**
 * The xlsx exporter's memory stays flat however many items it writes (issue 35 item 2,
 * docs/adr/0775-xlsx-export-backpressure.md): it reads the next page only when the reader has
 * taken what was written, so what it holds ahead of the reader is bounded, not the sheet. And the
 * workbook's cells are those of the items, sheet by sheet.
 */
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import type { CorrectionRecord } from '../../corrections/correction.repository.js';
import type { ExtractedItemRecord } from '../../extracted-items/extracted-item.repository.js';
import { SYNTHETIC_ITEM_TIME as T, syntheticItem } from '../../../../../test/support/synthetic-items.js';
import { itemsXlsx } from './tabular.js';

const PAGE = 500;

/** A quote that does not compress (a hash): the file grows with the items as a real one does. */
function record(n: number): ExtractedItemRecord {
  return { org_id: 'org_x', ...syntheticItem(n, { quote: (k) => createHash('sha256').update(String(k)).digest('hex') }) };
}

function correction(n: number): CorrectionRecord {
  const value = { value: `fixed ${n}`, value_state: 'present' as const, provenance: { quote: '', text_source: 'native' as const, anchors: [] } };
  return {
    id: `cor_${n}`,
    org_id: 'org_x',
    item_id: `itm_${String(n).padStart(6, '0')}`,
    document_id: 'sdoc_x',
    assessment_id: null,
    run_id: 'run_x',
    revision: 1,
    status: 'active',
    previous: { ...value, value: `value ${n}`, item_version: 1 },
    corrected: { ...value, reanchored: false },
    reason: 'ocr_error',
    note: null,
    time_spent_ms: null,
    created_by: 'usr_x',
    created_at: T,
    updated_by: 'usr_x',
    updated_at: T,
  };
}

/** `count` items in pages of 500, calling `onPage(index, last)` as each page is asked for. */
async function* itemPages(count: number, onPage: (index: number, last: boolean) => void = () => {}): AsyncGenerator<ExtractedItemRecord[]> {
  for (let from = 0, index = 0; from < count; from += PAGE, index += 1) {
    onPage(index, from + PAGE >= count);
    yield Array.from({ length: Math.min(PAGE, count - from) }, (_, i) => record(from + i));
  }
}

async function* correctionPages(list: CorrectionRecord[]): AsyncGenerator<CorrectionRecord[]> {
  if (list.length > 0) yield list;
}

describe('itemsXlsx', () => {
  it('reads the next page only when the reader has taken what was written, so the reader holds it back', async () => {
    const ITEMS = 30_000;
    let taken = 0;
    // Bytes the reader had taken when the exporter asked for the last page of each sheet.
    const takenAtLastPage: number[] = [];
    const pages = () => itemPages(ITEMS, (_, last) => (last ? takenAtLastPage.push(taken) : undefined));
    const stream = await itemsXlsx(pages, () => correctionPages([]));
    for await (const chunk of stream) taken += (chunk as Buffer).byteLength;
    expect(takenAtLastPage).toHaveLength(2);
    // Written as read, the exporter is never more than a few buffers ahead of the reader (the
    // zip's own output buffer, up to 1 MB, the largest): when it asks for the provenance sheet's
    // last page, little of the file is left to take. Buffering the sheets, it had read every page
    // before the reader got their first bytes, and all of the file was left.
    expect(taken).toBeGreaterThan(4 * 2 ** 20);
    expect(taken - takenAtLastPage[1]).toBeLessThan(1.5 * 2 ** 20);
    // Likewise for the items sheet: most of it was taken before its last page was read.
    expect(takenAtLastPage[0]).toBeGreaterThan(taken / 4);
  }, 120_000);

  it('stops reading pages when the reader leaves half way (the client hung up)', async () => {
    const ITEMS = 30_000;
    let asked = 0;
    let ended = false;
    async function* pages(): AsyncGenerator<ExtractedItemRecord[]> {
      try {
        yield* itemPages(ITEMS, () => (asked += 1));
      } finally {
        ended = true;
      }
    }
    const stream = await itemsXlsx(pages, () => correctionPages([]));
    for await (const chunk of stream) if ((chunk as Buffer).byteLength > 0) break;
    await vi.waitFor(() => expect(ended).toBe(true), { timeout: 30_000 });
    expect(asked).toBeLessThan(ITEMS / PAGE);
  }, 60_000);

  it('writes every item and correction, cell for cell, in the sheets items, provenance and corrections', async () => {
    const ITEMS = 1_234;
    const stream = await itemsXlsx(
      () => itemPages(ITEMS),
      () => correctionPages([correction(3), correction(7)]),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['items', 'provenance', 'corrections']);
    const rowsOf = (name: string): unknown[][] => (wb.getWorksheet(name)?.getSheetValues() ?? []).slice(1).map((r) => (r as unknown[]).slice(1));
    const all = Array.from({ length: ITEMS }, (_, n) => record(n));
    expect(rowsOf('items')).toEqual([
      ['key', 'value_text', 'raw_text', 'value_state', 'confidence_overall', 'level', 'validation_status', 'corrected', 'page_number', 'quote'],
      ...all.map((i) => [
        i.key,
        i.value_text,
        i.raw_text,
        'present',
        i.confidence.overall,
        'high',
        i.validation_status,
        String(i.is_corrected),
        1 + (i.ordinal % 7),
        i.provenance.quote,
      ]),
    ]);
    expect(rowsOf('provenance')).toEqual([
      ['item_id', 'key', 'anchor_kind', 'page_number', 'ref', 'quote'],
      ...all.map((i) => [i.id, i.key, 'page_region', 1 + (i.ordinal % 7), '0.1,0.2,0.3,0.05', i.provenance.quote]),
    ]);
    // A null cell is left empty: the row's array ends before it.
    expect(rowsOf('corrections')).toEqual([
      ['correction_id', 'item_id', 'revision', 'status', 'previous', 'corrected', 'reason', 'note', 'updated_by', 'updated_at'],
      ['cor_3', 'itm_000003', 1, 'active', '"value 3"', '"fixed 3"', 'ocr_error', undefined, 'usr_x', T],
      ['cor_7', 'itm_000007', 1, 'active', '"value 7"', '"fixed 7"', 'ocr_error', undefined, 'usr_x', T],
    ]);
  }, 60_000);
});
