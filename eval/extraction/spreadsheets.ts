/**
 * CSV and .xlsx cell accuracy on the awkward-spreadsheet gold set (eval/gold/spreadsheets): each
 * file goes through the upload check and then the processor Quire chooses for the kind the check
 * detected (`prc_table_rows`), as an upload would. A gold cell is right when an item of the same
 * sheet and data row, labelled with the cell's header name, holds its value (typed: numbers as
 * numbers, dates as ISO dates, money with its currency). Items with a value no gold cell expects
 * are counted as extra. The upload check and the reader agree on a file when the check accepts it
 * as the kind it is and the reader reads it without an error.
 */
import { runProcessor } from '../../src/extraction/processor-catalog.js';
import type { ExtractedItem, JsonValue } from '../../src/extraction/types.js';
import { validateUpload } from '../../src/extraction/validate-upload.js';
import { SPREADSHEET_GOLD, type SpreadsheetCase } from '../gold/spreadsheets/cases.js';

export interface CellMiss {
  file: string;
  cell: string;
  gold: JsonValue;
  got: JsonValue | undefined;
}

export interface SpreadsheetFileOutcome {
  filename: string;
  kind: 'csv' | 'xlsx';
  what: string;
  cells: number;
  correct: number;
  /** Items with a value where the gold set has no cell (a title read as data, a header read as a row). */
  extra: number;
  /** The upload check's verdict: valid, and the kind it detected. */
  checkValid: boolean;
  checkKind: string | null;
  readerErrors: number;
  agree: boolean;
  misses: CellMiss[];
}

const ROW_KEY = /^(.*?)row\[(\d+)\]\./;

/** Same value: strings as written (trimmed), numbers to 1e-9, money by amount and currency. */
export function sameCellValue(gold: JsonValue, got: JsonValue | undefined): boolean {
  if (got === undefined || got === null) return false;
  if (typeof gold === 'number') return typeof got === 'number' && Math.abs(got - gold) < 1e-9;
  if (typeof gold === 'string') return typeof got === 'string' && got.trim() === gold.trim();
  if (gold !== null && typeof gold === 'object' && !Array.isArray(gold) && 'amount' in gold) {
    if (typeof got !== 'object' || Array.isArray(got)) return false;
    return Math.abs(Number(got.amount) - Number(gold.amount)) < 0.005 && got.currency === gold.currency;
  }
  return JSON.stringify(gold) === JSON.stringify(got);
}

/** `prefix|row|header|n`: the n-th column of that header name in the row (two columns can share a merged header). */
function cellKey(prefix: string, row: number, header: string, n: number): string {
  return `${prefix}|${row}|${header}|${n}`;
}

/** The values Quire gave, by cell key (present items only, in column order). */
export function itemCells(items: ExtractedItem[]): Map<string, JsonValue> {
  const seen = new Map<string, number>();
  const cells = new Map<string, JsonValue>();
  for (const it of items) {
    const m = ROW_KEY.exec(it.key);
    if (!m) continue;
    const base = `${m[1]}|${m[2]}|${it.label}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    if (it.value_state === 'present') cells.set(cellKey(m[1], Number(m[2]), it.label, n), it.value);
  }
  return cells;
}

async function scoreFile(c: SpreadsheetCase): Promise<SpreadsheetFileOutcome> {
  const bytes = await c.bytes();
  const kind = c.filename.endsWith('.xlsx') ? 'xlsx' : 'csv';
  const verdict = await validateUpload({ bytes, filename: c.filename });
  const run = await runProcessor('prc_table_rows', { bytes, kind: verdict.detected.kind ?? kind, filename: c.filename, options: c.options ?? {} });
  const got = itemCells(run.items);
  const expected = new Set<string>();
  const misses: CellMiss[] = [];
  let cells = 0;
  for (const t of c.tables) {
    t.rows.forEach((row, r) => {
      row.forEach((gold, col) => {
        if (gold === null) return;
        const header = t.headers[col];
        const key = cellKey(t.prefix, r, header, t.headers.slice(0, col).filter((h) => h === header).length);
        expected.add(key);
        cells += 1;
        if (!sameCellValue(gold, got.get(key))) misses.push({ file: c.filename, cell: `${t.prefix}row[${r}] "${header}"`, gold, got: got.get(key) });
      });
    });
  }
  const checkKind = verdict.detected.kind;
  return {
    filename: c.filename,
    kind,
    what: c.what,
    cells,
    correct: cells - misses.length,
    extra: [...got.keys()].filter((k) => !expected.has(k)).length,
    checkValid: verdict.valid,
    checkKind,
    readerErrors: run.errors.length,
    agree: verdict.valid && checkKind === kind && run.errors.length === 0,
    misses,
  };
}

export interface SpreadsheetScore {
  files: SpreadsheetFileOutcome[];
  csv: { cells: number; correct: number; extra: number };
  xlsx: { cells: number; correct: number; extra: number };
  disagreements: number;
}

export async function scoreSpreadsheets(cases: SpreadsheetCase[] = SPREADSHEET_GOLD): Promise<SpreadsheetScore> {
  const files: SpreadsheetFileOutcome[] = [];
  for (const c of cases) files.push(await scoreFile(c));
  const sum = (k: 'csv' | 'xlsx') => {
    const fs = files.filter((f) => f.kind === k);
    return { cells: fs.reduce((n, f) => n + f.cells, 0), correct: fs.reduce((n, f) => n + f.correct, 0), extra: fs.reduce((n, f) => n + f.extra, 0) };
  };
  return { files, csv: sum('csv'), xlsx: sum('xlsx'), disagreements: files.filter((f) => !f.agree).length };
}

/** The markdown under the extraction table: per file, then the misses. */
export function spreadsheetMarkdown(s: SpreadsheetScore): string[] {
  const out = [
    '### CSV and .xlsx cells (awkward spreadsheets)',
    '',
    `${s.files.length} files the project writes (eval/gold/spreadsheets), uploaded as a user would: the upload check, then \`prc_table_rows\` on the kind it detected. A cell is right when the item of its sheet and data row labelled with its header name holds its typed value. CSV: ${s.csv.correct}/${s.csv.cells} cells right, ${s.csv.extra} extra values; .xlsx: ${s.xlsx.correct}/${s.xlsx.cells}, ${s.xlsx.extra} extra. Upload check and reader disagree on ${s.disagreements} file(s).`,
    '',
    '| file | what is awkward | cells right | extra values | upload check | reader errors |',
    '|---|---|---|---|---|---|',
    ...s.files.map(
      (f) =>
        `| ${f.filename} | ${f.what} | ${f.correct}/${f.cells} | ${f.extra} | ${f.checkValid ? 'valid' : 'refused'}, ${f.checkKind ?? 'no kind'} | ${f.readerErrors} |`,
    ),
    '',
  ];
  const misses = s.files.flatMap((f) => f.misses);
  if (misses.length > 0) {
    out.push(`Cells missed (${misses.length}; first 20):`, '');
    for (const m of misses.slice(0, 20))
      out.push(`- ${m.file} ${m.cell}: gold ${JSON.stringify(m.gold)}, got ${m.got === undefined ? 'nothing' : JSON.stringify(m.got)}`);
    out.push('');
  }
  return out;
}
