/**
 * A merge run's input as one shape, whatever it came as: columns (in order) and rows of text by
 * column. JSON rows, CSV and .xlsx all end here, so the mapping and the checks are written once.
 */
import { DomainValidationError } from '../../kernel/errors.js';
import { coerceFieldValue } from '../documents/fields/field-values.js';

export interface MergeTable {
  columns: string[];
  /** One record per row, column → text; row numbers are 1-based positions in `rows`. */
  rows: Array<Record<string, string>>;
}

/** Bounds of one request: a bigger mailing is several runs. */
export const MERGE_LIMITS = { maxRows: 5000, maxColumns: 200, maxCellChars: 100_000 } as const;

/** Refuses a table past the bounds, or without a row, before anything else looks at it. */
export function assertTableFits(table: MergeTable): MergeTable {
  if (table.rows.length === 0) throw new DomainValidationError('the table has no rows: send at least one row (CSV/.xlsx: a header row, then the rows)');
  if (table.rows.length > MERGE_LIMITS.maxRows) {
    throw new DomainValidationError(`the table has ${table.rows.length} rows; a merge run takes at most ${MERGE_LIMITS.maxRows}: split it into several runs`);
  }
  if (table.columns.length > MERGE_LIMITS.maxColumns) {
    throw new DomainValidationError(`the table has ${table.columns.length} columns; at most ${MERGE_LIMITS.maxColumns}`);
  }
  table.rows.forEach((row, i) => {
    for (const [column, text] of Object.entries(row)) {
      if (text.length > MERGE_LIMITS.maxCellChars) {
        throw new DomainValidationError(`row ${i + 1}, column "${column}": ${text.length} characters; at most ${MERGE_LIMITS.maxCellChars}`);
      }
    }
  });
  return table;
}

/** JSON rows (objects of scalars) → the table; columns in the order they first appear. */
export function tableOfJsonRows(rows: ReadonlyArray<Record<string, unknown>>): MergeTable {
  const columns: string[] = [];
  const seen = new Set<string>();
  const records = rows.map((row, i) => {
    const record: Record<string, string> = {};
    for (const [column, value] of Object.entries(row)) {
      if (value !== null && typeof value === 'object')
        throw new DomainValidationError(`row ${i + 1}, column "${column}": a value must be text, a number or a boolean`);
      if (!seen.has(column)) {
        seen.add(column);
        columns.push(column);
      }
      record[column] = coerceFieldValue(value);
    }
    return record;
  });
  return { columns, rows: records };
}

/** Header texts and rows of cell texts (a sheet as read) → the table. Blank rows are skipped; blank or repeated headers refused. */
export function tableOfGrid(header: readonly string[], body: ReadonlyArray<ReadonlyArray<string>>): MergeTable {
  const columns = header.map((h) => h.trim());
  const blank = columns.findIndex((c) => c === '');
  if (columns.length === 0) throw new DomainValidationError('the first row must name the columns');
  if (blank >= 0 && body.some((cells) => (cells[blank] ?? '').trim() !== '')) {
    throw new DomainValidationError(`column ${blank + 1} has values but no name in the header row`);
  }
  const repeated = columns.find((c, i) => c !== '' && columns.indexOf(c) !== i);
  if (repeated !== undefined) throw new DomainValidationError(`the header row names the column "${repeated}" twice`);
  const rows = body
    .filter((cells) => cells.some((c) => c.trim() !== ''))
    .map((cells) => Object.fromEntries(columns.flatMap((c, i) => (c === '' ? [] : [[c, cells[i] ?? '']]))));
  return { columns: columns.filter((c) => c !== ''), rows };
}
