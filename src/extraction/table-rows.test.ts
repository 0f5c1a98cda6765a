import { describe, expect, it } from 'vitest';
import { runProcessor } from './processor-catalog.js';
import type { ExtractedItem, SheetCellAnchor } from './types.js';
import { makeXlsx } from './test-support/fixtures.js';

const byKey = (items: ExtractedItem[], key: string): ExtractedItem => {
  const it = items.find((i) => i.key === key);
  if (!it) throw new Error(`no item ${key}; keys: ${items.map((i) => i.key).join(', ')}`);
  return it;
};
const cell = (it: ExtractedItem): SheetCellAnchor => {
  const a = it.provenance.anchors[0];
  if (a.kind !== 'sheet_cell') throw new Error('no sheet_cell');
  return a;
};

describe('prc_table_rows on xlsx', () => {
  it('keys cells row[i].<header> with sheet_cell anchors, formula results, dates and money formats', async () => {
    const r = await runProcessor('prc_table_rows', { bytes: await makeXlsx(), kind: 'xlsx', filename: 'book.xlsx' });
    expect(r.errors).toEqual([]);
    const date = byKey(r.items, 'row[1].date');
    expect(date).toMatchObject({ value_type: 'date', value: '2026-02-01' });
    expect(cell(date)).toEqual({ kind: 'sheet_cell', sheet: 'Invoices', ref: 'B3', row: 3, column: 2 });
    const formula = byKey(r.items, 'row[1].amount');
    expect(formula).toMatchObject({ value_type: 'money', value: { amount: 201, currency: 'USD' }, value_text: '201.00 USD' });
    expect(cell(formula).ref).toBe('C3');
    expect(byKey(r.items, 'row[0].amount').value).toEqual({ amount: 100.5, currency: 'USD' });
    expect(byKey(r.items, 'row[0].paid')).toMatchObject({ value_type: 'boolean', value: true });
    expect(byKey(r.items, 'row[0].invoice').value).toBe('INV-1');
    expect(r.items).toHaveLength(8);
    expect(r.items[0].confidence).toMatchObject({ method: 'table_cell', calibrated: false });
    expect(r.engine_versions.exceljs).toBe('4.4.0');
  });

  it('groups by a header mapping (occurrence_index = data row)', async () => {
    const r = await runProcessor('prc_table_rows', {
      bytes: await makeXlsx(),
      kind: 'xlsx',
      options: { mapping: { Amount: 'invoice.total', Invoice: 'invoice.number' } },
    });
    const totals = r.items.filter((i) => i.key === 'invoice.total');
    expect(totals.map((t) => [t.occurrence_index, t.value_text, cell(t).ref])).toEqual([
      [0, '100.50 USD', 'C2'],
      [1, '201.00 USD', 'C3'],
    ]);
    expect(r.items.filter((i) => i.key === 'invoice.number')).toHaveLength(2);
    expect(r.items).toHaveLength(4);
  });
});

describe('prc_table_rows on csv', () => {
  it('reads rows with typed fields and A1-style anchors', async () => {
    const csv = 'name,amount,date,email\nAlice,12.50,2026-01-05,alice@example.test\nBob,"1,200.00",2026-02-01,\n';
    const r = await runProcessor('prc_table_rows', { bytes: Buffer.from(csv), kind: 'csv', filename: 'people.csv' });
    const amount = byKey(r.items, 'row[1].amount');
    expect(amount).toMatchObject({ value_type: 'number', value: 1200, raw_text: '1,200.00' });
    expect(cell(amount)).toEqual({ kind: 'sheet_cell', sheet: 'csv', ref: 'B3', row: 3, column: 2 });
    expect(byKey(r.items, 'row[0].date').value).toBe('2026-01-05');
    expect(byKey(r.items, 'row[0].email')).toMatchObject({ value_type: 'email', value: 'alice@example.test' });
    const blank = byKey(r.items, 'row[1].email');
    expect(blank).toMatchObject({ value_state: 'blank', value: null });
    expect(cell(blank).ref).toBe('D3');
    expect(blank.confidence.overall).toBeNull();
  });

  it('detects a semicolon delimiter', async () => {
    const r = await runProcessor('prc_table_rows', { bytes: Buffer.from('a;b\n1;2\n'), kind: 'csv' });
    expect(byKey(r.items, 'row[0].b').value).toBe(2);
  });

  it('prc_generic_fields reads label/value cells in a sheet', async () => {
    const r = await runProcessor('prc_generic_fields', { bytes: Buffer.from('Vendor,Contoso Ltd\nTotal,$110.00\n'), kind: 'csv' });
    const total = byKey(r.items, 'invoice.total');
    expect(total.value).toEqual({ amount: 110, currency: 'USD' });
    expect(cell(total).ref).toBe('B2');
  });
});
