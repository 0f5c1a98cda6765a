/**
 * CSV and XLSX renderings of items, written as the items are read (docs/adr/0731-streaming-exporters.md):
 * pages of items in, bytes out a page at a time.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { CorrectionRecord } from '../../corrections/correction.repository.js';
import type { ExtractedItemRecord } from '../../extracted-items/extracted-item.repository.js';
import { firstPage } from '../select-items.js';

const HEADER = ['key', 'value_text', 'raw_text', 'value_state', 'confidence_overall', 'level', 'validation_status', 'corrected', 'page_number', 'quote'];

type Pages<T> = AsyncIterable<T[]>;

function row(i: ExtractedItemRecord): Array<string | number | boolean | null> {
  return [
    i.key,
    i.value_text,
    i.raw_text,
    i.value_state,
    i.confidence.overall,
    i.confidence.level,
    i.validation_status,
    i.is_corrected,
    firstPage(i),
    i.provenance.quote,
  ];
}

/** RFC 4180 quoting; a leading =,+,-,@ is prefixed with ' so spreadsheets never run it as a formula. */
function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export async function* itemsCsv(pages: Pages<ExtractedItemRecord>): AsyncGenerator<string> {
  yield `${HEADER.join(',')}\r\n`;
  for await (const page of pages) yield page.map((i) => `${row(i).map(csvCell).join(',')}\r\n`).join('');
}

function anchorRef(a: ExtractedItemRecord['provenance']['anchors'][number]): string {
  if (a.kind === 'sheet_cell') return `${a.sheet}!${a.ref}`;
  if (a.kind === 'text_span') return `${a.start}-${a.end}`;
  if (a.kind === 'docx_block') return `block ${a.block_index}`;
  return a.boxes.map((b) => `${b.x},${b.y},${b.w},${b.h}`).join(' ');
}

/**
 * Sheets `items`, `provenance` and `corrections` through exceljs's streaming writer: rows are
 * committed as they are added, one sheet after the other (a zip holds one entry at a time), so
 * the items are read twice, in pages. Between pages it waits while the reader has not taken what
 * was written, so a slow client holds back the reading instead of filling memory.
 */
export async function itemsXlsx(items: () => Pages<ExtractedItemRecord>, corrections: () => Pages<CorrectionRecord>): Promise<Readable> {
  // Loaded on first use: most processes never write a spreadsheet.
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const drained = async (): Promise<void> => {
    // `writableNeedDrain` only while a write was refused, and then 'drain' (or 'close') follows.
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  };
  const write = async (): Promise<void> => {
    const sheet = wb.addWorksheet('items');
    sheet.addRow(HEADER).commit();
    for await (const page of items()) {
      for (const i of page) sheet.addRow(row(i).map((v) => (typeof v === 'boolean' ? String(v) : v))).commit();
      await drained();
    }
    sheet.commit();
    const prov = wb.addWorksheet('provenance');
    prov.addRow(['item_id', 'key', 'anchor_kind', 'page_number', 'ref', 'quote']).commit();
    for await (const page of items()) {
      for (const i of page)
        for (const a of i.provenance.anchors)
          prov.addRow([i.id, i.key, a.kind, a.kind === 'page_region' ? a.page_number : null, anchorRef(a), i.provenance.quote]).commit();
      await drained();
    }
    prov.commit();
    const corr = wb.addWorksheet('corrections');
    corr.addRow(['correction_id', 'item_id', 'revision', 'status', 'previous', 'corrected', 'reason', 'note', 'updated_by', 'updated_at']).commit();
    for await (const page of corrections()) {
      for (const c of page)
        corr
          .addRow([
            c.id,
            c.item_id,
            c.revision,
            c.status,
            JSON.stringify(c.previous.value),
            JSON.stringify(c.corrected.value),
            c.reason,
            c.note,
            c.updated_by,
            c.updated_at,
          ])
          .commit();
      await drained();
    }
    corr.commit();
    await wb.commit();
  };
  // A failure half way (the database gone) ends the download broken rather than looking complete.
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
