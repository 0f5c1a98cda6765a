/**
 * Where an uploaded xlsx or csv becomes sheets, and sheets become a layout (one line per row, one
 * segment per cell, `sheet_cell` anchors) and a plain text. `prc_table_rows` reads the sheets
 * themselves; the label rules of the other processors read the layout.
 */
import { decodeTabular } from '../csv-dialect.js';
import { engineVersions } from '../engine-versions.js';
import type { LayoutDocument, LayoutLine } from '../layout.js';
import { nativePage } from '../page-reports.js';
import { procError } from '../processing-error.js';
import { strOpt } from '../processor-options.js';
import { readCsv, readXlsx, type SheetData } from '../sheet-reader.js';
import type { ProcessorInput } from '../types.js';
import { zipBombError } from '../zip-bomb-check.js';
import { type LoadedDocument, unreadDocument } from './loaded-document.js';

/**
 * Reads the sheets of an xlsx or csv input.
 *
 * @throws Error when the xlsx looks like a zip bomb or either kind cannot be parsed.
 */
export async function readSheets(input: ProcessorInput): Promise<SheetData[]> {
  if (input.kind === 'xlsx') {
    const bomb = zipBombError(input.bytes, 'xlsx');
    if (bomb) throw new Error(bomb.message);
    return readXlsx(input.bytes);
  }
  const delimiter = strOpt(input.options, 'delimiter');
  return [readCsv(decodeTabular(input.bytes).text, { name: strOpt(input.options, 'sheet_name') ?? 'csv', delimiter })];
}

/** A layout of sheets: one line per row, one segment per cell, `sheet_cell` anchors. */
export function layoutFromSheets(sheets: SheetData[]): LayoutDocument {
  const lines: LayoutLine[] = [];
  for (const sh of sheets) {
    for (const row of sh.rows) {
      lines.push({
        group: `sheet:${sh.name}`,
        page_number: null,
        y: row.row,
        h: 1,
        segments: row.cells
          .filter((c) => c.text.trim() !== '')
          .map((c) => ({
            text: c.text,
            x0: c.column,
            x1: c.column + 1,
            raw: (a, b) => c.text.slice(a, b),
            anchors: () => [{ kind: 'sheet_cell', sheet: sh.name, ref: c.ref, row: c.row, column: c.column }],
            ocr: () => null,
          })),
      });
    }
  }
  return { lines, text_source: 'native', below_max_gap: 1.5 };
}

/** Plain text of sheets: rows as tab-separated cell texts, sheets separated by a form feed. */
export function sheetsText(sheets: SheetData[]): string {
  return sheets.map((s) => s.rows.map((r) => r.cells.map((c) => c.text).join('\t')).join('\n')).join('\f');
}

/** Loads xlsx / csv as a layout (for label rules); the text is the cells, tab-separated per row. */
export async function loadSheets(input: ProcessorInput): Promise<LoadedDocument> {
  const versions = await engineVersions([input.kind === 'xlsx' ? 'sheet' : 'csv']);
  try {
    const sheets = await readSheets(input);
    return {
      layout: layoutFromSheets(sheets),
      text: sheetsText(sheets),
      pages: [nativePage(null)],
      errors: [],
      warnings: [],
      engine_versions: versions,
      fields: [],
      positioned: [],
    };
  } catch (err) {
    return unreadDocument('native', versions, [procError('corrupt', 'source_unavailable', input.kind, `${input.kind} cannot be read: ${String(err)}`)]);
  }
}
