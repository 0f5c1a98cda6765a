/**
 * The awkward-spreadsheet part of the gold set (issue 32, item 6): CSV and .xlsx files the
 * project writes itself, each with the table a person reads in it. Shapes come from what breaks
 * readers: quoted cells over several lines, uneven rows, columns under an empty header cell,
 * ; tab | delimiters, Windows-1252 / Latin-1 and UTF-8-with-BOM encodings, decimal commas, title
 * rows above the header, blank lines; workbooks with several sheets, merged header cells, dates
 * and formulas' cached values (xlsx-cases.ts).
 */
import type { JsonValue } from '../../../src/extraction/types.js';
import { XLSX_CASES } from './xlsx-cases.js';

/** One table a person reads in a file: its header names and its data rows (null: an empty cell). */
export interface GoldTable {
  /** The sheet's key prefix in Quire's items (`orders.` for the sheet "Orders" of several), or '' for the only one. */
  prefix: string;
  headers: string[];
  rows: Array<Array<JsonValue | null>>;
}

export interface SpreadsheetCase {
  /** File name as uploaded (its extension is what a user's file would have). */
  filename: string;
  /** What is awkward about it. */
  what: string;
  bytes: () => Promise<Buffer>;
  /** Processor options a user would set (e.g. `sheets: 'all'` for a workbook of several sheets). */
  options?: Record<string, unknown>;
  tables: GoldTable[];
}

const money = (amount: number, currency: string): JsonValue => ({ amount, currency });
/** Windows-1252's bytes 0x80–0x9F that are not Latin-1 (the ones these files use). */
const CP1252_EXTRA: Record<string, number> = { '€': 0x80, '„': 0x84, '“': 0x93, '”': 0x94, '–': 0x96 };
/** Text as Windows-1252 bytes (Latin-1 for the rest, which both share). */
const cp1252 = (text: string): Buffer => Buffer.from([...text].map((ch) => CP1252_EXTRA[ch] ?? ch.charCodeAt(0)));
const csv = (text: string, encoding: 'utf8' | 'cp1252' = 'utf8', bom = false): (() => Promise<Buffer>) => {
  const body = encoding === 'utf8' ? Buffer.from(text, 'utf8') : cp1252(text);
  return () => Promise.resolve(bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body);
};

export const CSV_GOLD: SpreadsheetCase[] = [
  {
    filename: 'multiline-notes.csv',
    what: 'quoted cells over several lines, escaped quotes, CRLF row ends',
    bytes: csv('id,description,amount\r\n1,"Widget, large\nwith a second line",10.50\r\n2,"He said ""fine""",5\r\n3,"Three\nline\nnote",7.25\r\n'),
    tables: [
      {
        prefix: '',
        headers: ['id', 'description', 'amount'],
        rows: [
          [1, 'Widget, large\nwith a second line', 10.5],
          [2, 'He said "fine"', 5],
          [3, 'Three\nline\nnote', 7.25],
        ],
      },
    ],
  },
  {
    filename: 'uneven-rows.csv',
    what: 'rows shorter and longer than the header (semicolons)',
    bytes: csv('name;city;amount\nAlice;Berlin;10\nBob;Paris\nCarol;Rome;30;late fee\nDan;Oslo;40\n'),
    tables: [
      {
        prefix: '',
        headers: ['name', 'city', 'amount', 'Column 4'],
        rows: [
          ['Alice', 'Berlin', 10, null],
          ['Bob', 'Paris', null, null],
          ['Carol', 'Rome', 30, 'late fee'],
          ['Dan', 'Oslo', 40, null],
        ],
      },
    ],
  },
  {
    filename: 'empty-headers.csv',
    what: 'two columns under empty header cells',
    bytes: csv('sku,,qty,\nA-1,blue,3,urgent\nB-2,red,12,\nC-3,,1,call first\n'),
    tables: [
      {
        prefix: '',
        headers: ['sku', 'Column 2', 'qty', 'Column 4'],
        rows: [
          ['A-1', 'blue', 3, 'urgent'],
          ['B-2', 'red', 12, null],
          ['C-3', null, 1, 'call first'],
        ],
      },
    ],
  },
  {
    filename: 'artikel-1252.csv',
    what: 'Windows-1252, semicolons, decimal commas with dot thousands',
    bytes: csv('Artikel;Menge;Preis;Betrag\nKäse;2;4,50;9,00\nBrötchen;10;0,35;3,50\nSüßwaren „fein“;1;1.234,56;1.234,56 €\n', 'cp1252'),
    tables: [
      {
        prefix: '',
        headers: ['Artikel', 'Menge', 'Preis', 'Betrag'],
        rows: [
          ['Käse', 2, 4.5, 9],
          ['Brötchen', 10, 0.35, 3.5],
          ['Süßwaren „fein“', 1, 1234.56, money(1234.56, 'EUR')],
        ],
      },
    ],
  },
  {
    filename: 'villes-bom.tsv',
    what: 'UTF-8 with a byte order mark, tab-separated, accented header',
    bytes: csv('Nom\tVille\tMontant dû\nÉlodie\tSaint-Étienne\t12.5\nFrançoise\tBesançon\t1000\nZoë\tŁódź\t-3.75\n', 'utf8', true),
    tables: [
      {
        prefix: '',
        headers: ['Nom', 'Ville', 'Montant dû'],
        rows: [
          ['Élodie', 'Saint-Étienne', 12.5],
          ['Françoise', 'Besançon', 1000],
          ['Zoë', 'Łódź', -3.75],
        ],
      },
    ],
  },
  {
    filename: 'beloeb-latin1.csv',
    what: 'Latin-1 (no byte above 0x7F outside Latin-1), pipe-delimited',
    bytes: csv('navn|by|beløb\nSøren|Århus|100\nÅse|Ærø|250.75\nJosé|Cádiz|0.5\n', 'cp1252'),
    tables: [
      {
        prefix: '',
        headers: ['navn', 'by', 'beløb'],
        rows: [
          ['Søren', 'Århus', 100],
          ['Åse', 'Ærø', 250.75],
          ['José', 'Cádiz', 0.5],
        ],
      },
    ],
  },
  {
    filename: 'orders-export.csv',
    what: 'a title row above the header, blank lines between and after the rows',
    bytes: csv('Orders export - March 2024\n\norder,customer,total\n1001,Acme GmbH,120.00\n\n1002,Globex SA,80.50\n1003,Initech,15\n\n'),
    tables: [
      {
        prefix: '',
        headers: ['order', 'customer', 'total'],
        rows: [
          [1001, 'Acme GmbH', 120],
          [1002, 'Globex SA', 80.5],
          [1003, 'Initech', 15],
        ],
      },
    ],
  },
  {
    filename: 'umsatzbericht.csv',
    what: 'two title lines (a title and a date) above the header, semicolons, decimal commas, a money column',
    bytes: csv(
      'Umsatzbericht Q1\nStand: 31.03.2024\n\nRegion;Umsatz;Kosten;Marge\nNord;12.500,00;9.800,25;2.699,75\nSüd;8.000,50;7.950,00;50,50\nOst;0,00;120,00;-120,00\nWest;1.000,00 €;900,00 €;100,00 €\n',
    ),
    tables: [
      {
        prefix: '',
        headers: ['Region', 'Umsatz', 'Kosten', 'Marge'],
        rows: [
          ['Nord', 12500, 9800.25, 2699.75],
          ['Süd', 8000.5, 7950, 50.5],
          ['Ost', 0, 120, -120],
          ['West', money(1000, 'EUR'), money(900, 'EUR'), money(100, 'EUR')],
        ],
      },
    ],
  },
];

/** The whole awkward-spreadsheet gold set: the CSVs above and the workbooks. */
export const SPREADSHEET_GOLD: SpreadsheetCase[] = [...CSV_GOLD, ...XLSX_CASES];
