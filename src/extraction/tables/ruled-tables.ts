/**
 * Ruled tables ("lattice", after camelot and pdfplumber's `lines` strategy): drawn horizontal and
 * vertical lines that cross form a grid; each grid cell takes the words whose centre it holds.
 * Merged cells are not split: a word belongs to the grid cell it sits in.
 */
import type { PositionedPage, PositionedWord } from '../pdf-text-model.js';
import { round4 } from '../text-quality.js';
import type { PageRulings, Ruling } from './pdf-rulings.js';
import { type FoundCell, type FoundTable, cellText, centreInside } from './table-model.js';

/** How close (normalised) lines must come to count as touching, and positions to count as one. */
const TOUCH = 0.004;

/** Distinct values, those within `tol` of the previous merged into one. */
function clusterPositions(values: number[], tol: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  for (const v of sorted) if (out.length === 0 || v - out[out.length - 1] > tol) out.push(v);
  return out;
}

const crosses = (h: Ruling, v: Ruling): boolean => v.x0 >= h.x0 - TOUCH && v.x0 <= h.x1 + TOUCH && h.y0 >= v.y0 - TOUCH && h.y0 <= v.y1 + TOUCH;

/** Groups of crossing rulings (connected components): one group per table. */
function rulingGroups(r: PageRulings): Array<{ h: Ruling[]; v: Ruling[] }> {
  const all = [...r.horizontal.map((s) => ({ s, h: true })), ...r.vertical.map((s) => ({ s, h: false }))];
  const parent = all.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      if (all[i].h === all[j].h) continue;
      const [h, v] = all[i].h ? [all[i].s, all[j].s] : [all[j].s, all[i].s];
      if (crosses(h, v)) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, { h: Ruling[]; v: Ruling[] }>();
  all.forEach((e, i) => {
    const g = groups.get(find(i)) ?? { h: [], v: [] };
    (e.h ? g.h : g.v).push(e.s);
    groups.set(find(i), g);
  });
  return [...groups.values()];
}

/** The table of one group of rulings, or null when it is no grid of at least 2 × 2 cells with text. */
function gridTable(page: PositionedPage, group: { h: Ruling[]; v: Ruling[] }, words: PositionedWord[]): FoundTable | null {
  const ys = clusterPositions(
    group.h.map((s) => s.y0),
    TOUCH,
  );
  const xs = clusterPositions(
    group.v.map((s) => s.x0),
    TOUCH,
  );
  if (ys.length < 3 || xs.length < 3) return null;
  const cells: FoundCell[] = [];
  let row = 0;
  for (let r = 0; r + 1 < ys.length; r++) {
    const rowCells: FoundCell[] = [];
    for (let c = 0; c + 1 < xs.length; c++) {
      const box = { x: round4(xs[c]), y: round4(ys[r]), w: round4(xs[c + 1] - xs[c]), h: round4(ys[r + 1] - ys[r]) };
      const inside = words.filter((w) => centreInside(w.box, box));
      rowCells.push({ row: row + 1, column: c + 1, text: cellText(inside, page), box, words: inside });
    }
    // A band between two close lines (a double rule) holds no text: it is no row.
    if (rowCells.some((c) => c.words.length > 0)) {
      row++;
      cells.push(...rowCells);
    }
  }
  if (row < 2) return null;
  const box = { x: round4(xs[0]), y: round4(ys[0]), w: round4(xs[xs.length - 1] - xs[0]), h: round4(ys[ys.length - 1] - ys[0]) };
  return { page_number: page.page_number, method: 'ruled', box, rows: row, columns: xs.length - 1, cells };
}

/** The ruled tables of a page, top to bottom. */
export function findRuledTables(page: PositionedPage, rulings: PageRulings | undefined): FoundTable[] {
  if (!rulings || rulings.horizontal.length < 3 || rulings.vertical.length < 3) return [];
  const words = page.lines.flatMap((l) => l.words);
  const tables: FoundTable[] = [];
  for (const g of rulingGroups(rulings)) {
    const t = gridTable(page, g, words);
    if (t) tables.push(t);
  }
  return tables.sort((a, b) => a.box.y - b.box.y);
}
