/**
 * CSV and XLSX renderings of items, written as the items are read (docs/adr/0731-streaming-exporters.md):
 * pages of items in, bytes out a page at a time.
 */
import { EventEmitter, once } from 'node:events';
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

/** A writable stream as archiver's `readable-stream` 2 makes it: no `writableNeedDrain` yet, its state instead. */
interface ZipEntryInput extends EventEmitter {
  _writableState: { needDrain: boolean };
}

/**
 * Where a sheet's rows go on their way into the zip. exceljs's `WorksheetWriter` writes into its
 * own `StreamBuf`, which hands every 64 KB to the PassThrough archiver wrapped it in at `append`
 * (`pipes[0]`) ignoring `write()`'s answer; archiver reads that PassThrough, with backpressure,
 * only once the zip reaches the entry and as fast as the zip's reader takes bytes. So its
 * `needDrain` is the one place where "the reader has not taken what was written" shows
 * (docs/adr/0775-xlsx-export-backpressure.md). Checked here, so an exceljs or archiver whose
 * insides differ fails loudly instead of buffering the sheet again (tabular.test.ts holds it).
 */
function zipEntryInput(sheet: unknown): ZipEntryInput {
  const input = (sheet as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as Partial<ZipEntryInput> | undefined;
  if (!(input instanceof EventEmitter) || typeof input._writableState?.needDrain !== 'boolean')
    throw new Error('exceljs: a worksheet stream without the zip entry it writes into');
  return input as ZipEntryInput;
}

/**
 * Sheets `items`, `provenance` and `corrections` through exceljs's streaming writer: rows are
 * committed as they are added, one sheet after the other (a zip holds one entry at a time), so
 * the items are read twice, in pages. After each page it waits until the zip entry has taken
 * what was written, which it does only as the reader takes the zip: a slow client (or a fast
 * database) holds back the reading instead of filling memory with the sheet.
 */
export async function itemsXlsx(items: () => Pages<ExtractedItemRecord>, corrections: () => Pages<CorrectionRecord>): Promise<Readable> {
  // Loaded on first use: most processes never write a spreadsheet.
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  // The reader gone (the client hung up): stop reading pages rather than wait for a drain that never comes.
  const abandoned = once(out, 'close').then(() => {
    throw new Error('the export was abandoned before its end');
  });
  abandoned.catch(() => {});
  const caughtUp = async (sheet: unknown): Promise<void> => {
    const entry = zipEntryInput(sheet);
    // `needDrain` only while a write was refused, and then 'drain' follows once taken.
    if (entry._writableState.needDrain) await Promise.race([once(entry, 'drain'), abandoned]);
  };
  const write = async (): Promise<void> => {
    const sheet = wb.addWorksheet('items');
    sheet.addRow(HEADER).commit();
    for await (const page of items()) {
      for (const i of page) sheet.addRow(row(i).map((v) => (typeof v === 'boolean' ? String(v) : v))).commit();
      await caughtUp(sheet);
    }
    sheet.commit();
    const prov = wb.addWorksheet('provenance');
    prov.addRow(['item_id', 'key', 'anchor_kind', 'page_number', 'ref', 'quote']).commit();
    for await (const page of items()) {
      for (const i of page)
        for (const a of i.provenance.anchors)
          prov.addRow([i.id, i.key, a.kind, a.kind === 'page_region' ? a.page_number : null, anchorRef(a), i.provenance.quote]).commit();
      await caughtUp(prov);
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
      await caughtUp(corr);
    }
    corr.commit();
    await wb.commit();
  };
  // A failure half way (the database gone) ends the download broken rather than looking complete.
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
