/**
 * Unruled tables ("stream", after tabula and camelot): consecutive lines split into several
 * segments by column-wide gaps, whose segments line up in columns. Columns are the x-extents of
 * the fullest rows' segments merged where they overlap; every segment joins the column it
 * overlaps most. A one-segment line between two table rows continues the cell above it (a
 * wrapped description).
 */
import type { PositionedLine, PositionedPage, PositionedWord } from '../pdf-text-model.js';
import { round4 } from '../text-quality.js';
import { unionBoxes } from '../layout.js';
import { type FoundCell, type FoundTable, cellText } from './table-model.js';

/** A gap wider than this many line heights separates two cells (a word space is about 0.3). */
const CELL_GAP_EM = 1.0;
/** Lines further apart than this many line heights end a table. */
const ROW_GAP_EM = 2.2;
/** Fewest columns and rows (header included) an aligned table has: two columns are label/value pairs, not a table. */
const MIN_COLUMNS = 3;
const MIN_ROWS = 2;

interface Row {
  line: PositionedLine;
  segments: PositionedWord[][];
}

function segmentsOf(page: PositionedPage, line: PositionedLine): PositionedWord[][] {
  const segs: PositionedWord[][] = [];
  for (const w of line.words) {
    const last = segs[segs.length - 1];
    const prev = last?.[last.length - 1];
    const gap = prev ? (w.box.x - (prev.box.x + prev.box.w)) * page.width : Infinity;
    if (!last || gap > CELL_GAP_EM * line.height) segs.push([w]);
    else last.push(w);
  }
  return segs;
}

const extent = (seg: PositionedWord[]): [number, number] => [Math.min(...seg.map((w) => w.box.x)), Math.max(...seg.map((w) => w.box.x + w.box.w))];

/**
 * Column bands: the fullest data rows' segment extents, merged where they overlap. The header row
 * is left out when there are data rows: headers are often centred over right-aligned numbers, and
 * would split one column into two.
 */
function columnBands(rows: Row[]): Array<[number, number]> {
  const data = rows.length > 1 ? rows.slice(1) : rows;
  const most = Math.max(...data.map((r) => r.segments.length));
  const spans = data.filter((r) => r.segments.length === most).flatMap((r) => r.segments.map(extent));
  spans.sort((a, b) => a[0] - b[0]);
  const bands: Array<[number, number]> = [];
  for (const s of spans) {
    const last = bands[bands.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else bands.push([s[0], s[1]]);
  }
  return bands;
}

/** The band a segment overlaps most (nearest by centre when it overlaps none). */
function bandOf(seg: PositionedWord[], bands: Array<[number, number]>): number {
  const [a, b] = extent(seg);
  let best = 0;
  let bestScore = -Infinity;
  bands.forEach(([x0, x1], i) => {
    const overlap = Math.min(b, x1) - Math.max(a, x0);
    const score = overlap > 0 ? overlap : -Math.abs((a + b) / 2 - (x0 + x1) / 2);
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  return best;
}

function tableOfRows(page: PositionedPage, run: Row[][]): FoundTable | null {
  // A table starts at its header, a row with a cell per column: label/value lines just above it are not part of it.
  const start = run.findIndex((g) => g[0].segments.length >= MIN_COLUMNS);
  const rows = start < 0 ? [] : run.slice(start);
  if (rows.length < MIN_ROWS) return null;
  const full = rows.map((r) => r[0]);
  const bands = columnBands(full);
  if (bands.length < MIN_COLUMNS || rows.length < MIN_ROWS || full.filter((r) => r.segments.length >= MIN_COLUMNS).length < MIN_ROWS) return null;
  const cells: FoundCell[] = [];
  rows.forEach((group, r) => {
    const byColumn: PositionedWord[][] = bands.map(() => []);
    for (const row of group) for (const seg of row.segments) byColumn[bandOf(seg, bands)].push(...seg);
    byColumn.forEach((words, c) => {
      const box = unionBoxes(words.map((w) => w.box));
      if (box) cells.push({ row: r + 1, column: c + 1, text: cellText(words, page), box, words });
    });
  });
  const box = unionBoxes(cells.map((c) => c.box));
  if (!box) return null;
  return {
    page_number: page.page_number,
    method: 'aligned',
    box: { x: round4(box.x), y: round4(box.y), w: round4(box.w), h: round4(box.h) },
    rows: rows.length,
    columns: bands.length,
    cells,
  };
}

/** Runs of table-like lines: each run is a list of table rows, each row its line plus any continuation lines. */
function candidateRuns(page: PositionedPage, lines: PositionedLine[]): Row[][][] {
  const rows = lines.map((line) => ({ line, segments: segmentsOf(page, line) }));
  const runs: Row[][][] = [];
  let run: Row[][] = [];
  const close = (): void => {
    if (run.length > 0) runs.push(run);
    run = [];
  };
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const prev = run.length > 0 ? run[run.length - 1][run[run.length - 1].length - 1].line : null;
    const near = prev !== null && (row.line.box.y - (prev.box.y + prev.box.h)) * page.height <= ROW_GAP_EM * row.line.height;
    if (row.segments.length >= 2) {
      if (!near) close();
      run.push([row]);
      continue;
    }
    const next = rows[i + 1];
    const continues = near && next !== undefined && next.segments.length >= 2 && run.length > 1;
    if (continues) run[run.length - 1].push(row);
    else close();
  }
  close();
  return runs;
}

/** The unruled tables of a page, leaving out lines inside `taken` (the ruled tables' boxes). */
export function findAlignedTables(page: PositionedPage, taken: FoundTable[]): FoundTable[] {
  const free = page.lines.filter(
    (l) => l.words.length > 0 && !taken.some((t) => l.box.y + l.box.h / 2 >= t.box.y && l.box.y + l.box.h / 2 <= t.box.y + t.box.h),
  );
  const tables: FoundTable[] = [];
  for (const run of candidateRuns(page, free)) {
    const t = tableOfRows(page, run);
    if (t) tables.push(t);
  }
  return tables;
}
