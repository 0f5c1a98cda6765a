/** CSV and XLSX renderings of items (pure: rows in, bytes out). */
import type { CorrectionRecord } from '../../corrections/correction.repository.js';
import type { ExtractedItemRecord } from '../../extracted-items/extracted-item.repository.js';
import { firstPage } from '../select-items.js';

const HEADER = ['key', 'value_text', 'raw_text', 'value_state', 'confidence_overall', 'level', 'validation_status', 'corrected', 'page_number', 'quote'];

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

export function itemsCsv(items: readonly ExtractedItemRecord[]): Buffer {
  const lines = [HEADER.join(','), ...items.map((i) => row(i).map(csvCell).join(','))];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function itemsXlsx(items: readonly ExtractedItemRecord[], corrections: readonly CorrectionRecord[]): Promise<Buffer> {
  // Loaded on first use: most processes never write a spreadsheet.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('items');
  sheet.addRow(HEADER);
  for (const i of items) sheet.addRow(row(i).map((v) => (typeof v === 'boolean' ? String(v) : v)));
  const prov = wb.addWorksheet('provenance');
  prov.addRow(['item_id', 'key', 'anchor_kind', 'page_number', 'ref', 'quote']);
  for (const i of items) {
    for (const a of i.provenance.anchors) {
      const ref =
        a.kind === 'sheet_cell'
          ? `${a.sheet}!${a.ref}`
          : a.kind === 'text_span'
            ? `${a.start}-${a.end}`
            : a.kind === 'docx_block'
              ? `block ${a.block_index}`
              : a.boxes.map((b) => `${b.x},${b.y},${b.w},${b.h}`).join(' ');
      prov.addRow([i.id, i.key, a.kind, a.kind === 'page_region' ? a.page_number : null, ref, i.provenance.quote]);
    }
  }
  const corr = wb.addWorksheet('corrections');
  corr.addRow(['correction_id', 'item_id', 'revision', 'status', 'previous', 'corrected', 'reason', 'note', 'updated_by', 'updated_at']);
  for (const c of corrections)
    corr.addRow([
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
    ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
