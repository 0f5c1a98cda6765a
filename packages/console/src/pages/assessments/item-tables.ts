/**
 * Items that are cells of a table — a table's rows (`row[i].<column>`, a sheet's or a PDF
 * table's, prefixed by the sheet when there are several) and an invoice's line items
 * (`line_items[i].<role>`) — gathered into grids: one row per index, one column per field,
 * named by the items' labels (the table's header text or the line-item role).
 */
import type { ExtractedItem } from '@quire/client';
import { sheetCells } from './item-anchors';

const CELL_KEY = /^(.*?)(row|line_items)\[(\d+)\]\.([^.[\]]+)$/;

export interface ItemTable {
  id: string;
  /** The caption, also the table's accessible name. */
  title: string;
  /** What the leading column counts: "Line" (1, 2, …) or "Row" (the sheet's row numbers when known). */
  rowHeader: 'Line' | 'Row';
  columns: Array<{ field: string; label: string }>;
  rows: Array<{ label: string; cells: Map<string, ExtractedItem> }>;
}

export function itemTables(items: readonly ExtractedItem[]): ItemTable[] {
  const tables = new Map<
    string,
    {
      kind: string;
      prefix: string;
      sheet: string | null;
      byRow: Map<number, Map<string, ExtractedItem>>;
      columns: Map<string, { label: string; order: number }>;
    }
  >();
  for (const item of items) {
    const match = CELL_KEY.exec(item.key);
    if (!match) continue;
    const [, prefix, kind, index, field] = match;
    const id = `${prefix}${kind}`;
    let table = tables.get(id);
    if (!table) {
      table = { kind, prefix, sheet: sheetCells(item)[0]?.sheet ?? null, byRow: new Map(), columns: new Map() };
      tables.set(id, table);
    }
    const row = Number(index);
    if (!table.byRow.has(row)) table.byRow.set(row, new Map());
    table.byRow.get(row)?.set(field, item);
    // Columns in the order of the sheet's columns when the items say where they are, else as met.
    if (!table.columns.has(field)) table.columns.set(field, { label: item.label || field, order: sheetCells(item)[0]?.column ?? table.columns.size + 1_000 });
  }
  return [...tables.entries()].map(([id, t]) => {
    const lineItems = t.kind === 'line_items';
    const where = t.prefix.replace(/\.$/, '');
    const title = lineItems ? (where ? `Line items (${where})` : 'Line items') : `Table ${t.sheet ?? where ?? ''}`.trim();
    const rows = [...t.byRow.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, cells]) => {
        const sheetRow = lineItems ? undefined : [...cells.values()].map((c) => sheetCells(c)[0]?.row).find((r) => r !== undefined);
        return { label: String(sheetRow ?? index + 1), cells };
      });
    const columns = [...t.columns.entries()].sort(([, a], [, b]) => a.order - b.order).map(([field, c]) => ({ field, label: c.label }));
    return { id, title, rowHeader: lineItems ? ('Line' as const) : ('Row' as const), columns, rows };
  });
}
