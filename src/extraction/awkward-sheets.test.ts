/**
 * What the awkward-spreadsheet gold set (eval/gold/spreadsheets) found wrong in the readers
 * (issue 32): Windows-1252's € and typographic quotes, title lines above the header, decimal
 * commas, and workbooks with merged title and header cells. Each upload goes through the upload
 * check first, as a user's would, and the check and the reader must agree.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { runProcessor } from './processor-catalog.js';
import type { ExtractedItem } from './types.js';
import { validateUpload } from './validate-upload.js';

async function uploadAndRead(bytes: Buffer, filename: string, options: Record<string, unknown> = {}) {
  const verdict = await validateUpload({ bytes, filename });
  const run = await runProcessor('prc_table_rows', { bytes, kind: verdict.detected.kind ?? 'text', filename, options });
  return { verdict, run };
}

/** `key → [label, value]` of the items with a value. */
const cells = (items: ExtractedItem[]): Record<string, [string, unknown]> =>
  Object.fromEntries(items.filter((i) => i.value_state === 'present' && i.key.includes('row[')).map((i) => [i.key, [i.label, i.value]]));

/** Windows-1252 bytes: Latin-1 plus the 0x80–0x9F characters used here. */
const cp1252 = (text: string): Buffer => Buffer.from([...text].map((ch) => ({ '€': 0x80, '„': 0x84, '“': 0x93 })[ch] ?? ch.charCodeAt(0)));

describe('awkward CSVs', () => {
  it('decodes Windows-1252 € and typographic quotes, and the upload check accepts the file', async () => {
    const { verdict, run } = await uploadAndRead(cp1252('Artikel;Preis\nSüßwaren „fein“;4,50 €\nTee;2,00 €\n'), 'artikel.csv');
    expect(verdict).toMatchObject({ valid: true, detected: { kind: 'csv' } });
    expect(cells(run.items)).toEqual({
      'row[0].artikel': ['Artikel', 'Süßwaren „fein“'],
      'row[0].preis': ['Preis', { amount: 4.5, currency: 'EUR' }],
      'row[1].artikel': ['Artikel', 'Tee'],
      'row[1].preis': ['Preis', { amount: 2, currency: 'EUR' }],
    });
  });

  it('reads decimal commas (with dot thousands) as numbers in a semicolon file', async () => {
    const { run } = await uploadAndRead(Buffer.from('Artikel;Menge;Preis\nKäse;2;4,50\nWein;10;1.234,56\n'), 'preise.csv');
    expect(cells(run.items)).toMatchObject({
      'row[0].menge': ['Menge', 2],
      'row[0].preis': ['Preis', 4.5],
      'row[1].menge': ['Menge', 10],
      'row[1].preis': ['Preis', 1234.56],
    });
  });

  it('takes the header under a title line and blank lines, not the title', async () => {
    const { run } = await uploadAndRead(
      Buffer.from('Orders export - March 2024\n\norder,customer,total\n1001,Acme GmbH,120.00\n\n1002,Globex SA,80.50\n'),
      'orders.csv',
    );
    expect(cells(run.items)).toEqual({
      'row[0].order': ['order', 1001],
      'row[0].customer': ['customer', 'Acme GmbH'],
      'row[0].total': ['total', 120],
      'row[1].order': ['order', 1002],
      'row[1].customer': ['customer', 'Globex SA'],
      'row[1].total': ['total', 80.5],
    });
  });

  it('calls a table under two title lines a CSV, as the reader reads it', async () => {
    const text = 'Umsatzbericht Q1\nStand: 31.03.2024\n\nRegion;Umsatz\nNord;12.500,00\nSüd;8.000,50\nOst;0,00\n';
    const { verdict, run } = await uploadAndRead(Buffer.from(text), 'bericht.csv');
    expect(verdict).toMatchObject({ valid: true, detected: { kind: 'csv' } });
    expect(run.errors).toEqual([]);
    expect(cells(run.items)).toMatchObject({ 'row[0].umsatz': ['Umsatz', 12500], 'row[2].region': ['Region', 'Ost'] });
  });
});

describe('awkward workbooks', () => {
  it('skips a merged title row and names every column under a merged header cell', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sales');
    ws.addRow(['Quarterly sales by customer']);
    ws.mergeCells('A1:C1');
    ws.addRow(['Customer', null, 'Amount']);
    ws.mergeCells('A2:B2');
    ws.addRow(['Acme', 'GmbH', 1200]);
    const { verdict, run } = await uploadAndRead(Buffer.from(await wb.xlsx.writeBuffer()), 'sales.xlsx');
    expect(verdict).toMatchObject({ valid: true, detected: { kind: 'xlsx' } });
    const pairs = run.items.filter((i) => i.value_state === 'present' && i.key.startsWith('row[')).map((i) => [i.label, i.value]);
    expect(pairs).toEqual([
      ['Customer', 'Acme'],
      ['Customer', 'GmbH'],
      ['Amount', 1200],
    ]);
  });
});
