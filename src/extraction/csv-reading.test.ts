/**
 * Awkward CSVs (issue 32): what the upload check calls a CSV, the table reader reads as one —
 * quoted cells over several lines, uneven rows, a column under an empty header cell, other
 * encodings and delimiters — and no column is ever dropped.
 */
import { describe, expect, it } from 'vitest';
import { runProcessor } from './processor-catalog.js';
import type { ExtractedItem, SheetCellAnchor } from './types.js';
import { validateUpload } from './validate-upload.js';
import { gridsOfItems, scoreTables } from './tables/score-tables.js';
import { CSV_CASES, makeXlsxWithEmptyHeader } from './test-support/table-fixtures.js';

const cellOf = (it: ExtractedItem): SheetCellAnchor => {
  const a = it.provenance.anchors.find((x) => x.kind === 'sheet_cell');
  if (!a || a.kind !== 'sheet_cell') throw new Error(`no sheet_cell anchor on ${it.key}`);
  return a;
};
const byKey = (items: ExtractedItem[], key: string): ExtractedItem => {
  const it = items.find((i) => i.key === key);
  if (!it) throw new Error(`no item ${key}`);
  return it;
};
const texts = (items: ExtractedItem[]): Record<string, string | null> => Object.fromEntries(items.map((i) => [i.key, i.raw_text]));

/** The upload check's verdict and the table reader's items, for one CSV file. */
async function uploadAndRead(bytes: Buffer, filename: string) {
  const verdict = await validateUpload({ bytes, filename });
  const kind = verdict.detected.kind;
  if (kind === null) throw new Error('no kind detected');
  const run = await runProcessor('prc_table_rows', { bytes, kind, filename });
  return { verdict, kind, run };
}

describe('CSV files the upload check accepts are read as tables', () => {
  it('keeps a quoted cell that runs over several lines', async () => {
    const csv = 'id,description,amount\n1,"Widget, large\nwith a second line",10.00\n2,Plain,5.00\n';
    const { verdict, kind, run } = await uploadAndRead(Buffer.from(csv), 'export.csv');
    expect(verdict.valid).toBe(true);
    expect(kind).toBe('csv');
    expect(run.errors).toEqual([]);
    expect(texts(run.items)).toMatchObject({ 'row[0].description': 'Widget, large\nwith a second line', 'row[1].amount': '5.00' });
    expect(cellOf(byKey(run.items, 'row[1].amount'))).toMatchObject({ ref: 'C3', row: 3, column: 3 });
  });

  it('reads uneven rows and names the extra column instead of dropping it', async () => {
    const csv = 'name;city;amount\nAlice;Berlin;10\nBob;Paris\nCarol;Rome;30;late fee\nDan;Oslo;40\n';
    const { kind, run } = await uploadAndRead(Buffer.from(csv), 'uneven.csv');
    expect(kind).toBe('csv');
    expect(texts(run.items)).toMatchObject({ 'row[1].city': 'Paris', 'row[2].amount': '30', 'row[2].column_4': 'late fee', 'row[3].name': 'Dan' });
    expect(run.items.find((i) => i.key === 'row[1].amount')).toMatchObject({ value_state: 'blank' });
    expect(run.items.find((i) => i.key === 'row[2].column_4')?.label).toBe('Column 4');
  });

  it('names a column under an empty header cell "Column N" and keeps its cells', async () => {
    const csv = 'id,,amount\n1,first note,10\n2,second note,20\n';
    const { run } = await uploadAndRead(Buffer.from(csv), 'noheader.csv');
    const notes = run.items.filter((i) => i.label === 'Column 2');
    expect(notes.map((n) => [n.key, n.raw_text])).toEqual([
      ['row[0].column_2', 'first note'],
      ['row[1].column_2', 'second note'],
    ]);
    expect(run.items).toHaveLength(6);
  });

  it('reads Windows-1252 text with a pipe delimiter', async () => {
    const bytes = Buffer.from('name|city|amount\nZoë|Malmö|12\nRené|Zürich|13\n', 'latin1');
    const { verdict, kind, run } = await uploadAndRead(bytes, 'latin.csv');
    expect(verdict.valid).toBe(true);
    expect(kind).toBe('csv');
    expect(texts(run.items)).toMatchObject({ 'row[0].name': 'Zoë', 'row[1].city': 'Zürich' });
  });

  it('reads UTF-16 without a byte order mark, tab-separated', async () => {
    const bytes = Buffer.from('code\tlabel\tprice\nA1\tÉclair\t2.50\nB2\tTörtchen\t3.10\n', 'utf16le');
    const { verdict, kind, run } = await uploadAndRead(bytes, 'export.tsv');
    expect(verdict.valid).toBe(true);
    expect(kind).toBe('csv');
    expect(texts(run.items)).toMatchObject({ 'row[0].label': 'Éclair', 'row[1].price': '3.10' });
  });

  it('reads UTF-16 with a byte order mark (not taken for audio)', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b,c\n"x\ny",2,3\n4,5,6\n', 'utf16le')]);
    const { verdict, kind, run } = await uploadAndRead(bytes, 'bom.csv');
    expect(verdict.valid).toBe(true);
    expect(kind).toBe('csv');
    expect(texts(run.items)).toMatchObject({ 'row[0].a': 'x\ny', 'row[1].c': '6' });
  });

  it("follows Excel's sep= line and does not read it as a row", async () => {
    const csv = 'sep=;\nArtikel;Preis\n"Kaffee; gemahlen";4,99\nTee;2,50\n';
    const { kind, run } = await uploadAndRead(Buffer.from(csv), 'excel.csv');
    expect(kind).toBe('csv');
    expect(texts(run.items.filter((i) => i.key.startsWith('row[')))).toEqual({
      'row[0].artikel': 'Kaffee; gemahlen',
      'row[0].preis': '4,99',
      'row[1].artikel': 'Tee',
      'row[1].preis': '2,50',
    });
  });

  it('still calls prose with commas plain text', async () => {
    const prose = 'Dear team, thanks for the report.\nWe read it, and we have, as you asked, three questions.\nBest regards\n';
    const verdict = await validateUpload({ bytes: Buffer.from(prose), filename: 'note' });
    expect(verdict.detected.kind).toBe('text');
  });
});

describe('CSV cell accuracy on the awkward set', () => {
  it('reads every cell of every awkward CSV where a person reads it', async () => {
    const expected = CSV_CASES.map((c) => c.grid);
    const found = [];
    for (const c of CSV_CASES) found.push(...gridsOfItems((await uploadAndRead(c.bytes, c.name)).run.items));
    expect(scoreTables(expected, found)).toEqual({ cells: 71, correct: 71, accuracy: 1, tables_expected: 7, tables_found: 7 });
  });
});

describe('xlsx with an empty header cell', () => {
  it('keeps the column and names it by its letter position', async () => {
    const run = await runProcessor('prc_table_rows', { bytes: await makeXlsxWithEmptyHeader(), kind: 'xlsx', filename: 'book.xlsx' });
    expect(run.errors).toEqual([]);
    expect(texts(run.items.filter((i) => i.key.startsWith('row[')))).toEqual({
      'row[0].item': 'Widget',
      'row[0].column_2': 'blue',
      'row[0].amount': '10',
      'row[1].item': 'Gadget',
      'row[1].column_2': 'red',
      'row[1].amount': '20',
    });
    expect(cellOf(byKey(run.items, 'row[1].column_2'))).toMatchObject({ ref: 'B3' });
  });
});
