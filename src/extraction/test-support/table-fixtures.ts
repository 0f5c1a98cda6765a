/**
 * Table fixtures built by the tests: an xlsx with an empty header cell (exceljs), and PDFs of
 * ruled and unruled tables made by LibreOffice from HTML written here (no committed binaries).
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';

/** An xlsx whose header row leaves column B empty while its data rows fill it. */
export async function makeXlsxWithEmptyHeader(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Items');
  ws.addRow(['Item', null, 'Amount']);
  ws.addRow(['Widget', 'blue', 10]);
  ws.addRow(['Gadget', 'red', 20]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A table to print: header, rows, whether its borders are drawn, and lines of text under it. */
export interface TableSpec {
  headers: string[];
  rows: string[][];
  ruled: boolean;
  after?: string[];
  title?: string;
  /** Per-column alignment of header and cells; headers centred and cells left when absent. */
  align?: Array<'left' | 'right' | 'center'>;
  /** Table width (HTML), 100% when absent: narrower tables wrap long cells over lines. */
  width?: string;
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML LibreOffice prints a table spec from: ruled tables with a 1-pt grid, unruled ones spread over the page width. */
export function tableHtml(spec: TableSpec): string {
  // Headers as browsers print them (centred) unless the spec aligns columns; numbers to the right when it says so.
  const align = (i: number, header: boolean): string => (spec.align ? ` align="${spec.align[i]}"` : header ? '' : ' align="left"');
  const cells = (tag: string, row: string[]): string =>
    `<tr valign="top">${row.map((c, i) => `<${tag}${align(i, tag === 'th')}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
  const width = spec.width ?? '100%';
  const attrs = spec.ruled ? `border="1" cellspacing="0" cellpadding="4" width="${width}"` : `border="0" cellspacing="0" cellpadding="2" width="${width}"`;
  return [
    '<html><body style="font-family: Liberation Sans; font-size: 10pt">',
    `<p>${escapeHtml(spec.title ?? 'Northwind Traders, invoice 2026-114')}</p><p>&nbsp;</p>`,
    `<table ${attrs}>${cells('th', spec.headers)}${spec.rows.map((r) => cells('td', r)).join('')}</table>`,
    ...(spec.after ?? []).map((l) => `<p>${escapeHtml(l)}</p>`),
    '</body></html>',
  ].join('\n');
}

/** True when LibreOffice is installed (the PDF table tests skip, saying so, without it). */
export const HAVE_SOFFICE = spawnSync('sh', ['-c', 'command -v soffice'], { stdio: 'ignore' }).status === 0;

/** Prints HTML to PDF with LibreOffice Writer (a throw-away profile, so parallel runs never share a lock). */
export async function htmlToPdf(html: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-tables-'));
  try {
    await writeFile(join(dir, 'table.html'), html);
    const profile = `file://${join(dir, 'profile')}`;
    const args = [`-env:UserInstallation=${profile}`, '--headless', '--norestore', '--infilter=HTML (StarWriter)', '--convert-to', 'pdf', '--outdir', dir];
    await promisify(execFile)('soffice', [...args, join(dir, 'table.html')], { timeout: 120_000 });
    return await readFile(join(dir, 'table.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The generated set the table finder is measured on: ruled and unruled, 2 to 5 columns, with and without totals. */
export const TABLE_SPECS: TableSpec[] = [
  {
    headers: ['Description', 'Quantity', 'Unit price', 'Amount'],
    rows: [
      ['Consulting hours', '10', '95.00', '950.00'],
      ['Travel expenses', '1', '120.50', '120.50'],
      ['Software licence', '3', '40.00', '120.00'],
    ],
    ruled: true,
    after: ['Subtotal: 1,190.50', 'Total: 1,416.70'],
  },
  {
    headers: ['Beschreibung', 'Menge', 'Einzelpreis', 'Betrag'],
    rows: [
      ['Beratung', '4', '80,00', '320,00'],
      ['Schulung vor Ort', '2', '450,00', '900,00'],
      ['Reisekosten', '1', '75,50', '75,50'],
    ],
    ruled: false,
    after: ['Zwischensumme: 1.295,50', 'Gesamtbetrag: 1.541,65'],
  },
  {
    headers: ['Code', 'Region', 'Units', 'Revenue', 'Margin'],
    rows: [
      ['N-01', 'North', '120', '4,800.00', '12%'],
      ['S-07', 'South', '95', '3,610.00', '9%'],
      ['E-12', 'East', '143', '6,006.00', '14%'],
      ['W-03', 'West', '77', '2,695.00', '7%'],
    ],
    ruled: false,
  },
  {
    headers: ['Désignation', 'Qté', 'Prix unitaire', 'Montant'],
    rows: [
      ['Maintenance annuelle', '1', '1 200,00', '1 200,00'],
      ['Pièces détachées', '6', '35,00', '210,00'],
    ],
    ruled: true,
    after: ['Sous-total : 1 410,00'],
  },
  {
    headers: ['Name', 'Role', 'Start date'],
    rows: [
      ['Ada Lovelace', 'Analyst', '2026-01-05'],
      ['Alan Turing', 'Engineer', '2026-02-01'],
      ['Grace Hopper', 'Lead', '2026-03-15'],
    ],
    ruled: true,
  },
  {
    headers: ['Omschrijving', 'Aantal', 'Prijs', 'Bedrag'],
    rows: [
      ['Jaarlijks onderhoud van de centrale verwarmingsinstallatie in het hoofdgebouw', '1', '640,00', '640,00'],
      ['Filters', '4', '12,50', '50,00'],
      ['Voorrijkosten', '', '', '35,00'],
    ],
    ruled: true,
    width: '60%',
    after: ['Subtotaal: 725,00'],
  },
  {
    headers: ['Descrizione', 'Quantità', 'Prezzo unitario', 'Importo'],
    rows: [
      ['Licenza annuale', '2', '150,00', '300,00'],
      ['Supporto tecnico', '10', '45,00', '450,00'],
      ['Formazione', '1', '1.250,00', '1.250,00'],
    ],
    ruled: false,
    align: ['left', 'right', 'right', 'right'],
    after: ['Totale: 2.000,00'],
  },
  {
    headers: ['Date', 'Reference', 'Debit', 'Credit', 'Balance'],
    rows: [
      ['2026-03-01', 'Opening balance', '', '', '1,000.00'],
      ['2026-03-04', 'Card payment 4471', '45.20', '', '954.80'],
      ['2026-03-09', 'Salary March', '', '2,400.00', '3,354.80'],
      ['2026-03-15', 'Rent', '950.00', '', '2,404.80'],
    ],
    ruled: false,
    align: ['left', 'left', 'right', 'right', 'right'],
  },
];

/** Awkward CSVs with the grid a person reads in each (header first): the CSV cell accuracy set. */
export const CSV_CASES: Array<{ name: string; bytes: Buffer; grid: string[][] }> = [
  {
    name: 'multiline.csv',
    bytes: Buffer.from('id,description,amount\n1,"Widget, large\nwith a second line",10.00\n2,Plain,5.00\n'),
    grid: [
      ['id', 'description', 'amount'],
      ['1', 'Widget, large\nwith a second line', '10.00'],
      ['2', 'Plain', '5.00'],
    ],
  },
  {
    name: 'uneven.csv',
    bytes: Buffer.from('name;city;amount\nAlice;Berlin;10\nBob;Paris\nCarol;Rome;30;late fee\nDan;Oslo;40\n'),
    grid: [
      ['name', 'city', 'amount', 'Column 4'],
      ['Alice', 'Berlin', '10', ''],
      ['Bob', 'Paris', '', ''],
      ['Carol', 'Rome', '30', 'late fee'],
      ['Dan', 'Oslo', '40', ''],
    ],
  },
  {
    name: 'noheader.csv',
    bytes: Buffer.from('id,,amount\n1,first note,10\n2,second note,20\n'),
    grid: [
      ['id', 'Column 2', 'amount'],
      ['1', 'first note', '10'],
      ['2', 'second note', '20'],
    ],
  },
  {
    name: 'latin.csv',
    bytes: Buffer.from('name|city|amount\nZoë|Malmö|12\nRené|Zürich|13\n', 'latin1'),
    grid: [
      ['name', 'city', 'amount'],
      ['Zoë', 'Malmö', '12'],
      ['René', 'Zürich', '13'],
    ],
  },
  {
    name: 'utf16.tsv',
    bytes: Buffer.from('code\tlabel\tprice\nA1\tÉclair\t2.50\nB2\tTörtchen\t3.10\n', 'utf16le'),
    grid: [
      ['code', 'label', 'price'],
      ['A1', 'Éclair', '2.50'],
      ['B2', 'Törtchen', '3.10'],
    ],
  },
  {
    name: 'excel.csv',
    bytes: Buffer.from('sep=;\nArtikel;Preis\n"Kaffee; gemahlen";4,99\nTee;2,50\n'),
    grid: [
      ['Artikel', 'Preis'],
      ['Kaffee; gemahlen', '4,99'],
      ['Tee', '2,50'],
    ],
  },
  {
    name: 'bom-utf16.csv',
    bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b,c\n"x\ny",2,3\n4,5,6\n', 'utf16le')]),
    grid: [
      ['a', 'b', 'c'],
      ['x\ny', '2', '3'],
      ['4', '5', '6'],
    ],
  },
];
