/**
 * Invoice line items from a table whose headers name a description and an amount (and maybe a
 * quantity and a unit price), in any of the label languages: `line_items[i].<role>` items with
 * the cells' anchors. Rows below the items labelled subtotal/total, or such lines in the text,
 * give the totals the items are checked against; a mismatch (a row whose quantity × unit price
 * is not its amount, or amounts that do not add up to the subtotal or total) is a warning, and
 * the line items' confidence drops below the review threshold so a person looks at them.
 */
import { assignOccurrences, makeConfidence, makeItem } from '../items.js';
import type { SheetCell, SheetData } from '../sheet-reader.js';
import type { ExtractedItem, ProcessingWarning } from '../types.js';
import { parseMoney, parseNumber } from '../value-parsers.js';
import { LINE_ITEM_HEADERS, type LineItemRole, SUBTOTAL_LABELS, TOTAL_LABELS, normalizeHeader } from './line-item-labels.js';

const MATCHED = 0.9;
/** Below `review_below_confidence` (0.8): a line item that does not add up is reviewed. */
const MISMATCHED = 0.5;

/** The number a cell or text shows (money or plain, any of the common formats), or null. */
export function amountOf(text: string): number | null {
  const t = text.trim();
  return parseMoney(t)?.amount ?? parseNumber(t);
}

const ROLE_LABELS: Record<LineItemRole, string> = { description: 'Description', quantity: 'Quantity', unit_price: 'Unit price', amount: 'Amount' };
const ROLE_ORDER: LineItemRole[] = ['quantity', 'unit_price', 'amount', 'description'];

/** Column → role from the header row; each role once, the first column that names it. */
function headerRoles(header: SheetCell[]): Map<number, LineItemRole> {
  const roles = new Map<number, LineItemRole>();
  for (const role of ROLE_ORDER) {
    const hit = header.find((c) => !roles.has(c.column) && LINE_ITEM_HEADERS[role].includes(normalizeHeader(c.text)));
    if (hit) roles.set(hit.column, role);
  }
  return roles;
}

const isLabel = (text: string, labels: string[]): boolean => labels.includes(normalizeHeader(text).replace(/ \d+( \d+)?$/, ''));

/** Subtotal and total printed in the text as "Label: 1,234.56" lines (the last such line of each). */
function totalsInText(text: string): { subtotal: number | null; total: number | null } {
  const out = { subtotal: null as number | null, total: null as number | null };
  for (const line of text.split(/\n|\f/)) {
    const m = /^\s*([^\d:]{2,40}?)\s*:?\s+([-\p{Sc}A-Z]{0,4}\s?[\d.,' \u00a0]+\d(?:\s?[\p{Sc}A-Z]{1,4})?)\s*$/u.exec(line);
    if (!m) continue;
    const n = amountOf(m[2]);
    if (n === null) continue;
    if (isLabel(m[1], SUBTOTAL_LABELS)) out.subtotal = n;
    else if (isLabel(m[1], TOTAL_LABELS)) out.total = n;
  }
  return out;
}

interface Found {
  rows: Array<Map<LineItemRole, SheetCell>>;
  subtotal: number | null;
  total: number | null;
}

function lineItemRows(sheet: SheetData): Found | null {
  const [header, ...data] = sheet.rows;
  if (!header) return null;
  const roles = headerRoles(header.cells);
  const roleSet = new Set(roles.values());
  if (!roleSet.has('description') || !roleSet.has('amount')) return null;
  const found: Found = { rows: [], subtotal: null, total: null };
  for (const row of data) {
    const label = row.cells.find((c) => c.text.trim() !== '' && amountOf(c.text) === null)?.text ?? '';
    const amountCell = row.cells.find((c) => roles.get(c.column) === 'amount') ?? [...row.cells].reverse().find((c) => amountOf(c.text) !== null);
    const value = amountCell ? amountOf(amountCell.text) : null;
    if (isLabel(label, SUBTOTAL_LABELS)) found.subtotal = value;
    else if (isLabel(label, TOTAL_LABELS)) found.total = value;
    if (isLabel(label, SUBTOTAL_LABELS) || isLabel(label, TOTAL_LABELS) || found.subtotal !== null || found.total !== null) continue;
    const cells = new Map<LineItemRole, SheetCell>();
    for (const c of row.cells) {
      const role = roles.get(c.column);
      if (role) cells.set(role, c);
    }
    const amount = cells.get('amount');
    if (amount && amountOf(amount.text) !== null) found.rows.push(cells);
  }
  return found.rows.length > 0 ? found : null;
}

/** The problems of a set of line items, as messages; none when everything adds up. */
function mismatches(found: Found): string[] {
  const problems: string[] = [];
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= 0.011 + Math.abs(b) * 1e-6;
  found.rows.forEach((r, i) => {
    const [q, p, a] = [r.get('quantity'), r.get('unit_price'), r.get('amount')].map((c) => (c ? amountOf(c.text) : null));
    if (q !== null && p !== null && a !== null && !near(Math.round(q * p * 100) / 100, a)) problems.push(`line ${i + 1}: ${q} × ${p} is not ${a}`);
  });
  const sum = Math.round(found.rows.reduce((s, r) => s + (amountOf(r.get('amount')?.text ?? '') ?? 0), 0) * 100) / 100;
  const against = found.subtotal ?? found.total;
  if (against !== null && !near(sum, against))
    problems.push(`the line amounts add up to ${sum}, the ${found.subtotal !== null ? 'subtotal' : 'total'} says ${against}`);
  return problems;
}

/** Line-item items of the first table that has line-item headers, checked against the totals in it or in `text`. */
export function invoiceLineItems(sheets: SheetData[], text: string): { items: ExtractedItem[]; warnings: ProcessingWarning[] } {
  for (const sheet of sheets) {
    const found = lineItemRows(sheet);
    if (!found) continue;
    if (found.subtotal === null && found.total === null) Object.assign(found, totalsInText(text));
    const problems = mismatches(found);
    const items: ExtractedItem[] = [];
    found.rows.forEach((cells, i) => {
      for (const [role, cell] of cells) {
        const numeric = role !== 'description' ? amountOf(cell.text) : null;
        items.push(
          makeItem({
            key: `line_items[${i}].${role}`,
            label: ROLE_LABELS[role],
            value_type: role === 'description' ? 'string' : 'number',
            value: role === 'description' ? cell.text : numeric,
            raw_text: cell.text,
            text_source: sheet.text_source ?? 'native',
            anchors: [{ kind: 'sheet_cell', sheet: sheet.name, ref: cell.ref, row: cell.row, column: cell.column }, ...(cell.anchors ?? [])],
            confidence: makeConfidence('table_cell', problems.length > 0 ? MISMATCHED : MATCHED),
          }),
        );
      }
    });
    const warnings = problems.map((message) => ({ code: 'line_items_mismatch', message, page_number: null }));
    return { items: assignOccurrences(items), warnings };
  }
  return { items: [], warnings: [] };
}
