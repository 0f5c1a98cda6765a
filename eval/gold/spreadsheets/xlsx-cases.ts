/**
 * The workbooks of the awkward-spreadsheet gold set, written with exceljs (the reader's own
 * library, but written here through its writing API): several sheets, merged header and title
 * cells, dates, number formats, and formulas stored with their cached results (as Excel saves
 * them), so the reader must report the result a person sees, not the formula.
 */
import type ExcelJS from 'exceljs';
import type { SpreadsheetCase } from './cases.js';

async function workbook(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const day = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

export const XLSX_CASES: SpreadsheetCase[] = [
  {
    filename: 'orders-and-customers.xlsx',
    what: 'two sheets (read with `sheets: all`), an empty sheet between them',
    options: { sheets: 'all' },
    bytes: () =>
      workbook((wb) => {
        const orders = wb.addWorksheet('Orders');
        orders.addRow(['Order', 'Customer', 'Quantity']);
        orders.addRow(['A-100', 'Acme GmbH', 3]);
        orders.addRow(['A-101', 'Globex SA', 12]);
        wb.addWorksheet('Notes');
        const customers = wb.addWorksheet('Customers');
        customers.addRow(['Customer', 'Country', 'Discount']);
        customers.addRow(['Acme GmbH', 'DE', 0.05]);
        customers.addRow(['Globex SA', 'FR', 0]);
        customers.getColumn(3).numFmt = '0%';
      }),
    tables: [
      {
        prefix: 'orders.',
        headers: ['Order', 'Customer', 'Quantity'],
        rows: [
          ['A-100', 'Acme GmbH', 3],
          ['A-101', 'Globex SA', 12],
        ],
      },
      {
        prefix: 'customers.',
        headers: ['Customer', 'Country', 'Discount'],
        rows: [
          ['Acme GmbH', 'DE', 5],
          ['Globex SA', 'FR', 0],
        ],
      },
    ],
  },
  {
    filename: 'merged-headers.xlsx',
    what: 'a merged title row above the header, a header cell merged over two columns',
    bytes: () =>
      workbook((wb) => {
        const ws = wb.addWorksheet('Sales');
        ws.addRow(['Quarterly sales by customer']);
        ws.mergeCells('A1:D1');
        ws.addRow(['Customer', null, 'Region', 'Amount']);
        ws.mergeCells('A2:B2');
        ws.addRow(['Acme', 'GmbH', 'North', 1200]);
        ws.addRow(['Globex', 'SA', 'South', 950.5]);
        ws.addRow(['Initech', 'Ltd', 'West', 80]);
      }),
    tables: [
      {
        prefix: '',
        headers: ['Customer', 'Customer', 'Region', 'Amount'],
        rows: [
          ['Acme', 'GmbH', 'North', 1200],
          ['Globex', 'SA', 'South', 950.5],
          ['Initech', 'Ltd', 'West', 80],
        ],
      },
    ],
  },
  {
    filename: 'invoice-lines.xlsx',
    what: 'dates, a euro number format, formulas with cached results, a total row, a blank row',
    bytes: () =>
      workbook((wb) => {
        const ws = wb.addWorksheet('Lines');
        ws.addRow(['Date', 'Item', 'Qty', 'Unit price', 'Line total']);
        const lines: Array<[string, string, number, number]> = [
          ['2024-03-01', 'Paper A4', 10, 4.5],
          ['2024-03-04', 'Toner', 2, 61.25],
          ['2024-03-15', 'Stapler', 1, 12],
        ];
        lines.forEach(([d, item, qty, price], i) => {
          const r = i + 2;
          ws.addRow([day(d), item, qty, price, { formula: `C${r}*D${r}`, result: qty * price }]);
        });
        ws.addRow([]);
        ws.addRow([null, 'Total', { formula: 'SUM(C2:C4)', result: 13 }, null, { formula: 'SUM(E2:E4)', result: 179.5 }]);
        ws.getColumn(1).numFmt = 'dd.mm.yyyy';
        ws.getColumn(4).numFmt = '#,##0.00 €';
        ws.getColumn(5).numFmt = '#,##0.00 €';
      }),
    tables: [
      {
        prefix: '',
        headers: ['Date', 'Item', 'Qty', 'Unit price', 'Line total'],
        rows: [
          ['2024-03-01', 'Paper A4', 10, { amount: 4.5, currency: 'EUR' }, { amount: 45, currency: 'EUR' }],
          ['2024-03-04', 'Toner', 2, { amount: 61.25, currency: 'EUR' }, { amount: 122.5, currency: 'EUR' }],
          ['2024-03-15', 'Stapler', 1, { amount: 12, currency: 'EUR' }, { amount: 12, currency: 'EUR' }],
          [null, 'Total', 13, null, { amount: 179.5, currency: 'EUR' }],
        ],
      },
    ],
  },
];
