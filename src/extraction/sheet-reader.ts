/**
 * Spreadsheet-like sources as typed cells: xlsx through exceljs (cell addresses, formula
 * results, dates, number formats) and CSV through csv-parse. Rows and columns are 1-based.
 */
import { parse as parseCsvSync } from 'csv-parse/sync';
// exceljs is loaded on first use (about 30 MB the service need not hold until a spreadsheet comes in).
import type ExcelJS from 'exceljs';
import { detectCsvDelimiter, sepHint } from './csv-dialect.js';
import type { Anchor, JsonValue, TextSource, ValueType } from './types.js';
import { parseDate, parseEmail, parseMoney, parseNumber, parsePercent } from './value-parsers.js';

/** One typed cell. */
export interface SheetCell {
  row: number;
  column: number;
  ref: string;
  /** Display text (dates as ISO, numbers unformatted). */
  text: string;
  value_type: ValueType;
  value: JsonValue;
  state: 'present' | 'blank' | 'unreadable';
  formula: string | null;
  /** Where else the cell is (a PDF table cell: its page box and text span); the sheet cell anchor is added by the reader. */
  anchors?: Anchor[];
}

/** A sheet: rows with their non-merged cells. */
export interface SheetData {
  name: string;
  rows: Array<{ row: number; cells: SheetCell[] }>;
  /** Where the cells' text was read; native (the file's own cells) unless said otherwise (a PDF table: its text layer or OCR). */
  text_source?: TextSource;
  /** Cells a merge covers (not their own cell) → the cell holding the merge's text: a header merged over columns names each. */
  merged?: Array<{ row: number; column: number; master: { row: number; column: number } }>;
}

/** Column number → letters (1 → A, 28 → AB). */
export function columnLetters(n: number): string {
  let s = '';
  let x = n;
  while (x > 0) {
    const r = (x - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    x = Math.floor((x - 1) / 26);
  }
  return s;
}

function currencyOfFormat(fmt: string): string | null {
  if (/\$|USD/.test(fmt)) return 'USD';
  if (/€|EUR/.test(fmt)) return 'EUR';
  if (/£|GBP/.test(fmt)) return 'GBP';
  if (/¥|JPY/.test(fmt)) return 'JPY';
  return null;
}

function isoOfDate(d: Date): { value_type: ValueType; value: string } {
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? { value_type: 'date', value: iso.slice(0, 10) } : { value_type: 'datetime', value: iso.replace('.000Z', 'Z') };
}

/** Types a primitive cell value, using the number format for money and percent. */
function typedPrimitive(v: unknown, numFmt: string): Pick<SheetCell, 'value_type' | 'value' | 'text' | 'state'> | null {
  if (v === null || v === undefined || v === '') return { value_type: 'string', value: null, text: '', state: 'blank' };
  if (typeof v === 'number') {
    if (numFmt.includes('%')) {
      const pct = Math.round(v * 100 * 1e9) / 1e9;
      return { value_type: 'percent', value: pct, text: `${pct}%`, state: 'present' };
    }
    const cur = currencyOfFormat(numFmt);
    if (cur) return { value_type: 'money', value: { amount: v, currency: cur }, text: String(v), state: 'present' };
    return { value_type: Number.isInteger(v) ? 'integer' : 'number', value: v, text: String(v), state: 'present' };
  }
  if (typeof v === 'boolean') return { value_type: 'boolean', value: v, text: v ? 'TRUE' : 'FALSE', state: 'present' };
  if (v instanceof Date) {
    const d = isoOfDate(v);
    return { ...d, text: d.value, state: 'present' };
  }
  if (typeof v === 'string') return { value_type: 'string', value: v, text: v, state: v.trim() === '' ? 'blank' : 'present' };
  return null;
}

function typedExcelValue(v: ExcelJS.CellValue, numFmt: string): Pick<SheetCell, 'value_type' | 'value' | 'text' | 'state' | 'formula'> {
  const prim = typedPrimitive(v, numFmt);
  if (prim) return { ...prim, formula: null };
  if (typeof v === 'object' && v !== null) {
    if ('error' in v) return { value_type: 'string', value: null, text: String(v.error), state: 'unreadable', formula: null };
    if ('formula' in v || 'sharedFormula' in v) {
      const formula =
        'formula' in v && typeof v.formula === 'string' ? v.formula : 'sharedFormula' in v && typeof v.sharedFormula === 'string' ? v.sharedFormula : null;
      const result: unknown = 'result' in v ? v.result : undefined;
      if (typeof result === 'object' && result !== null && 'error' in result) {
        return { value_type: 'string', value: null, text: String((result as { error: unknown }).error), state: 'unreadable', formula };
      }
      const r = typedPrimitive(result, numFmt);
      return r ? { ...r, formula } : { value_type: 'string', value: null, text: '', state: 'unreadable', formula };
    }
    if ('richText' in v && Array.isArray(v.richText)) {
      const t = v.richText.map((p) => p.text).join('');
      return { value_type: 'string', value: t, text: t, state: t.trim() === '' ? 'blank' : 'present', formula: null };
    }
    if ('text' in v && typeof v.text === 'string') {
      return { value_type: 'string', value: v.text, text: v.text, state: v.text.trim() === '' ? 'blank' : 'present', formula: null };
    }
  }
  return { value_type: 'string', value: null, text: '', state: 'unreadable', formula: null };
}

/** Reads every worksheet of an xlsx (merged slave cells skipped; empty rows skipped). */
export async function readXlsx(bytes: Buffer): Promise<SheetData[]> {
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheets: SheetData[] = [];
  wb.eachSheet((ws) => {
    const rows: SheetData['rows'] = [];
    const merged: NonNullable<SheetData['merged']> = [];
    ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells: SheetCell[] = [];
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        if (cell.isMerged && cell.master.address !== cell.address) {
          merged.push({ row: rowNumber, column: col, master: { row: Number(cell.master.row), column: Number(cell.master.col) } });
          return;
        }
        const t = typedExcelValue(cell.value, cell.numFmt ?? '');
        cells.push({ row: rowNumber, column: col, ref: cell.address, ...t });
      });
      if (cells.length > 0) rows.push({ row: rowNumber, cells });
    });
    sheets.push({ name: ws.name, rows, ...(merged.length > 0 ? { merged } : {}) });
  });
  return sheets;
}

/** A number written with a decimal comma (and optional dot or space thousands): 4,50 · 1.234,56 · -120,00. */
const COMMA_DECIMAL = /^[-+]?(?:\d{1,3}(?:[.\u00a0\u202f ]\d{3})+|\d+),\d+$/;
/** A number written with a decimal point (and optional comma thousands): 4.50 · 1,234.56. */
const DOT_DECIMAL = /^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)\.\d+$/;
/** A plain number in a decimal-comma file: 12 · 1.234 · 4,50 · (1.234,56). */
const COMMA_NUMBER = /^[-(]?(?:\d{1,3}(?:[.\u00a0\u202f ]\d{3})+|\d+)(?:,\d+)?\)?$/;

/**
 * True when a file's numbers are written with decimal commas (German, French… exports): more of
 * its fields read as comma-decimal numbers than as point-decimal ones.
 */
export function usesDecimalComma(fields: Iterable<string>): boolean {
  let comma = 0;
  let dot = 0;
  for (const f of fields) {
    const t = f.trim();
    if (COMMA_DECIMAL.test(t)) comma++;
    else if (DOT_DECIMAL.test(t)) dot++;
  }
  return comma > dot;
}

/**
 * Infers a type for a CSV field: money (with currency), percent, number, ISO/explicit date, e-mail, else string.
 * `decimalComma`: the file writes 4,50 for 4.5 (usesDecimalComma), so 1.234 is a thousand and more.
 */
export function inferFieldType(text: string, opts: { decimalComma?: boolean } = {}): Pick<SheetCell, 'value_type' | 'value' | 'state'> {
  const t = text.trim();
  if (t === '') return { value_type: 'string', value: null, state: 'blank' };
  if (opts.decimalComma && COMMA_NUMBER.test(t)) {
    // Not parseNumber: it reads a lone 1.234 as one point two three four, this file's way is a thousand.
    const digits = Number(t.replace(/[()\s.\u00a0\u202f]/g, '').replace(',', '.'));
    const n = t.startsWith('(') ? -digits : digits;
    if (Number.isFinite(n)) return { value_type: t.includes(',') ? 'number' : 'integer', value: n, state: 'present' };
  }
  const n = parseNumber(t);
  if (n !== null && /^[-(]?(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d+)?\)?$/.test(t))
    return { value_type: /\.\d/.test(t) ? 'number' : 'integer', value: n, state: 'present' };
  const pct = parsePercent(t);
  if (pct !== null) return { value_type: 'percent', value: pct, state: 'present' };
  const m = parseMoney(t);
  if (m && m.currency) return { value_type: 'money', value: { amount: m.amount, currency: m.currency }, state: 'present' };
  if (/\d/.test(t) && /[-/.\s]/.test(t)) {
    const d = parseDate(t);
    if (d) return { value_type: 'date', value: d, state: 'present' };
  }
  const e = parseEmail(t);
  if (e) return { value_type: 'email', value: e, state: 'present' };
  return { value_type: 'string', value: t, state: 'present' };
}

/** Parses CSV text (delimiter detected unless given) into one sheet named `name`. */
export function readCsv(whole: string, opts: { name?: string; delimiter?: string } = {}): SheetData {
  // Excel's `sep=;` line names the delimiter and is no row (Excel does not show it).
  const hint = sepHint(whole);
  const text = hint ? hint.rest : whole;
  const delimiter = opts.delimiter ?? hint?.delimiter ?? detectCsvDelimiter(text) ?? ',';
  const records = parseCsvSync(text, { delimiter, relax_column_count: true, relax_quotes: true, bom: true, skip_empty_lines: false }) as string[][];
  const rows: SheetData['rows'] = [];
  const decimalComma = usesDecimalComma(records.flat());
  records.forEach((rec, i) => {
    const rowNumber = i + 1;
    const cells: SheetCell[] = [];
    rec.forEach((field, j) => {
      if (field === '') return;
      const typed = inferFieldType(field, { decimalComma });
      cells.push({ row: rowNumber, column: j + 1, ref: `${columnLetters(j + 1)}${rowNumber}`, text: field, formula: null, ...typed });
    });
    if (cells.length > 0) rows.push({ row: rowNumber, cells });
  });
  return { name: opts.name ?? 'csv', rows };
}
