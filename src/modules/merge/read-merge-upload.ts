/**
 * A CSV or .xlsx upload → the merge table: the upload checks every upload gets (magic bytes,
 * zip bombs, macros, size: extraction/validate-upload.ts), then the project's readers (csv-parse,
 * exceljs). The first row names the columns; an .xlsx is read from its first worksheet. A CSV is
 * decoded as the upload check decoded it (UTF-8/UTF-16, else Windows-1252), so the two agree.
 */
import { DomainValidationError } from '../../kernel/errors.js';
import { decodeTabular } from '../../extraction/csv-dialect.js';
import { type SheetData, readCsv, readXlsx } from '../../extraction/sheet-reader.js';
import { validateUpload } from '../../extraction/validate-upload.js';
import { type MergeTable, tableOfGrid } from './merge-table.js';

export interface MergeUpload {
  bytes: Buffer;
  filename: string;
  mimeType: string | null;
}

/** A sheet's rows as a grid of texts, columns by position (1-based in the sheet, 0-based here). */
function gridOf(sheet: SheetData): string[][] {
  return sheet.rows.map((row) => {
    const cells: string[] = [];
    for (const cell of row.cells) cells[cell.column - 1] = cell.text;
    return Array.from(cells, (text) => text ?? '');
  });
}

/**
 * @throws DomainValidationError when the file is not a readable CSV or .xlsx (the upload check's problems are named), or has no header row.
 */
export async function readMergeUpload(upload: MergeUpload, maxBytes: number): Promise<MergeTable> {
  const verdict = await validateUpload({
    bytes: upload.bytes,
    filename: upload.filename,
    declaredMimeType: upload.mimeType,
    limits: { accepted_kinds: ['csv', 'xlsx'], max_size_bytes: maxBytes, type_mismatch_severity: 'warning' },
  });
  const errors = verdict.problems.filter((p) => p.severity === 'error');
  if (!verdict.valid || errors.length > 0) {
    throw new DomainValidationError(`the file cannot be merged from: ${errors.map((p) => `${p.code}: ${p.message}`).join('; ') || 'not a CSV or .xlsx file'}`);
  }
  const sheet = verdict.detected.kind === 'xlsx' ? (await readXlsx(upload.bytes))[0] : readCsv(decodeTabular(upload.bytes).text);
  const grid = sheet ? gridOf(sheet) : [];
  const [header, ...body] = grid;
  if (!header) throw new DomainValidationError('the file is empty: its first row must name the columns');
  return tableOfGrid(header, body);
}
