/**
 * Table cell accuracy: how many cells of the expected tables (header included) a run read with
 * the same text at the same row and column. Each expected table is compared with the found table
 * that agrees with it most; whitespace differences do not count. For the evaluation runner and
 * the table tests.
 */
import type { ExtractedItem } from '../types.js';

/** A table as rows of cell texts, the header row first. */
export type TableGrid = string[][];

/** The score of a set of tables. */
export interface TableScore {
  cells: number;
  correct: number;
  /** correct ÷ cells (1 when nothing was expected). */
  accuracy: number;
  tables_expected: number;
  /** Expected tables at least one cell of which was found. */
  tables_found: number;
}

const norm = (s: string | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

function agreement(expected: TableGrid, found: TableGrid): number {
  let n = 0;
  expected.forEach((row, r) => row.forEach((cell, c) => (norm(cell) === norm(found[r]?.[c]) ? n++ : 0)));
  return n;
}

/** Scores found tables against expected ones. */
export function scoreTables(expected: TableGrid[], found: TableGrid[]): TableScore {
  let cells = 0;
  let correct = 0;
  let tablesFound = 0;
  for (const e of expected) {
    cells += e.reduce((s, r) => s + r.length, 0);
    const best = Math.max(0, ...found.map((f) => agreement(e, f)));
    correct += best;
    if (best > 0) tablesFound++;
  }
  return { cells, correct, accuracy: cells === 0 ? 1 : correct / cells, tables_expected: expected.length, tables_found: tablesFound };
}

/** The tables a `prc_table_rows` run read, as grids: one per sheet, the header row from the items' labels. */
export function gridsOfItems(items: ExtractedItem[]): TableGrid[] {
  const sheets = new Map<string, Map<number, Map<number, { text: string; label: string }>>>();
  for (const it of items) {
    if (it.key.startsWith('line_items[')) continue;
    const a = it.provenance.anchors.find((x) => x.kind === 'sheet_cell');
    if (!a || a.kind !== 'sheet_cell') continue;
    const rows = sheets.get(a.sheet) ?? new Map<number, Map<number, { text: string; label: string }>>();
    const row = rows.get(a.row) ?? new Map<number, { text: string; label: string }>();
    row.set(a.column, { text: it.raw_text ?? '', label: it.label });
    rows.set(a.row, row);
    sheets.set(a.sheet, rows);
  }
  return [...sheets.values()].map((rows) => {
    const ordered = [...rows.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
    const width = Math.max(...ordered.map((r) => Math.max(...r.keys())));
    const columns = Array.from({ length: width }, (_, i) => i + 1);
    const header = columns.map((c) => ordered[0].get(c)?.label ?? '');
    return [header, ...ordered.map((row) => columns.map((c) => row.get(c)?.text ?? ''))];
  });
}
